/**
 * Finance (*financeiro*, spec §7 "Finance", §4 financial status; DOMAIN.md §7; issue #6):
 * receivables (*receitas*) and payables (*despesas*) with settlement (*baixa*, partial allowed),
 * its reversal (*cancelar baixa*), recurring payables (*recorrências*), transfers between
 * accounts, the accounts' ledger (*movimentações*), expected card and PIX receipts
 * (*recebimentos*) and the owner's overview (*resumo*).
 *
 * Rules (issue #6 item 2):
 * - a título (receita or despesa) owes `valor`; each settlement settles `valor` of it
 *   (principal) and moves `valor + juros + multa − desconto − taxa` through an account;
 *   interest, fine, discount and fee change what was paid, never what was owed;
 * - status by the principal settled (`valorPago`): 0 → EmAberto, below `valor` →
 *   BaixaParcial, `valor` → Baixada (`statusTitulo`); Cancelada is set by hand (deleting an
 *   open título) or by the document that created it (a sale, a purchase);
 * - a settled (or partly settled) título is changed only by reversing its settlements;
 * - overdue (*vencida*) is not stored: EmAberto/BaixaParcial with `dataVencimento` < today
 *   in the unit's time zone (`estaVencido`).
 *
 * Money in reais (2 decimals); dates 'yyyy-MM-dd' (the API also accepts 'dd/MM/yyyy').
 */
import { z } from 'zod';
import { fromCents, toCents } from './format.ts';
import { listQuerySchema } from './http.ts';
import { dateInput, listParam, numberInput, optionalText, optionalUuid, PRECO_MAXIMO, requiredText } from './validators.ts';
import { parcelar, addDays, addMonths } from './venda.ts';
import { TIPOS_FORMA_PAGAMENTO } from './forma-pagamento.ts';
import { TIPOS_CONTA } from './conta.ts';
import { obrigatorio } from './zod-pt.ts';

// ---------------------------------------------------------------------------------------------
// Status
// ---------------------------------------------------------------------------------------------

/** Financial status (spec §4), plus Cancelada (DOMAIN.md §7). */
export const STATUS_FINANCEIRO = ['EmAberto', 'BaixaParcial', 'Baixada', 'Cancelada'] as const;
export type StatusFinanceiro = (typeof STATUS_FINANCEIRO)[number];

export const STATUS_FINANCEIRO_LABEL: Record<StatusFinanceiro, string> = {
  EmAberto: 'Em aberto',
  BaixaParcial: 'Baixa parcial',
  Baixada: 'Baixada',
  Cancelada: 'Cancelada',
};

/**
 * The status filter of the lists: the stored statuses plus 'Vencida' (open or partly settled
 * and due before today). 'Vencida' is what the screens show instead of EmAberto/BaixaParcial
 * when overdue.
 */
export const FILTROS_STATUS_FINANCEIRO = [...STATUS_FINANCEIRO, 'Vencida'] as const;
export type FiltroStatusFinanceiro = (typeof FILTROS_STATUS_FINANCEIRO)[number];

export const FILTRO_STATUS_FINANCEIRO_LABEL: Record<FiltroStatusFinanceiro, string> = {
  ...STATUS_FINANCEIRO_LABEL,
  Vencida: 'Vencida',
};

/** Mantine colours people expect: open blue, partial yellow, settled green, overdue red, cancelled grey. */
export const STATUS_FINANCEIRO_COR: Record<FiltroStatusFinanceiro, string> = {
  EmAberto: 'blue',
  BaixaParcial: 'yellow',
  Baixada: 'green',
  Cancelada: 'gray',
  Vencida: 'red',
};

/** The status a título has once `valorPago` (principal settled) of `valor` is settled. */
export function statusTitulo(valor: number, valorPago: number): Exclude<StatusFinanceiro, 'Cancelada'> {
  const pago = toCents(valorPago);
  if (pago <= 0) return 'EmAberto';
  return pago >= toCents(valor) ? 'Baixada' : 'BaixaParcial';
}

/** True when a título still owes money and its due date is before `hoje` ('yyyy-MM-dd'). */
export function estaVencido(t: { status: StatusFinanceiro; dataVencimento: string }, hoje: string): boolean {
  return (t.status === 'EmAberto' || t.status === 'BaixaParcial') && t.dataVencimento < hoje;
}

/** What the screens show: 'Vencida' for an overdue open título, else its status. */
export function situacaoTitulo(t: { status: StatusFinanceiro; dataVencimento: string }, hoje: string): FiltroStatusFinanceiro {
  return estaVencido(t, hoje) ? 'Vencida' : t.status;
}

/** Principal still owed (reais): valor − valorPago, never below 0; 0 when Cancelada. */
export function valorEmAberto(t: { status: StatusFinanceiro; valor: number; valorPago: number }): number {
  if (t.status === 'Cancelada') return 0;
  return fromCents(Math.max(0, toCents(t.valor) - toCents(t.valorPago)));
}

/**
 * What a settlement moves through the account (reais): valor + juros + multa − desconto − taxa.
 * Throws nothing; the schema refuses a negative result.
 */
export function totalBaixa(b: { valor: number; juros?: number; multa?: number; desconto?: number; taxa?: number }): number {
  return fromCents(
    toCents(b.valor) + toCents(b.juros ?? 0) + toCents(b.multa ?? 0) - toCents(b.desconto ?? 0) - toCents(b.taxa ?? 0),
  );
}

// ---------------------------------------------------------------------------------------------
// Installments
// ---------------------------------------------------------------------------------------------

/** Largest number of installments of a manual título. */
export const PARCELAS_TITULO_MAXIMAS = 120;

export const INTERVALOS_PARCELA = ['mensal', 'quinzenal', 'semanal'] as const;
export type IntervaloParcela = (typeof INTERVALOS_PARCELA)[number];
export const INTERVALO_PARCELA_LABEL: Record<IntervaloParcela, string> = {
  mensal: 'Mensal',
  quinzenal: 'Quinzenal',
  semanal: 'Semanal',
};

/**
 * Splits `total` (reais) into `n` installments due from `primeiroVencimento`, monthly (same day,
 * or the month's last day), every 15 or every 7 days. Cents left over go to the first one, as
 * at the till (`parcelar`). The create screens show this and send the result as `parcelas`.
 */
export function gerarParcelas(
  total: number,
  n: number,
  primeiroVencimento: string,
  intervalo: IntervaloParcela = 'mensal',
): { dataVencimento: string; valor: number }[] {
  return parcelar(total, n).map((valor, i) => ({
    valor,
    dataVencimento:
      intervalo === 'mensal'
        ? addMonths(primeiroVencimento, i)
        : addDays(primeiroVencimento, i * (intervalo === 'quinzenal' ? 15 : 7)),
  }));
}

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

const dinheiro = (label: string) =>
  numberInput(label)
    .refine((v) => v === undefined || v >= 0, { error: `${label} não pode ser negativo` })
    .refine((v) => v === undefined || v <= PRECO_MAXIMO, { error: `${label} deve ser no máximo 999.999.999,99` })
    .transform((v) => (v === undefined ? 0 : fromCents(toCents(v))));

const dinheiroPositivo = (label: string) =>
  numberInput(label)
    .refine((v) => v !== undefined, { error: obrigatorio(label) })
    .refine((v) => v === undefined || v > 0, { error: `${label} deve ser maior que zero` })
    .refine((v) => v === undefined || v <= PRECO_MAXIMO, { error: `${label} deve ser no máximo 999.999.999,99` })
    .transform((v) => fromCents(toCents(v as number)));

const dataObrigatoria = (label: string) =>
  dateInput(label)
    .refine((v) => v !== undefined, { error: obrigatorio(label) })
    .transform((v) => v as string);

/** An installment of a new título: due date and value (reais > 0). */
export const parcelaTituloInputSchema = z.object({
  dataVencimento: dataObrigatoria('Data de vencimento'),
  valor: dinheiroPositivo('Valor da parcela'),
});
export type ParcelaTituloInput = z.input<typeof parcelaTituloInputSchema>;

/** The installments of a new título: 1..PARCELAS_TITULO_MAXIMAS. */
const parcelasTitulo = z
  .array(parcelaTituloInputSchema)
  .min(1, { error: 'Informe ao menos uma parcela' })
  .max(PARCELAS_TITULO_MAXIMAS, { error: `No máximo ${PARCELAS_TITULO_MAXIMAS} parcelas` });

/** What the update (PUT) of one installment adds to `tituloBase`. */
const tituloUpdate = {
  dataVencimento: dataObrigatoria('Data de vencimento'),
  valor: dinheiroPositivo('Valor'),
};

/** What despesas and receitas share in their create/update bodies. */
const tituloBase = {
  descricao: requiredText('Descrição', 200),
  categoriaFinanceiraId: optionalUuid('Categoria inválida'),
  formaPagamentoId: optionalUuid('Forma de pagamento inválida'),
  contaId: optionalUuid('Conta inválida'),
  documento: optionalText('Documento', 60),
  dataEmissao: dateInput('Data de emissão'),
  observacoes: optionalText('Observações', 2000),
};

/**
 * POST /api/financeiro/despesas: one payable per installment (`parcelas`, 1..120, shown by the
 * screen from `gerarParcelas`), all sharing a `grupoId`. `id` (optional) is the client's uuid
 * of the first installment: posting again with it answers what was created (double click).
 * `dataEmissao` defaults to today in the unit. `categoriaFinanceiraId` must be an active
 * category of kind despesa; `fornecedorId` a supplier of the tenant.
 */
export const despesaInputSchema = z.object({
  id: optionalUuid('Despesa inválida'),
  ...tituloBase,
  fornecedorId: optionalUuid('Fornecedor inválido'),
  parcelas: parcelasTitulo,
});
export type DespesaInput = z.input<typeof despesaInputSchema>;
export type DespesaInputParsed = z.output<typeof despesaInputSchema>;

/**
 * PUT /api/financeiro/despesas/{id}: one installment, only while EmAberto with nothing settled
 * (a settled one is changed only by reversing its settlements: 400). A purchase's payable keeps
 * its value (400 on `valor` when changed: change the purchase).
 */
export const despesaUpdateSchema = z.object({
  ...tituloBase,
  fornecedorId: optionalUuid('Fornecedor inválido'),
  ...tituloUpdate,
});
export type DespesaUpdate = z.input<typeof despesaUpdateSchema>;
export type DespesaUpdateParsed = z.output<typeof despesaUpdateSchema>;

/**
 * POST /api/financeiro/receitas: a manual receivable (a service billed later, a rent received…),
 * same shape as a payable with a customer (`pessoaId`) instead of a supplier. Category of kind
 * receita. Receivables of sales are created by the till and changed only through the sale.
 */
export const receitaInputSchema = z.object({
  id: optionalUuid('Receita inválida'),
  ...tituloBase,
  pessoaId: optionalUuid('Cliente inválido'),
  parcelas: parcelasTitulo,
});
export type ReceitaInput = z.input<typeof receitaInputSchema>;
export type ReceitaInputParsed = z.output<typeof receitaInputSchema>;

/** PUT /api/financeiro/receitas/{id}: as `despesaUpdateSchema`; a sale's receivable: 400. */
export const receitaUpdateSchema = z.object({
  ...tituloBase,
  pessoaId: optionalUuid('Cliente inválido'),
  ...tituloUpdate,
});
export type ReceitaUpdate = z.input<typeof receitaUpdateSchema>;
export type ReceitaUpdateParsed = z.output<typeof receitaUpdateSchema>;

/**
 * PATCH /api/financeiro/despesas/{id}/baixa and PATCH /api/financeiro/receitas/{id}/baixa: a
 * settlement.
 * - `dataPagamento`: default today in the unit; not after today (400).
 * - `valor`: the principal settled, > 0 and ≤ what is still open (400 'Valor maior que o saldo
 *   em aberto de R$ x'); absent → all that is open.
 * - `juros`, `multa`, `desconto`, `taxa` (receivables: the card/PIX fee; absent → the título's
 *   fee in proportion to `valor`): ≥ 0; the total (`totalBaixa`) must not be negative.
 * - `contaId`: the account the money leaves/enters; absent → the título's account, else the
 *   payment method's, else the unit's first bank account, else its cash account.
 * - `formaPagamentoId`: absent → the título's.
 * - `chave`: the client's uuid for this settlement: sending it again answers the título
 *   without settling twice.
 */
export const baixaInputSchema = z
  .object({
    chave: optionalUuid('Chave inválida'),
    dataPagamento: dateInput('Data de pagamento'),
    valor: numberInput('Valor')
      .refine((v) => v === undefined || v > 0, { error: 'Valor deve ser maior que zero' })
      .refine((v) => v === undefined || v <= PRECO_MAXIMO, { error: 'Valor deve ser no máximo 999.999.999,99' })
      .transform((v) => (v === undefined ? undefined : fromCents(toCents(v)))),
    juros: dinheiro('Juros'),
    multa: dinheiro('Multa'),
    desconto: dinheiro('Desconto'),
    taxa: numberInput('Taxa')
      .refine((v) => v === undefined || v >= 0, { error: 'Taxa não pode ser negativa' })
      .transform((v) => (v === undefined ? undefined : fromCents(toCents(v)))),
    contaId: optionalUuid('Conta inválida'),
    formaPagamentoId: optionalUuid('Forma de pagamento inválida'),
    observacoes: optionalText('Observações', 500),
  })
  .superRefine((b, ctx) => {
    if (b.valor !== undefined && totalBaixa({ ...b, valor: b.valor, taxa: b.taxa ?? 0 }) < 0)
      ctx.addIssue({ code: 'custom', path: ['desconto'], message: 'Desconto e taxa não podem passar do valor pago' });
  });
export type BaixaInput = z.input<typeof baixaInputSchema>;
export type BaixaInputParsed = z.output<typeof baixaInputSchema>;

/**
 * POST /api/financeiro/despesas/cancelar-baixar and POST /api/financeiro/receitas/cancelar-baixar:
 * reverses settlement `baixaId` of the título, or every active settlement of it when absent.
 * The account gets the opposite movement (origem 'estorno_baixa_despesa' /
 * 'estorno_baixa_receita'), the settlement is marked reversed (kept for history) and the
 * status recomputed. Reversing what is already reversed answers the título unchanged.
 */
export const cancelarBaixaInputSchema = z.object({
  id: z.uuid({ error: 'Título inválido' }),
  baixaId: optionalUuid('Baixa inválida'),
});
export type CancelarBaixaInput = z.input<typeof cancelarBaixaInputSchema>;

/**
 * POST /api/financeiro/recebimentos/confirmar: the card/PIX receivables whose money landed,
 * settled in one transaction each for its open value with its fee (`taxa` in proportion),
 * dated `dataRecebimento` (default today), into `contaId` (default each one's account).
 */
export const confirmarRecebimentosInputSchema = z.object({
  ids: z
    .array(z.uuid({ error: 'Recebimento inválido' }))
    .min(1, { error: 'Escolha ao menos um recebimento' })
    .max(500, { error: 'No máximo 500 recebimentos por vez' }),
  dataRecebimento: dateInput('Data de recebimento'),
  contaId: optionalUuid('Conta inválida'),
});
export type ConfirmarRecebimentosInput = z.input<typeof confirmarRecebimentosInputSchema>;

/**
 * POST /api/financeiro/contas/transferencia: money from one account of the unit to another,
 * as two ledger entries (origem 'transferencia', same `origemId` = the transfer's id): −valor
 * in the origin, +valor in the destination, so the total balance is unchanged. `id` (optional)
 * is the client's uuid: sent again, nothing moves twice. `data` default today; not after today.
 */
export const transferenciaInputSchema = z
  .object({
    id: optionalUuid('Transferência inválida'),
    contaOrigemId: z.uuid({ error: 'Escolha a conta de origem' }),
    contaDestinoId: z.uuid({ error: 'Escolha a conta de destino' }),
    valor: dinheiroPositivo('Valor'),
    data: dateInput('Data'),
    descricao: optionalText('Descrição', 200),
  })
  .refine((t) => t.contaOrigemId !== t.contaDestinoId, {
    path: ['contaDestinoId'],
    error: 'A conta de destino deve ser diferente da conta de origem',
  });
export type TransferenciaInput = z.input<typeof transferenciaInputSchema>;
export type TransferenciaInputParsed = z.output<typeof transferenciaInputSchema>;

// ---------------------------------------------------------------------------------------------
// Recurrences
// ---------------------------------------------------------------------------------------------

export const FREQUENCIAS_RECORRENCIA = ['semanal', 'mensal', 'anual'] as const;
export type FrequenciaRecorrencia = (typeof FREQUENCIAS_RECORRENCIA)[number];
export const FREQUENCIA_RECORRENCIA_LABEL: Record<FrequenciaRecorrencia, string> = {
  semanal: 'Semanal',
  mensal: 'Mensal',
  anual: 'Anual',
};

/** 'sem_fim': until ended; 'data': until `dataFim`; 'ocorrencias': `totalOcorrencias` times. */
export const TERMINOS_RECORRENCIA = ['sem_fim', 'data', 'ocorrencias'] as const;
export type TerminoRecorrencia = (typeof TERMINOS_RECORRENCIA)[number];
export const TERMINO_RECORRENCIA_LABEL: Record<TerminoRecorrencia, string> = {
  sem_fim: 'Sem data para terminar',
  data: 'Até uma data',
  ocorrencias: 'Por um número de vezes',
};

export const STATUS_RECORRENCIA = ['Ativa', 'Pausada', 'Encerrada'] as const;
export type StatusRecorrencia = (typeof STATUS_RECORRENCIA)[number];
export const STATUS_RECORRENCIA_COR: Record<StatusRecorrencia, string> = { Ativa: 'green', Pausada: 'yellow', Encerrada: 'gray' };

/** Payables of an active recurrence exist up to this many days ahead of today (DOMAIN.md §7 "generated ahead"). */
export const RECORRENCIA_DIAS_A_FRENTE = 90;
/** Largest `totalOcorrencias`. */
export const RECORRENCIA_OCORRENCIAS_MAXIMAS = 600;

/**
 * Due date of occurrence `n` (0-based) of a recurrence starting `dataInicio`, every `intervalo`
 * weeks / months / years. Counted from the start each time, so a rent due on the 31st falls
 * on the 28th in February and on the 31st again in March.
 */
export function dataOcorrencia(dataInicio: string, frequencia: FrequenciaRecorrencia, intervalo: number, n: number): string {
  if (frequencia === 'semanal') return addDays(dataInicio, 7 * intervalo * n);
  return addMonths(dataInicio, (frequencia === 'anual' ? 12 : 1) * intervalo * n);
}

/**
 * The due dates of occurrences `desde`.. of a recurrence that fall on or before `ate`, stopping
 * at its end (`dataFim` inclusive, or `totalOcorrencias`). At most `limite` dates.
 */
export function datasOcorrencias(
  r: {
    dataInicio: string;
    frequencia: FrequenciaRecorrencia;
    intervalo: number;
    termino: TerminoRecorrencia;
    dataFim: string | null;
    totalOcorrencias: number | null;
  },
  desde: number,
  ate: string,
  limite = RECORRENCIA_OCORRENCIAS_MAXIMAS,
): { ocorrencia: number; dataVencimento: string }[] {
  const out: { ocorrencia: number; dataVencimento: string }[] = [];
  for (let n = desde; out.length < limite; n++) {
    if (r.termino === 'ocorrencias' && r.totalOcorrencias !== null && n >= r.totalOcorrencias) break;
    const data = dataOcorrencia(r.dataInicio, r.frequencia, r.intervalo, n);
    if (data > ate) break;
    if (r.termino === 'data' && r.dataFim !== null && data > r.dataFim) break;
    out.push({ ocorrencia: n, dataVencimento: data });
  }
  return out;
}

/**
 * POST /api/financeiro/recorrencias and PUT /api/financeiro/recorrencias/{id}: a payable that
 * repeats. Creating (or changing) it generates its payables up to RECORRENCIA_DIAS_A_FRENTE
 * days ahead; a change replaces only the generated payables still open, unpaid and due after
 * today. `dataInicio` is the first due date.
 */
export const recorrenciaInputSchema = z
  .object({
    id: optionalUuid('Recorrência inválida'),
    descricao: requiredText('Descrição', 200),
    fornecedorId: optionalUuid('Fornecedor inválido'),
    categoriaFinanceiraId: optionalUuid('Categoria inválida'),
    formaPagamentoId: optionalUuid('Forma de pagamento inválida'),
    contaId: optionalUuid('Conta inválida'),
    valor: dinheiroPositivo('Valor'),
    frequencia: z.enum(FREQUENCIAS_RECORRENCIA, { error: 'Frequência inválida' }),
    intervalo: numberInput('Intervalo')
      .refine((v) => v === undefined || (Number.isInteger(v) && v >= 1 && v <= 12), {
        error: 'Intervalo deve ser um número inteiro de 1 a 12',
      })
      .transform((v) => v ?? 1),
    dataInicio: dataObrigatoria('Primeiro vencimento'),
    termino: z.enum(TERMINOS_RECORRENCIA, { error: 'Término inválido' }).default('sem_fim'),
    dataFim: dateInput('Data final'),
    totalOcorrencias: numberInput('Número de vezes').refine(
      (v) => v === undefined || (Number.isInteger(v) && v >= 1 && v <= RECORRENCIA_OCORRENCIAS_MAXIMAS),
      { error: `Número de vezes deve ser um número inteiro de 1 a ${RECORRENCIA_OCORRENCIAS_MAXIMAS}` },
    ),
    observacoes: optionalText('Observações', 2000),
  })
  .superRefine((r, ctx) => {
    if (r.termino === 'data' && !r.dataFim)
      ctx.addIssue({ code: 'custom', path: ['dataFim'], message: 'Data final é obrigatória' });
    if (r.termino === 'data' && r.dataFim && r.dataFim < r.dataInicio)
      ctx.addIssue({ code: 'custom', path: ['dataFim'], message: 'Data final anterior ao primeiro vencimento' });
    if (r.termino === 'ocorrencias' && r.totalOcorrencias === undefined)
      ctx.addIssue({ code: 'custom', path: ['totalOcorrencias'], message: 'Número de vezes é obrigatório' });
  });
export type RecorrenciaInput = z.input<typeof recorrenciaInputSchema>;
export type RecorrenciaInputParsed = z.output<typeof recorrenciaInputSchema>;

/**
 * POST /api/financeiro/recorrencias/{id}/pausar, /retomar, /encerrar. Pausing and ending delete
 * the generated payables still open, unpaid and due after today (past ones are untouched);
 * resuming generates again from the first occurrence not yet generated. Ending is final.
 */
export const ACOES_RECORRENCIA = ['pausar', 'retomar', 'encerrar'] as const;
export type AcaoRecorrencia = (typeof ACOES_RECORRENCIA)[number];

// ---------------------------------------------------------------------------------------------
// List queries
// ---------------------------------------------------------------------------------------------

/**
 * Filters shared by GET /api/financeiro/despesas and /receitas: `query` (description, document,
 * supplier or customer name), period on the due date (`dataInicio`/`dataFim`; absent: none),
 * `status` (one or several of FILTROS_STATUS_FINANCEIRO; absent: all but Cancelada),
 * `categoriaFinanceiraId`, `formaPagamentoId`, `contaId`. Ordered by due date, then description.
 */
const listTitulosQuery = listQuerySchema.extend({
  dataInicio: dateInput('Data inicial'),
  dataFim: dateInput('Data final'),
  status: listParam(z.enum(FILTROS_STATUS_FINANCEIRO, { error: 'Status inválido' })).default([]),
  categoriaFinanceiraId: optionalUuid('Categoria inválida'),
  formaPagamentoId: optionalUuid('Forma de pagamento inválida'),
  contaId: optionalUuid('Conta inválida'),
});

export const listDespesasQuerySchema = listTitulosQuery.extend({
  fornecedorId: optionalUuid('Fornecedor inválido'),
  recorrenciaId: optionalUuid('Recorrência inválida'),
});
export type ListDespesasQuery = z.output<typeof listDespesasQuerySchema>;

/**
 * GET /api/financeiro/receitas (spec §7): also `pessoaId` (customer) and `tipoForma` (one or
 * several payment-method kinds: 'cartao_credito,cartao_debito,pix' is what /recebimentos lists).
 */
export const listReceitasQuerySchema = listTitulosQuery.extend({
  pessoaId: optionalUuid('Cliente inválido'),
  tipoForma: listParam(z.enum(TIPOS_FORMA_PAGAMENTO, { error: 'Tipo de forma de pagamento inválido' })).default([]),
});
export type ListReceitasQuery = z.output<typeof listReceitasQuerySchema>;

/** Export format of the lists: GET …/exportar?formato=csv|xlsx with the list's filters. */
export const FORMATOS_EXPORTACAO = ['csv', 'xlsx'] as const;
export type FormatoExportacao = (typeof FORMATOS_EXPORTACAO)[number];
export const exportarQuerySchema = z.object({
  formato: z.enum(FORMATOS_EXPORTACAO, { error: 'Formato inválido (use csv ou xlsx)' }).default('xlsx'),
});

/**
 * GET /api/financeiro/movimentacoes (spec §7): the ledger of the unit's accounts, newest first.
 * `contaId` one account (then each entry carries the account's balance after it),
 * period on the movement's day (default: the last 30 days up to today in the unit), `origem`
 * one or several ORIGENS_MOVIMENTACAO, `query` in the description.
 */
export const ORIGENS_MOVIMENTACAO = [
  'baixa_receita',
  'baixa_despesa',
  'estorno_baixa_receita',
  'estorno_baixa_despesa',
  'transferencia',
  'transferencia_caixa',
  'ajuste',
] as const;
export type OrigemMovimentacao = (typeof ORIGENS_MOVIMENTACAO)[number];
export const ORIGEM_MOVIMENTACAO_LABEL: Record<OrigemMovimentacao, string> = {
  baixa_receita: 'Recebimento',
  baixa_despesa: 'Pagamento',
  estorno_baixa_receita: 'Estorno de recebimento',
  estorno_baixa_despesa: 'Estorno de pagamento',
  transferencia: 'Transferência',
  transferencia_caixa: 'Transferência do caixa',
  ajuste: 'Ajuste',
};

export const listMovimentacoesQuerySchema = listQuerySchema.extend({
  contaId: optionalUuid('Conta inválida'),
  dataInicio: dateInput('Data inicial'),
  dataFim: dateInput('Data final'),
  origem: listParam(z.enum(ORIGENS_MOVIMENTACAO, { error: 'Origem inválida' })).default([]),
});
export type ListMovimentacoesQuery = z.output<typeof listMovimentacoesQuerySchema>;

/** GET /api/financeiro/recorrencias: `status` one or several; `query` in the description. */
export const listRecorrenciasQuerySchema = listQuerySchema.extend({
  status: listParam(z.enum(STATUS_RECORRENCIA, { error: 'Status inválido' })).default([]),
});
export type ListRecorrenciasQuery = z.output<typeof listRecorrenciasQuerySchema>;

/**
 * GET /api/financeiro/recebimentos/resumo (spec §7): card and PIX receivables expected per day
 * in a period (default: today to 30 days ahead), by due (settlement) date.
 */
export const recebimentosResumoQuerySchema = z.object({
  dataInicio: dateInput('Data inicial'),
  dataFim: dateInput('Data final'),
});
export type RecebimentosResumoQuery = z.output<typeof recebimentosResumoQuerySchema>;

/** GET /api/financeiro/resumo: the overview of month `mes` ('yyyy-MM', default the current one). */
export const resumoFinanceiroQuerySchema = z.object({
  mes: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Mês inválido' })
      .optional(),
  ),
});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const ref = z.object({ id: z.string(), nome: z.string() }).nullable();

/** A settlement of a título. `estornadaEm` set when reversed (kept for history). */
export const baixaSchema = z.object({
  id: z.string(),
  dataPagamento: z.string(),
  valor: z.number(),
  juros: z.number(),
  multa: z.number(),
  desconto: z.number(),
  taxa: z.number(),
  /** What moved through the account: totalBaixa. */
  total: z.number(),
  conta: ref,
  formaPagamento: ref,
  observacoes: z.string().nullable(),
  usuario: z.string().nullable(),
  criadaEm: z.string(),
  estornadaEm: z.string().nullable(),
});
export type Baixa = z.infer<typeof baixaSchema>;

export const anexoSchema = z.object({ id: z.string(), nome: z.string(), tamanho: z.number(), url: z.string() });
export type Anexo = z.infer<typeof anexoSchema>;

const tituloSchema = z.object({
  id: z.string(),
  descricao: z.string(),
  documento: z.string().nullable(),
  categoriaFinanceira: ref,
  formaPagamento: z.object({ id: z.string(), nome: z.string(), tipo: z.string() }).nullable(),
  conta: ref,
  grupoId: z.string().nullable(),
  parcela: z.number().int(),
  totalParcelas: z.number().int(),
  dataEmissao: z.string(),
  dataVencimento: z.string(),
  valor: z.number(),
  /** Principal settled. */
  valorPago: z.number(),
  /** valorEmAberto. */
  valorEmAberto: z.number(),
  status: z.enum(STATUS_FINANCEIRO),
  /** True when overdue (estaVencido) today in the unit. */
  vencida: z.boolean(),
  dataBaixa: z.string().nullable(),
  observacoes: z.string().nullable(),
  /** Only in GET /{id}, PATCH …/baixa and cancelar-baixar answers; [] in lists. */
  baixas: z.array(baixaSchema),
});

/** A payable. `origem`: 'manual' | 'compra' | 'recorrencia'. */
export const despesaSchema = tituloSchema.extend({
  fornecedor: ref,
  compra: z.object({ id: z.string(), numero: z.number().int() }).nullable(),
  recorrenciaId: z.string().nullable(),
  origem: z.enum(['manual', 'compra', 'recorrencia']),
  anexos: z.array(anexoSchema),
});
export type Despesa = z.infer<typeof despesaSchema>;

/** A receivable. `origem`: 'manual' | 'venda'; `valorTaxa` the method's fee (reais). */
export const receitaSchema = tituloSchema.extend({
  pessoa: ref,
  venda: z.object({ id: z.string(), numero: z.number().int() }).nullable(),
  origem: z.enum(['manual', 'venda']),
  valorTaxa: z.number(),
  /** valor − valorTaxa: what is expected to land. */
  valorLiquido: z.number(),
});
export type Receita = z.infer<typeof receitaSchema>;

/** Totals of the filtered list (every page): value, settled, open, overdue (reais). */
export const totaisTitulosSchema = z.object({
  quantidade: z.number().int(),
  valor: z.number(),
  valorPago: z.number(),
  valorEmAberto: z.number(),
  /**
   * What is open net of the card/PIX fee in proportion (receivables: Σ (valor − valorPago) ×
   * (1 − valorTaxa ÷ valor); payables: = valorEmAberto). What the overview's "a receber" sums.
   */
  valorEmAbertoLiquido: z.number(),
  valorVencido: z.number(),
});
export type TotaisTitulos = z.infer<typeof totaisTitulosSchema>;

/** Paged list answer of despesas/receitas: the page plus the filtered totals. */
export const pageTitulosOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    totais: totaisTitulosSchema,
  });

/** A ledger entry. `saldoApos` only when the list is of one account. */
export const movimentacaoFinanceiraSchema = z.object({
  id: z.string(),
  data: z.string(),
  conta: z.object({ id: z.string(), nome: z.string() }),
  valor: z.number(),
  descricao: z.string(),
  origem: z.string(),
  origemId: z.string().nullable(),
  categoriaFinanceira: ref,
  usuario: z.string().nullable(),
  criadaEm: z.string(),
  saldoApos: z.number().nullable(),
});
export type MovimentacaoFinanceira = z.infer<typeof movimentacaoFinanceiraSchema>;

/** GET /api/financeiro/movimentacoes: the page, plus the period's in/out and, for one account, its balance before the period. */
export const movimentacoesPageSchema = z.object({
  items: z.array(movimentacaoFinanceiraSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  entradas: z.number(),
  saidas: z.number(),
  saldoAnterior: z.number().nullable(),
  saldoFinal: z.number().nullable(),
});
export type MovimentacoesPage = z.infer<typeof movimentacoesPageSchema>;

/** GET /api/financeiro/contas/saldo: every active account of the unit with its balance, and the sum. */
export const saldoContasSchema = z.object({
  contas: z.array(z.object({ id: z.string(), nome: z.string(), tipo: z.enum(TIPOS_CONTA), saldo: z.number() })),
  total: z.number(),
});
export type SaldoContas = z.infer<typeof saldoContasSchema>;

/** POST /api/financeiro/contas/transferencia answer. */
export const transferenciaSchema = z.object({
  id: z.string(),
  data: z.string(),
  valor: z.number(),
  contaOrigem: z.object({ id: z.string(), nome: z.string(), saldo: z.number() }),
  contaDestino: z.object({ id: z.string(), nome: z.string(), saldo: z.number() }),
});
export type Transferencia = z.infer<typeof transferenciaSchema>;

export const recorrenciaSchema = z.object({
  id: z.string(),
  descricao: z.string(),
  fornecedor: ref,
  categoriaFinanceira: ref,
  formaPagamento: ref,
  conta: ref,
  valor: z.number(),
  frequencia: z.enum(FREQUENCIAS_RECORRENCIA),
  intervalo: z.number().int(),
  dataInicio: z.string(),
  termino: z.enum(TERMINOS_RECORRENCIA),
  dataFim: z.string().nullable(),
  totalOcorrencias: z.number().int().nullable(),
  status: z.enum(STATUS_RECORRENCIA),
  observacoes: z.string().nullable(),
  /** Payables generated so far (not cancelled), and the next open one's due date. */
  geradas: z.number().int(),
  proximoVencimento: z.string().nullable(),
});
export type Recorrencia = z.infer<typeof recorrenciaSchema>;

/** One day of expected card/PIX receipts (reais). */
export const recebimentoDiaSchema = z.object({
  data: z.string(),
  quantidade: z.number().int(),
  bruto: z.number(),
  taxa: z.number(),
  liquido: z.number(),
  /** Already marked received (net of what was settled). */
  recebido: z.number(),
  /** Still expected: bruto − settled principal. */
  aReceber: z.number(),
});
export const recebimentosResumoSchema = z.object({
  dataInicio: z.string(),
  dataFim: z.string(),
  dias: z.array(recebimentoDiaSchema),
  porForma: z.array(
    z.object({
      formaPagamento: z.object({ id: z.string(), nome: z.string(), tipo: z.string() }),
      bruto: z.number(),
      taxa: z.number(),
      liquido: z.number(),
      aReceber: z.number(),
    }),
  ),
  totais: z.object({
    quantidade: z.number().int(),
    bruto: z.number(),
    taxa: z.number(),
    liquido: z.number(),
    recebido: z.number(),
    aReceber: z.number(),
  }),
});
export type RecebimentosResumo = z.infer<typeof recebimentosResumoSchema>;

/** To receive or to pay: the open principal due in the next 7 and 30 days (from today), and overdue. */
const aVencerSchema = z.object({
  dias7: z.number(),
  dias30: z.number(),
  vencido: z.number(),
  quantidadeVencida: z.number().int(),
});

/**
 * GET /api/financeiro/resumo: what /financeiro/ shows.
 * - `saldos`: as /contas/saldo;
 * - `aReceber` / `aPagar`: open principal (card/PIX receivables net of their fee);
 * - `mes`: the month's realised income and expenses (settlements of receitas and despesas
 *   plus the registers' sales in cash, by day paid) and what is still due in it;
 * - `fluxoCaixa`: every day of the month: realised in/out (account movements except transfers
 *   between the unit's accounts) up to today, expected in/out (open títulos by due date) after,
 *   and the running balance (`saldo`) starting from the accounts' balance on the month's eve;
 *   open títulos due from the current month's first day up to today (overdue, due today) are
 *   expected on the first day after today, so the line ends at `saldoPrevisto.valor`;
 * - `saldoPrevisto` (null for a month already over): the balance expected at the month's end =
 *   `saldoAtual` (today's balance of the active accounts, = `saldos.total`) + `aReceber` − `aPagar`,
 *   where `aReceber` / `aPagar` are the open principal (receivables net of fees) due from
 *   `vencimentoDesde` (the current month's first day) to `vencimentoAte` (the month's last day):
 *   the totals `valorEmAbertoLiquido` of GET /receitas and /despesas with
 *   status=EmAberto,BaixaParcial&dataInicio=vencimentoDesde&dataFim=vencimentoAte. For the
 *   current month they are `mesAtual.aReceber` / `mesAtual.aPagar`;
 * - `dre`: the last 6 months up to `mes`, competence basis: income by category (sales by the
 *   day finalised, net of returns, under 'Vendas'; manual receivables by issue date), expenses
 *   by category (payables by due date, register expenses by day), result per month.
 */
export const resumoFinanceiroSchema = z.object({
  hoje: z.string(),
  mes: z.string(),
  saldos: saldoContasSchema,
  aReceber: aVencerSchema,
  aPagar: aVencerSchema,
  mesAtual: z.object({ recebido: z.number(), pago: z.number(), aReceber: z.number(), aPagar: z.number() }),
  saldoPrevisto: z
    .object({
      saldoAtual: z.number(),
      aReceber: z.number(),
      aPagar: z.number(),
      valor: z.number(),
      vencimentoDesde: z.string(),
      vencimentoAte: z.string(),
    })
    .nullable(),
  fluxoCaixa: z.array(
    z.object({ data: z.string(), entradas: z.number(), saidas: z.number(), previsto: z.boolean(), saldo: z.number() }),
  ),
  dre: z.object({
    meses: z.array(z.string()),
    linhas: z.array(
      z.object({
        tipo: z.enum(['receita', 'despesa']),
        categoria: z.string(),
        /** One value per month of `meses` (reais, positive). */
        valores: z.array(z.number()),
      }),
    ),
    receitas: z.array(z.number()),
    despesas: z.array(z.number()),
    resultado: z.array(z.number()),
  }),
});
export type ResumoFinanceiro = z.infer<typeof resumoFinanceiroSchema>;
