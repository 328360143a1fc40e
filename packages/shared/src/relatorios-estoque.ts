/**
 * The stock reports (issue #20; spec §2 "Reports under /relatorios/", §7 "Reports"; DOMAIN.md §11):
 *
 * - `GET /api/relatorios/produtos-proximo-vencimento` (screen /relatorios/produtos-proximos-vencimento):
 *   the unit's lots with stock and an expiry date, already expired or expiring within `dias` days,
 *   with quantity and value at cost; the chart's value at cost per bucket of days.
 * - `GET /api/relatorios/posicao-estoque` (screen /relatorios/posicao-estoque): the rows and filters
 *   of `GET /api/estoques` in the report envelope, with the totals of every row.
 *
 * Money in reais (2 decimals; unit costs 4), quantities 3 decimals, dates 'yyyy-MM-dd'.
 */
import { z } from 'zod';
import { posicaoEstoqueSchema, SITUACOES_ESTOQUE } from './estoque.ts';
import { emptyToUndefined } from './http.ts';
import { relatorioQueryBaseSchema, relatorioRespostaSchema } from './relatorios.ts';
import { optionalUuid } from './validators.ts';

// ---------------------------------------------------------------------------------------------
// Produtos próximos do vencimento
// ---------------------------------------------------------------------------------------------

/** Default horizon of the expiry report, in days from the unit's today. */
export const VENCIMENTO_DIAS_PADRAO = 60;
export const VENCIMENTO_DIAS_MAXIMO = 365;

/** Which lots: all (expired and to expire), only expired, only those still to expire. */
export const SITUACOES_VENCIMENTO = ['todos', 'vencidos', 'a_vencer'] as const;
export type SituacaoVencimento = (typeof SITUACOES_VENCIMENTO)[number];
export const SITUACAO_VENCIMENTO_LABEL: Record<SituacaoVencimento, string> = {
  todos: 'Vencidos e a vencer',
  vencidos: 'Somente vencidos',
  a_vencer: 'Somente a vencer',
};

/**
 * The chart's buckets by days to expiry (relative to the unit's today): expired (< 0), 0–7,
 * 8–15, 16–30, 31–60, 61 or more.
 */
export const FAIXAS_VENCIMENTO = ['vencidos', '0-7', '8-15', '16-30', '31-60', '61+'] as const;
export type FaixaVencimento = (typeof FAIXAS_VENCIMENTO)[number];
export const FAIXA_VENCIMENTO_LABEL: Record<FaixaVencimento, string> = {
  vencidos: 'Vencidos',
  '0-7': '0 a 7 dias',
  '8-15': '8 a 15 dias',
  '16-30': '16 a 30 dias',
  '31-60': '31 a 60 dias',
  '61+': '61 dias ou mais',
};

/** The bucket of a lot expiring in `dias` days (negative: expired). */
export const faixaVencimento = (dias: number): FaixaVencimento =>
  dias < 0 ? 'vencidos' : dias <= 7 ? '0-7' : dias <= 15 ? '8-15' : dias <= 30 ? '16-30' : dias <= 60 ? '31-60' : '61+';

/** Lots expiring within this many days are shown in orange (expired ones in red). */
export const VENCIMENTO_ALERTA_DIAS = 15;

/** 'vencido' (< 0 days), 'alerta' (0–15 days) or 'normal': the colour of a row. */
export const alertaVencimento = (dias: number): 'vencido' | 'alerta' | 'normal' =>
  dias < 0 ? 'vencido' : dias <= VENCIMENTO_ALERTA_DIAS ? 'alerta' : 'normal';

/**
 * Filters: the base ones (page, pageSize, query — product name, code, barcode or lot number —,
 * produtoId; no period) plus `dias` (1–365, default 60: lots expiring from today up to today +
 * dias), `situacao` (todos | vencidos | a_vencer, default todos) and `categoriaId` (with its
 * subcategories).
 */
export const relatorioVencimentoQuerySchema = relatorioQueryBaseSchema.extend({
  dias: z.preprocess(
    (v) => {
      const value = emptyToUndefined(v);
      return typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
    },
    z
      .number({ error: 'Dias deve ser um número inteiro' })
      .int({ error: 'Dias deve ser um número inteiro' })
      .min(1, { error: 'Dias deve ser no mínimo 1' })
      .max(VENCIMENTO_DIAS_MAXIMO, { error: `Dias deve ser no máximo ${VENCIMENTO_DIAS_MAXIMO}` })
      .default(VENCIMENTO_DIAS_PADRAO),
  ),
  situacao: z.preprocess(emptyToUndefined, z.enum(SITUACOES_VENCIMENTO, { error: 'Situação inválida' }).default('todos')),
  categoriaId: optionalUuid('Categoria inválida'),
});
export type RelatorioVencimentoQuery = z.output<typeof relatorioVencimentoQuerySchema>;

/** One lot with stock and an expiry date. */
export const linhaVencimentoSchema = z.object({
  loteId: z.string(),
  produtoId: z.string(),
  produtoNome: z.string(),
  codigo: z.string().nullable(),
  unidadeSigla: z.string(),
  permiteVendaFracionada: z.boolean(),
  /** The lot's number. */
  lote: z.string(),
  dataValidade: z.string(),
  /** Days from the unit's today to the expiry date; negative: expired that many days ago. */
  diasParaVencer: z.number().int(),
  /** What is left of the lot (3 decimals). */
  quantidade: z.number(),
  /** The product's cost in this unit (average cost, else the cost price), reais with 4 decimals. */
  custoUnitario: z.number(),
  /** quantidade × custoUnitario, reais (2 decimals). */
  valorCusto: z.number(),
});
export type LinhaVencimento = z.infer<typeof linhaVencimentoSchema>;

/** Totals of every lot matched, and split expired / to expire. */
export const totaisVencimentoSchema = z.object({
  lotes: z.number().int(),
  quantidade: z.number(),
  valorCusto: z.number(),
  lotesVencidos: z.number().int(),
  quantidadeVencida: z.number(),
  valorVencido: z.number(),
  lotesAVencer: z.number().int(),
  quantidadeAVencer: z.number(),
  valorAVencer: z.number(),
});
export type TotaisVencimento = z.infer<typeof totaisVencimentoSchema>;

/** One bar of the chart: value at cost of the lots matched in a bucket (every bucket, zeros included). */
export const faixaVencimentoValorSchema = z.object({
  faixa: z.enum(FAIXAS_VENCIMENTO),
  rotulo: z.string(),
  lotes: z.number().int(),
  valorCusto: z.number(),
});
export type FaixaVencimentoValor = z.infer<typeof faixaVencimentoValorSchema>;

export const relatorioVencimentoSchema = relatorioRespostaSchema(linhaVencimentoSchema, totaisVencimentoSchema, {
  faixas: z.array(faixaVencimentoValorSchema),
});
export type RelatorioVencimento = z.infer<typeof relatorioVencimentoSchema>;

// ---------------------------------------------------------------------------------------------
// Posição de estoque
// ---------------------------------------------------------------------------------------------

/**
 * Filters: those of GET /api/estoques — query (name, code, barcode), categoriaId, marcaId,
 * produtoId, situacao (todos | abaixo_minimo | zerado | negativo) — with page and pageSize.
 */
export const relatorioPosicaoQuerySchema = relatorioQueryBaseSchema.extend({
  categoriaId: optionalUuid('Categoria inválida'),
  marcaId: optionalUuid('Marca inválida'),
  situacao: z.preprocess(emptyToUndefined, z.enum(SITUACOES_ESTOQUE, { error: 'Situação inválida' }).default('todos')),
});
export type RelatorioPosicaoQuery = z.output<typeof relatorioPosicaoQuerySchema>;

/** A row: the stock position's row (GET /api/estoques). */
export const linhaPosicaoSchema = posicaoEstoqueSchema;

/** Totals of every product matched. */
export const totaisPosicaoSchema = z.object({
  produtos: z.number().int(),
  /** Σ balances (3 decimals; units differ between products: a count of items on hand). */
  quantidade: z.number(),
  /** Σ max(0, balance) × cost (the row's valorEstoque), reais. */
  valorCusto: z.number(),
  /** Σ max(0, balance) × sale price, reais. */
  valorVenda: z.number(),
  abaixoMinimo: z.number().int(),
  zerados: z.number().int(),
  negativos: z.number().int(),
});
export type TotaisPosicao = z.infer<typeof totaisPosicaoSchema>;

export const relatorioPosicaoSchema = relatorioRespostaSchema(linhaPosicaoSchema, totaisPosicaoSchema);
export type RelatorioPosicao = z.infer<typeof relatorioPosicaoSchema>;
