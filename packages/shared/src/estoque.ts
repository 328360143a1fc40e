/**
 * Stock (spec §7 "Stock"; DOMAIN.md §4; issue #5 items 1–2): the position per unit, the ledger
 * (*movimentações*), lots and expiry, adjustments (*ajuste de estoque*: inventory count or
 * add/remove with a reason) and the bulk conversion (*saída para granel*).
 *
 * Calls (all in the scope's unit):
 * - `GET /api/estoques` (`listEstoquesQuerySchema` → `pageOf(posicaoEstoqueSchema)`)
 * - `GET /api/estoques/resumo` (same filters → `resumoEstoqueSchema`)
 * - `GET /api/estoques/movimentacoes` (`listMovimentacoesEstoqueQuerySchema` →
 *   `pageOf(movimentacaoEstoqueSchema)`)
 * - `GET /api/estoques/lotes` (`listLotesQuerySchema` → `pageOf(loteSchema)`)
 * - `POST /api/estoque/ajuste` (`ajusteEstoqueInputSchema` → `ajusteEstoqueSchema`)
 * - `POST /api/estoques/saida_para_granel` (`saidaGranelInputSchema` → `saidaGranelSchema`)
 *
 * Quantities in the product's unit (3 decimals; whole for units without fractions), money in
 * reais (costs with 4 decimals), dates 'yyyy-MM-dd', instants ISO 8601.
 */
import { z } from 'zod';
import { emptyToUndefined, listQuerySchema, pageOf } from './http.ts';
import { dateInput, listParam, numberInput, optionalUuid, QUANTIDADE_MAXIMA } from './validators.ts';

// ---------------------------------------------------------------------------------------------
// Enumerations
// ---------------------------------------------------------------------------------------------

/** Movement types of the ledger (`movimentacoes_estoque.tipo`). */
export const TIPOS_MOVIMENTACAO_ESTOQUE = [
  'entrada_compra',
  'saida_venda',
  'entrada_devolucao',
  'estorno_venda',
  'ajuste_entrada',
  'ajuste_saida',
  'saida_granel',
  'entrada_granel',
  'cancelamento_compra',
  /** A vaccine dose applied at the clinic (issue #19: registrar vacina). */
  'saida_vacina',
] as const;
export type TipoMovimentacaoEstoque = (typeof TIPOS_MOVIMENTACAO_ESTOQUE)[number];

export const TIPO_MOVIMENTACAO_ESTOQUE_LABEL: Record<TipoMovimentacaoEstoque, string> = {
  entrada_compra: 'Entrada por compra',
  saida_venda: 'Saída por venda',
  entrada_devolucao: 'Entrada por devolução',
  estorno_venda: 'Estorno de venda',
  ajuste_entrada: 'Ajuste de entrada',
  ajuste_saida: 'Ajuste de saída',
  saida_granel: 'Saída para granel',
  entrada_granel: 'Entrada a granel',
  cancelamento_compra: 'Cancelamento de compra',
  saida_vacina: 'Saída por vacina aplicada',
};

/** Movement types that add to the balance (the others remove). */
export const TIPOS_MOVIMENTACAO_ENTRADA: readonly TipoMovimentacaoEstoque[] = [
  'entrada_compra',
  'entrada_devolucao',
  'estorno_venda',
  'ajuste_entrada',
  'entrada_granel',
];

/** The document a movement came from (`movimentacoes_estoque.origem`). */
export const ORIGENS_MOVIMENTACAO_ESTOQUE = ['venda', 'devolucao', 'compra', 'ajuste', 'granel', 'vacina'] as const;
export type OrigemMovimentacaoEstoque = (typeof ORIGENS_MOVIMENTACAO_ESTOQUE)[number];
export const ORIGEM_MOVIMENTACAO_ESTOQUE_LABEL: Record<OrigemMovimentacaoEstoque, string> = {
  venda: 'Venda',
  devolucao: 'Devolução',
  compra: 'Compra',
  ajuste: 'Ajuste de estoque',
  granel: 'Saída para granel',
  /** origemId = the applied dose (vacinas_aplicadas.id), issue #19. */
  vacina: 'Vacina aplicada',
};

/** Position filter: all, below the minimum (quantidade < estoqueMinimo), zero, negative. */
export const SITUACOES_ESTOQUE = ['todos', 'abaixo_minimo', 'zerado', 'negativo'] as const;
export type SituacaoEstoque = (typeof SITUACOES_ESTOQUE)[number];
export const SITUACAO_ESTOQUE_LABEL: Record<SituacaoEstoque, string> = {
  todos: 'Todos',
  abaixo_minimo: 'Abaixo do mínimo',
  zerado: 'Zerado',
  negativo: 'Negativo',
};

/** Adjustment modes: inventory count (set what was counted), add, remove. */
export const MODOS_AJUSTE_ESTOQUE = ['contagem', 'entrada', 'saida'] as const;
export type ModoAjusteEstoque = (typeof MODOS_AJUSTE_ESTOQUE)[number];
export const MODO_AJUSTE_ESTOQUE_LABEL: Record<ModoAjusteEstoque, string> = {
  contagem: 'Contagem (inventário)',
  entrada: 'Entrada',
  saida: 'Saída',
};

/** Default period of the ledger when no dates are given: the last 30 days (today included). */
export const MOVIMENTACOES_DIAS_PADRAO = 30;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** An optional date, null when absent. */
const optionalDate = (label: string) => dateInput(label).transform((v) => v ?? null);

const booleanParam = z.preprocess(
  (v) => (v === true || v === 'true' || v === '1' ? true : v === false || v === 'false' || v === '0' ? false : undefined),
  z.boolean().optional(),
);

// ---------------------------------------------------------------------------------------------
// Position: GET /api/estoques and /api/estoques/resumo
// ---------------------------------------------------------------------------------------------

/**
 * GET /api/estoques (and /resumo): `query` searches name (contains, accent-insensitive), code
 * and barcode; `categoriaId` (with its subcategories), `marcaId`, `produtoId`, `situacao`
 * (default 'todos'); page 1, pageSize 20; ordered by name.
 */
export const listEstoquesQuerySchema = listQuerySchema.extend({
  categoriaId: optionalUuid('Categoria inválida'),
  marcaId: optionalUuid('Marca inválida'),
  produtoId: optionalUuid('Produto inválido'),
  situacao: z.preprocess(emptyToUndefined, z.enum(SITUACOES_ESTOQUE, { error: 'Situação inválida' }).default('todos')),
});
export type ListEstoquesQuery = z.output<typeof listEstoquesQuerySchema>;

/**
 * One stock-controlled product of the unit (products without a balance row count as 0).
 * Inactive products are listed only while their balance is not zero.
 */
export const posicaoEstoqueSchema = z.object({
  produtoId: z.string(),
  nome: z.string(),
  codigo: z.string().nullable(),
  codigoBarras: z.string().nullable(),
  unidadeSigla: z.string(),
  permiteVendaFracionada: z.boolean(),
  ativo: z.boolean(),
  /** Balance (3 decimals), may be negative when the unit allows it. */
  quantidade: z.number(),
  /** Average cost per unit (reais, 4 decimals): the balance's, or the product's cost price when none. */
  custoMedio: z.number(),
  /** max(0, quantidade) × custoMedio, reais (2 decimals). */
  valorEstoque: z.number(),
  estoqueMinimo: z.number(),
  /** quantidade < estoqueMinimo. */
  abaixoMinimo: z.boolean(),
  controlaLote: z.boolean(),
  /** Earliest expiry among the lots with quantity > 0; null when none. */
  proximaValidade: z.string().nullable(),
});
export type PosicaoEstoque = z.infer<typeof posicaoEstoqueSchema>;
export const posicaoEstoquePageSchema = pageOf(posicaoEstoqueSchema);

/** GET /api/estoques/resumo: totals of the same filters (page/pageSize ignored). */
export const resumoEstoqueSchema = z.object({
  /** Stock-controlled products matched. */
  produtos: z.number().int(),
  /** Σ valorEstoque (reais). */
  valorTotal: z.number(),
  abaixoMinimo: z.number().int(),
  zerados: z.number().int(),
  negativos: z.number().int(),
});
export type ResumoEstoque = z.infer<typeof resumoEstoqueSchema>;

// ---------------------------------------------------------------------------------------------
// Ledger: GET /api/estoques/movimentacoes
// ---------------------------------------------------------------------------------------------

/**
 * GET /api/estoques/movimentacoes: `dataInicio`/`dataFim` (default the last 30 days in the
 * unit's time zone; either given alone is used as is), `produtoId`, `tipo` (one or several,
 * comma-separated or repeated), `query` (product name, code or barcode); newest first.
 */
export const listMovimentacoesEstoqueQuerySchema = listQuerySchema.extend({
  dataInicio: dateInput('Data inicial'),
  dataFim: dateInput('Data final'),
  produtoId: optionalUuid('Produto inválido'),
  tipo: listParam(z.enum(TIPOS_MOVIMENTACAO_ESTOQUE, { error: 'Tipo de movimentação inválido' })).default([]),
});
export type ListMovimentacoesEstoqueQuery = z.output<typeof listMovimentacoesEstoqueQuerySchema>;

export const loteResumoSchema = z.object({
  id: z.string(),
  numero: z.string(),
  dataValidade: z.string().nullable(),
});
export type LoteResumo = z.infer<typeof loteResumoSchema>;

export const movimentacaoEstoqueSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  tipo: z.enum(TIPOS_MOVIMENTACAO_ESTOQUE),
  tipoLabel: z.string(),
  produtoId: z.string(),
  produtoNome: z.string(),
  unidadeSigla: z.string(),
  permiteVendaFracionada: z.boolean(),
  /** Signed: + in, − out. */
  quantidade: z.number(),
  /** Reais per unit, 4 decimals. */
  custoUnitario: z.number(),
  /** The product's balance right after this movement. */
  saldoResultante: z.number(),
  origem: z.enum(ORIGENS_MOVIMENTACAO_ESTOQUE),
  origemId: z.string().nullable(),
  observacao: z.string().nullable(),
  usuarioNome: z.string().nullable(),
  /** The lot moved, for products that control lots (null: no lot). */
  lote: loteResumoSchema.nullable(),
});
export type MovimentacaoEstoque = z.infer<typeof movimentacaoEstoqueSchema>;
export const movimentacaoEstoquePageSchema = pageOf(movimentacaoEstoqueSchema);

// ---------------------------------------------------------------------------------------------
// Lots: GET /api/estoques/lotes
// ---------------------------------------------------------------------------------------------

/**
 * GET /api/estoques/lotes: `produtoId` (the lots of one product) and/or `diasVencimento` (lots
 * that expire within N days from today, expired ones included, across products); only lots
 * with quantity > 0 unless `incluirZerados=true`. Ordered by expiry (none last), then number.
 */
export const listLotesQuerySchema = listQuerySchema.extend({
  produtoId: optionalUuid('Produto inválido'),
  diasVencimento: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'Dias para o vencimento inválidos' })
      .int({ error: 'Dias para o vencimento inválidos' })
      .min(0, { error: 'Dias para o vencimento inválidos' })
      .max(3650, { error: 'Dias para o vencimento inválidos' })
      .optional(),
  ),
  incluirZerados: booleanParam,
});
export type ListLotesQuery = z.output<typeof listLotesQuerySchema>;

export const loteSchema = z.object({
  id: z.string(),
  produtoId: z.string(),
  produtoNome: z.string(),
  unidadeSigla: z.string(),
  permiteVendaFracionada: z.boolean(),
  numero: z.string(),
  dataFabricacao: z.string().nullable(),
  dataValidade: z.string().nullable(),
  quantidade: z.number(),
  /** dataValidade < today (unit's time zone). */
  vencido: z.boolean(),
  /** dataValidade − today in days (negative when expired); null without expiry. */
  diasParaVencer: z.number().int().nullable(),
});
export type Lote = z.infer<typeof loteSchema>;
export const lotePageSchema = pageOf(loteSchema);

// ---------------------------------------------------------------------------------------------
// Adjustment: POST /api/estoque/ajuste
// ---------------------------------------------------------------------------------------------

/** A new lot given on an entry of a lot-controlled product (upserted by number). */
export const loteInputSchema = z.object({
  numero: z
    .string({ error: 'Número do lote é obrigatório' })
    .trim()
    .min(1, { error: 'Número do lote é obrigatório' })
    .max(60, { error: 'Número do lote deve ter no máximo 60 caracteres' }),
  dataValidade: optionalDate('Data de validade'),
  dataFabricacao: optionalDate('Data de fabricação'),
});
export type LoteInput = z.input<typeof loteInputSchema>;

export const ajusteEstoqueItemInputSchema = z.object({
  produtoId: z.uuid({ error: 'Produto inválido' }),
  /** contagem: the counted quantity (≥ 0); entrada/saida: what is added/removed (> 0). */
  quantidade: numberInput('Quantidade')
    .refine((v) => v !== undefined, { error: 'Quantidade é obrigatória' })
    .refine((v) => v === undefined || v >= 0, { error: 'Quantidade não pode ser negativa' })
    .refine((v) => v === undefined || v <= QUANTIDADE_MAXIMA, { error: 'Quantidade é grande demais' })
    .transform((v) => v as number),
  /**
   * An existing lot of the product: entrada adds to it, saida takes from it (instead of
   * first-expired-first-out), contagem counts that lot only (its difference moves the product).
   */
  loteId: optionalUuid('Lote inválido'),
  /** entrada only, lot-controlled products: the lot to create or add to (by number). */
  lote: loteInputSchema.nullable().optional(),
});
export type AjusteEstoqueItemInput = z.input<typeof ajusteEstoqueItemInputSchema>;

/**
 * POST /api/estoque/ajuste (permission `estoque`). `motivo` 3..200 characters; 1..500 items,
 * each product once. `chave` (optional uuid) makes the call idempotent: sent again it answers
 * the adjustment already made (the `Idempotency-Key` header does the same for every POST).
 * 400 keys: `motivo`, `itens`, `itens.N.produtoId` (unknown, service, no stock control,
 * repeated), `itens.N.quantidade` (fraction of a whole unit, zero on entrada/saida, below the
 * balance on saida when the unit refuses negative stock), `itens.N.loteId`, `itens.N.lote`.
 */
export const ajusteEstoqueInputSchema = z
  .object({
    modo: z.enum(MODOS_AJUSTE_ESTOQUE, { error: 'Modo do ajuste inválido' }),
    motivo: z
      .string({ error: 'Motivo é obrigatório' })
      .trim()
      .min(3, { error: 'Motivo deve ter ao menos 3 caracteres' })
      .max(200, { error: 'Motivo deve ter no máximo 200 caracteres' }),
    itens: z
      .array(ajusteEstoqueItemInputSchema, { error: 'Informe os itens' })
      .min(1, { error: 'Informe ao menos um item' })
      .max(500, { error: 'No máximo 500 itens por ajuste' }),
    chave: optionalUuid('Chave inválida'),
  })
  .superRefine((ajuste, ctx) => {
    const vistos = new Set<string>();
    ajuste.itens.forEach((item, i) => {
      if (ajuste.modo !== 'contagem' && item.quantidade === 0)
        ctx.addIssue({ code: 'custom', path: ['itens', i, 'quantidade'], message: 'Quantidade deve ser maior que zero' });
      if (item.lote && ajuste.modo !== 'entrada')
        ctx.addIssue({ code: 'custom', path: ['itens', i, 'lote'], message: 'Novo lote só em entradas' });
      if (item.lote && item.loteId)
        ctx.addIssue({ code: 'custom', path: ['itens', i, 'lote'], message: 'Informe o lote existente ou um novo, não os dois' });
      if (vistos.has(item.produtoId))
        ctx.addIssue({ code: 'custom', path: ['itens', i, 'produtoId'], message: 'Produto repetido no ajuste' });
      vistos.add(item.produtoId);
    });
  });
export type AjusteEstoqueInput = z.input<typeof ajusteEstoqueInputSchema>;
export type AjusteEstoqueInputParsed = z.output<typeof ajusteEstoqueInputSchema>;

/** The answer of an adjustment: the movements written and each item's balance before/after. */
export const ajusteEstoqueSchema = z.object({
  movimentacoes: z.array(movimentacaoEstoqueSchema),
  itens: z.array(z.object({ produtoId: z.string(), saldoAnterior: z.number(), saldo: z.number() })),
});
export type AjusteEstoque = z.infer<typeof ajusteEstoqueSchema>;

// ---------------------------------------------------------------------------------------------
// Bulk: POST /api/estoques/saida_para_granel
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/estoques/saida_para_granel (permission `estoque`): open `quantidade` packages
 * (whole, ≥ 1, default 1) of `produtoId` into its bulk counterpart. `chave` as in the
 * adjustment. 400 `produtoId` 'Produto sem produto a granel vinculado';
 * `quantidade` when the package stock would go below zero and the unit refuses it.
 */
export const saidaGranelInputSchema = z.object({
  produtoId: z.uuid({ error: 'Produto inválido' }),
  quantidade: z.preprocess(
    (v) => (emptyToUndefined(v) === undefined ? undefined : v),
    z.coerce
      .number({ error: 'Quantidade deve ser um número' })
      .int({ error: 'Quantidade deve ser um número inteiro de embalagens' })
      .min(1, { error: 'Quantidade deve ser ao menos 1' })
      .max(100_000, { error: 'Quantidade é grande demais' })
      .default(1),
  ),
  chave: optionalUuid('Chave inválida'),
});
export type SaidaGranelInput = z.input<typeof saidaGranelInputSchema>;
export type SaidaGranelInputParsed = z.output<typeof saidaGranelInputSchema>;

/** One side of the conversion. */
export const saidaGranelLadoSchema = z.object({
  produtoId: z.string(),
  nome: z.string(),
  unidadeSigla: z.string(),
  /** Moved: packages out (positive number) or bulk units in. */
  quantidade: z.number(),
  /** Reais per unit, 4 decimals. */
  custoUnitario: z.number(),
  /** Balance after the conversion. */
  saldo: z.number(),
});

export const saidaGranelSchema = z.object({
  /** The package opened (saida_granel). */
  produto: saidaGranelLadoSchema,
  /** Its bulk counterpart (entrada_granel). */
  produtoGranel: saidaGranelLadoSchema,
  fatorConversao: z.number(),
  movimentacoes: z.array(movimentacaoEstoqueSchema),
});
export type SaidaGranel = z.infer<typeof saidaGranelSchema>;
