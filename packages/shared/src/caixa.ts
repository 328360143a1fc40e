/**
 * Cash registers (*caixas*) and their movements (issue #4 item 2; DOMAIN.md §6 "Caixa"; spec
 * §2 /vendas/movimentacoes-caixa, §5 "Cash movements list: dataInicio and dataFim default to
 * today", §7 "Cash registers"). All under /api/comercial.
 *
 * A register session belongs to one cashier in one unit, from opening (with a cash float) to
 * closing (counted amount per payment method against the expected amount: the *quebra de
 * caixa*). Money is a number in reais; values of movements are signed (+ into the drawer,
 * − out of it). A payment method id of null means cash (dinheiro).
 */
import { z } from 'zod';
import { TIPOS_FORMA_PAGAMENTO, type TipoFormaPagamento } from './forma-pagamento.ts';
import { emptyToUndefined, pageOf, pageSchema, pageSizeSchema, DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from './http.ts';
import { dateInput, moneyInput, optionalText, optionalUuid } from './validators.ts';
import { obrigatorio } from './zod-pt.ts';

// ---------------------------------------------------------------------------------------------
// Enumerations
// ---------------------------------------------------------------------------------------------

export const STATUS_CAIXA = ['Aberto', 'Fechado'] as const;
export type StatusCaixa = (typeof STATUS_CAIXA)[number];

/**
 * Kinds of register movement. + abertura, suprimento, recebimento (a sale's payment, cash net
 * of change), credito_cliente (a customer's deposit); − sangria, despesa, transferencia,
 * devolucao (cash refund of a return), estorno (a cancelled sale's payment).
 */
export const TIPOS_MOVIMENTACAO_CAIXA = [
  'abertura',
  'suprimento',
  'sangria',
  'despesa',
  'credito_cliente',
  'transferencia',
  'recebimento',
  'devolucao',
  'estorno',
] as const;
export type TipoMovimentacaoCaixa = (typeof TIPOS_MOVIMENTACAO_CAIXA)[number];

export const TIPO_MOVIMENTACAO_CAIXA_LABEL: Record<TipoMovimentacaoCaixa, string> = {
  abertura: 'Abertura',
  suprimento: 'Suprimento',
  sangria: 'Sangria',
  despesa: 'Despesa',
  credito_cliente: 'Crédito de cliente',
  transferencia: 'Transferência',
  recebimento: 'Recebimento de venda',
  devolucao: 'Devolução',
  estorno: 'Estorno',
};

/**
 * Payment kinds nothing physical backs at the till (no drawer, no card machine report): at
 * closing they are shown but not counted, their counted amount is the expected one unless a
 * count is given.
 */
export const TIPOS_FORMA_SEM_CONFERENCIA: readonly TipoFormaPagamento[] = [
  'credito_cliente',
  'a_prazo',
  'boleto',
  'transferencia',
];

/** The name of the cash line (movements without a method, or with a method of kind dinheiro). */
export const NOME_DINHEIRO = 'Dinheiro';

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

/** Money > 0 (reais, rounded to the cent), required. */
const valorPositivo = (label: string) =>
  moneyInput(label)
    .refine((v) => v !== undefined, { error: obrigatorio(label) })
    .refine((v) => v === undefined || v > 0, { error: `${label} deve ser maior que zero` })
    .transform((v) => v as number);

/** The movement's description: required, 1..200 characters. */
const descricaoInput = z
  .string({ error: 'Descrição é obrigatória' })
  .trim()
  .min(1, { error: 'Descrição é obrigatória' })
  .max(200, { error: 'Descrição deve ter no máximo 200 caracteres' });

const requiredUuid = (message: string) => z.uuid({ error: message });

/** POST /caixas/abrir-caixa: the opening float in cash (default 0). */
export const abrirCaixaInputSchema = z.object({
  valorAbertura: moneyInput('Valor de abertura').transform((v) => v ?? 0),
  observacoes: optionalText('Observações', 500),
});
export type AbrirCaixaInput = z.input<typeof abrirCaixaInputSchema>;
export type AbrirCaixaInputParsed = z.output<typeof abrirCaixaInputSchema>;

/**
 * POST /caixas/{id}/fechar. `contagens`: what was counted per payment method (null = cash).
 * A method with movements and no count counts as 0 (kinds of TIPOS_FORMA_SEM_CONFERENCIA:
 * as expected). A method may appear once; a method of kind dinheiro is the cash line.
 */
export const fecharCaixaInputSchema = z
  .object({
    contagens: z
      .array(
        z.object({
          formaPagamentoId: z.preprocess(
            (v) => (v === undefined || v === '' ? null : v),
            z.uuid({ error: 'Forma de pagamento inválida' }).nullable(),
          ),
          valorContado: moneyInput('Valor contado')
            .refine((v) => v !== undefined, { error: 'Valor contado é obrigatório' })
            .transform((v) => v as number),
        }),
        { error: 'Contagens inválidas' },
      )
      .max(50, { error: 'No máximo 50 contagens' })
      .default([]),
    observacoes: optionalText('Observações', 500),
  })
  .superRefine((v, ctx) => {
    const vistas = new Set<string | null>();
    v.contagens.forEach((c, i) => {
      if (vistas.has(c.formaPagamentoId))
        ctx.addIssue({ code: 'custom', path: ['contagens', i, 'formaPagamentoId'], message: 'Forma de pagamento repetida' });
      vistas.add(c.formaPagamentoId);
    });
  });
export type FecharCaixaInput = z.input<typeof fecharCaixaInputSchema>;
export type FecharCaixaInputParsed = z.output<typeof fecharCaixaInputSchema>;

/** POST /caixas/{id}/sangria: cash out of the drawer (never more than the cash in it). */
export const sangriaInputSchema = z.object({
  valor: valorPositivo('Valor'),
  descricao: descricaoInput,
});
export type SangriaInput = z.input<typeof sangriaInputSchema>;
export type SangriaInputParsed = z.output<typeof sangriaInputSchema>;

/** POST /caixas/{id}/suprimento: cash added to the drawer. */
export const suprimentoInputSchema = sangriaInputSchema;
export type SuprimentoInput = z.input<typeof suprimentoInputSchema>;
export type SuprimentoInputParsed = z.output<typeof suprimentoInputSchema>;

/** POST /caixas/{id}/despesa: an expense paid with the drawer's cash; category of kind despesa. */
export const despesaCaixaInputSchema = z.object({
  valor: valorPositivo('Valor'),
  descricao: descricaoInput,
  categoriaFinanceiraId: optionalUuid('Categoria financeira inválida'),
});
export type DespesaCaixaInput = z.input<typeof despesaCaixaInputSchema>;
export type DespesaCaixaInputParsed = z.output<typeof despesaCaixaInputSchema>;

/**
 * POST /caixas/{id}/credito-cliente: a customer deposits credit; the money enters the register
 * by `formaPagamentoId` (default cash) and the customer's credit grows by `valor`.
 */
export const creditoClienteCaixaInputSchema = z.object({
  pessoaId: requiredUuid('Informe o cliente'),
  valor: valorPositivo('Valor'),
  formaPagamentoId: optionalUuid('Forma de pagamento inválida'),
  descricao: optionalText('Descrição', 200),
});
export type CreditoClienteCaixaInput = z.input<typeof creditoClienteCaixaInputSchema>;
export type CreditoClienteCaixaInputParsed = z.output<typeof creditoClienteCaixaInputSchema>;

/** POST /caixas/{id}/transferencia: cash out of the drawer into a financial account of the unit. */
export const transferenciaCaixaInputSchema = z.object({
  valor: valorPositivo('Valor'),
  contaId: requiredUuid('Informe a conta de destino'),
  descricao: optionalText('Descrição', 200),
});
export type TransferenciaCaixaInput = z.input<typeof transferenciaCaixaInputSchema>;
export type TransferenciaCaixaInputParsed = z.output<typeof transferenciaCaixaInputSchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const ref = z.object({ id: z.string(), nome: z.string() });

/** A register movement, as listed and as GET /movimentacoes-caixa/{id} answers it. */
export const movimentacaoCaixaSchema = z.object({
  id: z.string(),
  caixaId: z.string(),
  caixaNumero: z.number().int(),
  caixaStatus: z.enum(STATUS_CAIXA),
  tipo: z.enum(TIPOS_MOVIMENTACAO_CAIXA),
  /** Signed reais. */
  valor: z.number(),
  descricao: z.string(),
  /** null: cash. */
  formaPagamento: z.object({ id: z.string(), nome: z.string(), tipo: z.enum(TIPOS_FORMA_PAGAMENTO) }).nullable(),
  usuario: ref.nullable(),
  venda: z.object({ id: z.string(), numero: z.number().int() }).nullable(),
  devolucao: z.object({ id: z.string(), numero: z.number().int() }).nullable(),
  conta: ref.nullable(),
  categoriaFinanceira: ref.nullable(),
  pessoa: ref.nullable(),
  createdAt: z.string(),
});
export type MovimentacaoCaixa = z.infer<typeof movimentacaoCaixaSchema>;

/** One line of the closing check (stored in the register at closing). Reais. */
export const conferenciaCaixaSchema = z.object({
  formaPagamentoId: z.string().nullable(),
  nome: z.string(),
  tipo: z.string(),
  esperado: z.number(),
  contado: z.number(),
  /** contado − esperado: positive = over (*sobra*), negative = short (*falta*). */
  diferenca: z.number(),
});
export type ConferenciaCaixa = z.infer<typeof conferenciaCaixaSchema>;

/**
 * Totals of a register per payment method (cash first). esperado = Σ movements of the method
 * (cash: those without method or with a dinheiro method: opening, sales net of change,
 * sangria, suprimento, despesa, deposits, transfers, refunds). contado/diferenca once closed.
 */
export const totalFormaCaixaSchema = z.object({
  formaPagamentoId: z.string().nullable(),
  nome: z.string(),
  tipo: z.string(),
  /** Whether it is counted at closing (false for TIPOS_FORMA_SEM_CONFERENCIA). */
  conferir: z.boolean(),
  /** entradas, saidas, esperado: null when the closing is blind for the reader (`fechamentoCego`). */
  entradas: z.number().nullable(),
  saidas: z.number().nullable(),
  esperado: z.number().nullable(),
  contado: z.number().nullable(),
  diferenca: z.number().nullable(),
});
export type TotalFormaCaixa = z.infer<typeof totalFormaCaixaSchema>;

/**
 * A register in lists (GET /caixas). entradas/saidas over all methods, ≥ 0; saldoDinheiro: cash now.
 *
 * Blind closing (issue #15, the unit's `fechamentoCego`): for a reader who may not see the
 * expected amounts (neither caixa.fechar nor financeiro) `fechamentoCego` is true and every
 * expected amount and difference is null — entradas, saidas, saldoDinheiro, valorEsperado,
 * diferenca here; esperado, entradas, saidas and diferenca per method and in the conferência.
 * What was counted (valorContado, contado) and the movements themselves stay.
 */
export const caixaResumoSchema = z.object({
  id: z.string(),
  numero: z.number().int(),
  status: z.enum(STATUS_CAIXA),
  usuario: ref,
  dataAbertura: z.string(),
  dataFechamento: z.string().nullable(),
  fechadoPor: ref.nullable(),
  valorAbertura: z.number(),
  entradas: z.number().nullable(),
  saidas: z.number().nullable(),
  saldoDinheiro: z.number().nullable(),
  /** Cash at closing: expected, counted and their difference (null while open). */
  valorEsperado: z.number().nullable(),
  valorContado: z.number().nullable(),
  diferenca: z.number().nullable(),
  /** The expected amounts are withheld from this reader (blind closing): see above. */
  fechamentoCego: z.boolean(),
});
export type CaixaResumo = z.infer<typeof caixaResumoSchema>;

/** A register in full (GET /caixas/{id}, abrir-caixa, fechar): movements oldest first. */
/**
 * A stored closing line as answered: esperado and diferenca null when the closing is blind for
 * the reader, and contado too for a method not counted at the till (it would be the expected).
 */
export const conferenciaCaixaRespostaSchema = conferenciaCaixaSchema.extend({
  esperado: z.number().nullable(),
  contado: z.number().nullable(),
  diferenca: z.number().nullable(),
});
export type ConferenciaCaixaResposta = z.infer<typeof conferenciaCaixaRespostaSchema>;

export const caixaSchema = caixaResumoSchema.extend({
  observacoes: z.string().nullable(),
  totaisPorForma: z.array(totalFormaCaixaSchema),
  conferencia: z.array(conferenciaCaixaRespostaSchema).nullable(),
  movimentacoes: z.array(movimentacaoCaixaSchema),
});
export type Caixa = z.infer<typeof caixaSchema>;

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

const pageFields = {
  page: pageSchema.default(DEFAULT_PAGE),
  pageSize: pageSizeSchema.default(DEFAULT_PAGE_SIZE),
};

/** GET /caixas: newest first; dataInicio/dataFim filter the opening date in the unit's time zone. */
export const listCaixasQuerySchema = z.object({
  ...pageFields,
  status: z.preprocess(emptyToUndefined, z.enum(STATUS_CAIXA, { error: 'Status inválido' }).optional()),
  dataInicio: dateInput('Data inicial'),
  dataFim: dateInput('Data final'),
  usuarioId: optionalUuid('Usuário inválido'),
});
export type ListCaixasQuery = z.output<typeof listCaixasQuerySchema>;

/**
 * GET /movimentacoes-caixa (spec §5): dataInicio and dataFim default to today in the unit's
 * time zone (applied by the API when absent); caixaId, tipo; newest first.
 */
export const listMovimentacoesCaixaQuerySchema = z.object({
  ...pageFields,
  dataInicio: dateInput('Data inicial'),
  dataFim: dateInput('Data final'),
  caixaId: optionalUuid('Caixa inválido'),
  tipo: z.preprocess(emptyToUndefined, z.enum(TIPOS_MOVIMENTACAO_CAIXA, { error: 'Tipo inválido' }).optional()),
});
export type ListMovimentacoesCaixaQuery = z.output<typeof listMovimentacoesCaixaQuerySchema>;

/** Totals of the same filters: entradas and saidas ≥ 0, saldo = entradas − saidas (reais). */
export const resumoMovimentacoesCaixaSchema = z.object({
  entradas: z.number(),
  saidas: z.number(),
  saldo: z.number(),
});
export type ResumoMovimentacoesCaixa = z.infer<typeof resumoMovimentacoesCaixaSchema>;

/** The movements page, with the period actually used and the totals of the filters. */
export const movimentacoesCaixaPageSchema = pageOf(movimentacaoCaixaSchema).extend({
  dataInicio: z.string(),
  dataFim: z.string(),
  /** null when the unit closes registers blind and the reader may not see expected amounts. */
  resumo: resumoMovimentacoesCaixaSchema.nullable(),
});
export type MovimentacoesCaixaPage = z.infer<typeof movimentacoesCaixaPageSchema>;
