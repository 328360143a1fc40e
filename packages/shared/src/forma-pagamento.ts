/**
 * Payment methods (*formas de pagamento*, DOMAIN.md §7): the kinds the till and finance know.
 * Issue #4 item 1. The CRUD contract of the settings screen lives below the kinds.
 */
import { z } from 'zod';
import { emptyToUndefined, listQuerySchema } from './http.ts';
import { cnpjSchema, numberInput, optional, optionalText, requiredText } from './validators.ts';

/** Kinds of payment method, with how the till and finance treat each. */
export const TIPOS_FORMA_PAGAMENTO = [
  'dinheiro',
  'pix',
  'cartao_debito',
  'cartao_credito',
  'boleto',
  'credito_cliente',
  'a_prazo',
  'transferencia',
] as const;
export type TipoFormaPagamento = (typeof TIPOS_FORMA_PAGAMENTO)[number];

export const TIPO_FORMA_PAGAMENTO_LABEL: Record<TipoFormaPagamento, string> = {
  dinheiro: 'Dinheiro',
  pix: 'PIX',
  cartao_debito: 'Cartão de débito',
  cartao_credito: 'Cartão de crédito',
  boleto: 'Boleto',
  credito_cliente: 'Crédito do cliente',
  a_prazo: 'A prazo',
  transferencia: 'Transferência bancária',
};

/** Kinds that can take more than one installment. */
export const TIPOS_PARCELAVEIS: readonly TipoFormaPagamento[] = ['cartao_credito', 'a_prazo', 'boleto'];
/** Kinds that need an identified customer on the sale (DOMAIN.md §6). */
export const TIPOS_EXIGEM_CLIENTE: readonly TipoFormaPagamento[] = ['credito_cliente', 'a_prazo'];
/**
 * Kinds that become receivables (*receitas*) when the sale is finalised. A bank transfer
 * (TED/DOC, issue #15 item 2: mostly how payables are paid) lands in the bank like a PIX.
 */
export const TIPOS_GERAM_RECEITA: readonly TipoFormaPagamento[] = [
  'pix',
  'cartao_debito',
  'cartao_credito',
  'boleto',
  'a_prazo',
  'transferencia',
];
/** Kinds a shop pays its payables (*despesas*) with: the baixa of a payable offers these. */
export const TIPOS_PAGAM_DESPESA: readonly TipoFormaPagamento[] = [
  'dinheiro',
  'pix',
  'cartao_debito',
  'cartao_credito',
  'boleto',
  'transferencia',
];

// ---------------------------------------------------------------------------------------------
// CRUD contract: /api/financeiro/formas-pagamento (spec §7 "Finance"; spec §5 "Payment methods
// ... lists: page 1, pageSize 20"). Names are unique per tenant, ignoring case and accents.
// ---------------------------------------------------------------------------------------------

/** Largest fee (percent). */
export const TAXA_MAXIMA = 100;
/** Largest settlement delay (days, D+N). */
export const DIAS_RECEBIMENTO_MAXIMO = 365;
/** Largest number of installments. */
export const PARCELAS_MAXIMAS = 48;

const tipoFormaSchema = z.enum(TIPOS_FORMA_PAGAMENTO, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === '' ? 'Tipo é obrigatório' : 'Tipo inválido',
});

/** A whole number between `min` and `max`; absent or '' → `padrao`. */
const inteiroEntre = (label: string, min: number, max: number, padrao: number) =>
  numberInput(label)
    .transform((v) => v ?? padrao)
    .refine((v) => Number.isInteger(v) && v >= min && v <= max, {
      error: `${label} deve ser um número inteiro entre ${min} e ${max}`,
    });

/**
 * Create and update (PUT) body. taxaPercentual: percent of the payment kept by the acquirer
 * (0..100, 4 decimals: 2,4900 = 2.49 %); diasRecebimento: D+N (0..365); maxParcelas: 1..48,
 * more than 1 only for TIPOS_PARCELAVEIS; contaDestinoId: an account of the selected unit
 * (absent: the unit's first bank account receives, DOMAIN.md §7).
 */
export const formaPagamentoInputSchema = z
  .object({
    nome: requiredText('Nome', 60),
    tipo: tipoFormaSchema,
    taxaPercentual: numberInput('Taxa')
      .transform((v) => v ?? 0)
      .refine((v) => v >= 0 && v <= TAXA_MAXIMA, { error: `Taxa deve estar entre 0 e ${TAXA_MAXIMA} %` })
      .transform((v) => Math.round(v * 10_000) / 10_000),
    diasRecebimento: inteiroEntre('Dias para recebimento', 0, DIAS_RECEBIMENTO_MAXIMO, 0),
    maxParcelas: inteiroEntre('Máximo de parcelas', 1, PARCELAS_MAXIMAS, 1),
    contaDestinoId: z.preprocess(
      (v) => (v === null ? undefined : emptyToUndefined(v)),
      z.uuid({ error: 'Conta de destino inválida' }).optional(),
    ),
    /** Card kinds: the default acquirer of the method's payments (issue #15 item 4), name and CNPJ. */
    adquirente: optionalText('Adquirente', 60),
    adquirenteCnpj: optional(cnpjSchema),
    ativo: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.tipo !== 'cartao_debito' && v.tipo !== 'cartao_credito') {
      for (const campo of ['adquirente', 'adquirenteCnpj'] as const)
        if (v[campo] !== undefined)
          ctx.addIssue({ code: 'custom', path: [campo], message: 'Adquirente somente em formas de cartão' });
    }
    if (v.maxParcelas > 1 && !TIPOS_PARCELAVEIS.includes(v.tipo)) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxParcelas'],
        message: 'Somente cartão de crédito, boleto e a prazo podem ser parcelados',
      });
    }
  });
export type FormaPagamentoInput = z.input<typeof formaPagamentoInputSchema>;
export type FormaPagamentoInputParsed = z.output<typeof formaPagamentoInputSchema>;

/** A payment method. `contaDestinoNome` is null when the account is not of the selected unit. */
export const formaPagamentoSchema = z.object({
  id: z.string(),
  nome: z.string(),
  tipo: z.enum(TIPOS_FORMA_PAGAMENTO),
  taxaPercentual: z.number(),
  diasRecebimento: z.number().int(),
  maxParcelas: z.number().int(),
  contaDestinoId: z.string().nullable(),
  contaDestinoNome: z.string().nullable(),
  adquirente: z.string().nullable(),
  adquirenteCnpj: z.string().nullable(),
  ativo: z.boolean(),
});
export type FormaPagamento = z.infer<typeof formaPagamentoSchema>;

/** List: search by name (accent-insensitive, contains), `ativo` and `tipo` filters; ordered by name. */
export const listFormasPagamentoQuerySchema = listQuerySchema.extend({
  ativo: optional(z.enum(['true', 'false'], { error: 'Filtro inválido' })),
  tipo: optional(tipoFormaSchema),
});
export type ListFormasPagamentoQuery = z.infer<typeof listFormasPagamentoQuerySchema>;

/** "D+0", "D+30": when the money reaches the account. */
export const formatDiasRecebimento = (dias: number): string => `D+${dias}`;
