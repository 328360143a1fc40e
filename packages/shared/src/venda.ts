/**
 * Sales and quotes at the point of sale (spec §2 "Point of sale screen", §3 "Sale/quote working
 * record", §4, §7 "Sales and point of sale"; DOMAIN.md §6; issue #4 item 3).
 *
 * The arithmetic lives here, in integer cents, so the till shows exactly what the API will
 * store: `calcularVenda` (totals, discounts, freight, paid and open), `calcularPagamento`
 * (change for cash, caps for the rest), `parcelar` (installments that add up to the cent),
 * `valoresDevolviveis` (what a return refunds per unit, the sale discount prorated).
 *
 * Money in the API is a number in reais (2 decimals); the web app's working record keeps it as
 * Brazilian text ('0,00', spec §3) and converts at the edges.
 */
import { z } from 'zod';
import { fromCents, roundQuantidade, toCents } from './format.ts';
import { emptyToUndefined, listQuerySchema } from './http.ts';
import { dadosCartaoInputShape, dadosCartaoSchema } from './cartao.ts';
import { TIPOS_FORMA_PAGAMENTO, type TipoFormaPagamento } from './forma-pagamento.ts';
import {
  dateInput,
  listParam,
  moneyInput,
  numberInput,
  optionalText,
  optionalUuid,
  PRECO_MAXIMO,
  QUANTIDADE_MAXIMA,
} from './validators.ts';

// ---------------------------------------------------------------------------------------------
// Enumerations (DOMAIN.md §6)
// ---------------------------------------------------------------------------------------------

export const TIPOS_VENDA = ['Venda', 'Orcamento'] as const;
export type TipoVenda = (typeof TIPOS_VENDA)[number];

/** EmAberto: being built or with a balance; Finalizada: paid or its balance became a receivable. */
export const STATUS_VENDA = ['EmAberto', 'Finalizada', 'Cancelada'] as const;
export type StatusVenda = (typeof STATUS_VENDA)[number];
export const STATUS_VENDA_LABEL: Record<StatusVenda, string> = {
  EmAberto: 'Em aberto',
  Finalizada: 'Finalizada',
  Cancelada: 'Cancelada',
};

export const STATUS_ORCAMENTO = ['Aberto', 'Convertido', 'Expirado'] as const;
export type StatusOrcamento = (typeof STATUS_ORCAMENTO)[number];

export const TIPOS_DESCONTO = ['Percentual', 'Valor'] as const;
export type TipoDesconto = (typeof TIPOS_DESCONTO)[number];

/** Point-of-sale screen modes (spec §2). */
export const MODOS_PDV = { Nova: 0, Edicao: 1, Visualizacao: 2 } as const;
export type ModoPdv = (typeof MODOS_PDV)[keyof typeof MODOS_PDV];

/** Days a quote stays valid when the cashier does not say (DOMAIN.md §6 default). */
export const VALIDADE_ORCAMENTO_DIAS = 7;

// ---------------------------------------------------------------------------------------------
// Arithmetic, in cents
// ---------------------------------------------------------------------------------------------

/** Half away from zero integer division for bigint. */
const divRound = (a: bigint, b: bigint): bigint => {
  const neg = a < 0n !== b < 0n;
  const [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  const q = (x * 2n + y) / (2n * y);
  return neg ? -q : q;
};

/** Quantity in thousandths (3 decimals), exact: 1.5 → 1500. */
export const toMilesimos = (q: number): number => Math.round(roundQuantidade(q, true) * 1000);

/** cents × quantity, rounded to the cent: (1990, 1.5) → 2985. */
export const multiplyCents = (centavos: number, quantidade: number): number =>
  Number(divRound(BigInt(centavos) * BigInt(toMilesimos(quantidade)), 1000n));

/**
 * The discount in cents of a base of `baseCentavos`: Percentual `desconto` is a percent with up
 * to 2 decimals (10 → 10 %), Valor is reais. Never more than the base, never negative.
 */
export const descontoCentavos = (baseCentavos: number, desconto: number, tipo: TipoDesconto): number => {
  if (!desconto || desconto <= 0 || baseCentavos <= 0) return 0;
  const valor =
    tipo === 'Percentual' ? Number(divRound(BigInt(baseCentavos) * BigInt(toCents(desconto)), 10000n)) : toCents(desconto);
  return Math.min(valor, baseCentavos);
};

export type ItemCalculo = { quantidade: number; valorUnitario: number; desconto?: number; tipoDesconto?: TipoDesconto };
export type VendaCalculo = {
  itens: readonly ItemCalculo[];
  desconto?: number;
  tipoDesconto?: TipoDesconto;
  valorEntregaFrete?: number;
  /** What each payment pays of the sale (reais). */
  pagamentos?: readonly { valor: number }[];
};
export type ItemCalculado = { valorBruto: number; valorDesconto: number; valorTotal: number };
export type VendaCalculada = {
  itens: ItemCalculado[];
  /** Σ quantidade × valorUnitario. */
  valorBruto: number;
  valorDescontoItens: number;
  /** The sale discount in reais (Percentual applies to the items' net total). */
  valorDescontoVenda: number;
  /** valorDescontoItens + valorDescontoVenda. */
  valorDescontos: number;
  valorEntregaFrete: number;
  /** valorBruto − valorDescontos + valorEntregaFrete. */
  valorLiquido: number;
  valorPago: number;
  /** max(0, valorLiquido − valorPago). */
  valorEmAberto: number;
};

/**
 * Totals of a sale (DOMAIN.md §6): item gross = quantity × unit price rounded to the cent,
 * item discount (Percentual of the item gross, or Valor) capped at the gross; the sale
 * discount applies to the items' net total; freight is added after discounts; paid and open
 * are derived from the payments, never typed. All values in reais.
 */
export function calcularVenda(venda: VendaCalculo): VendaCalculada {
  const itens = venda.itens.map((item) => {
    const bruto = multiplyCents(toCents(item.valorUnitario), item.quantidade);
    const desconto = descontoCentavos(bruto, item.desconto ?? 0, item.tipoDesconto ?? 'Valor');
    return { bruto, desconto, total: bruto - desconto };
  });
  const bruto = itens.reduce((s, i) => s + i.bruto, 0);
  const descontoItens = itens.reduce((s, i) => s + i.desconto, 0);
  const liquidoItens = bruto - descontoItens;
  const descontoVenda = descontoCentavos(liquidoItens, venda.desconto ?? 0, venda.tipoDesconto ?? 'Valor');
  const frete = Math.max(0, toCents(venda.valorEntregaFrete ?? 0));
  const liquido = liquidoItens - descontoVenda + frete;
  const pago = (venda.pagamentos ?? []).reduce((s, p) => s + toCents(p.valor), 0);
  return {
    itens: itens.map((i) => ({
      valorBruto: fromCents(i.bruto),
      valorDesconto: fromCents(i.desconto),
      valorTotal: fromCents(i.total),
    })),
    valorBruto: fromCents(bruto),
    valorDescontoItens: fromCents(descontoItens),
    valorDescontoVenda: fromCents(descontoVenda),
    valorDescontos: fromCents(descontoItens + descontoVenda),
    valorEntregaFrete: fromCents(frete),
    valorLiquido: fromCents(liquido),
    valorPago: fromCents(pago),
    valorEmAberto: fromCents(Math.max(0, liquido - pago)),
  };
}

/**
 * One payment against what is still open (reais). Cash may be handed over in excess: it pays
 * at most the open balance and the rest is change (*troco*). Any other method pays exactly
 * what was typed and may not exceed the open balance (`excedeAberto` true then).
 */
export function calcularPagamento(
  tipo: TipoFormaPagamento,
  valorEmAberto: number,
  valorRecebido: number,
): { valor: number; troco: number; excedeAberto: boolean } {
  const aberto = Math.max(0, toCents(valorEmAberto));
  const recebido = Math.max(0, toCents(valorRecebido));
  if (tipo === 'dinheiro') {
    const valor = Math.min(aberto, recebido);
    return { valor: fromCents(valor), troco: fromCents(recebido - valor), excedeAberto: false };
  }
  return { valor: fromCents(recebido), troco: 0, excedeAberto: recebido > aberto };
}

/** Splits `valor` reais into `parcelas` that add up exactly; the first takes the odd cents. */
export function parcelar(valor: number, parcelas: number): number[] {
  const n = Math.max(1, Math.trunc(parcelas));
  const total = toCents(valor);
  const base = Math.trunc(total / n);
  const resto = total - base * n;
  return Array.from({ length: n }, (_, i) => fromCents(base + (i === 0 ? resto : 0)));
}

/** A fee of `taxaPercentual` percent (2.49 = 2.49 %) on `valor` reais, rounded to the cent. */
export function valorTaxa(valor: number, taxaPercentual: number): number {
  return fromCents(Number(divRound(BigInt(toCents(valor)) * BigInt(Math.round(taxaPercentual * 10000)), 1000000n)));
}

/**
 * What a return refunds per unit of each item (reais, 2 decimals): the item's net total less
 * its share of the sale discount, divided by the quantity sold. Shares are prorated by the
 * items' net totals, the last item takes the rounding rest, so returning everything refunds
 * exactly what was paid for the goods (freight is not refunded).
 */
export function valoresDevolviveis(
  itens: readonly { valorTotal: number; quantidade: number }[],
  valorDescontoVenda: number,
): { valorLiquidoItem: number; valorUnitario: number }[] {
  const totais = itens.map((i) => toCents(i.valorTotal));
  const soma = totais.reduce((s, t) => s + t, 0);
  const desconto = toCents(valorDescontoVenda);
  let usado = 0;
  return itens.map((item, idx) => {
    const share =
      idx === itens.length - 1
        ? desconto - usado
        : soma === 0
          ? 0
          : Number(divRound(BigInt(desconto) * BigInt(totais[idx]!), BigInt(soma)));
    usado += share;
    const liquido = totais[idx]! - share;
    const unit = item.quantidade > 0 ? Number(divRound(BigInt(liquido) * 1000n, BigInt(toMilesimos(item.quantidade)))) : 0;
    return { valorLiquidoItem: fromCents(liquido), valorUnitario: fromCents(unit) };
  });
}

/** 'yyyy-MM-dd' plus `dias` calendar days ('2024-01-31' + 1 → '2024-02-01'). */
export function addDays(dataISO: string, dias: number): string {
  const [y, m, d] = dataISO.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + dias)).toISOString().slice(0, 10);
}

/**
 * 'yyyy-MM-dd' plus `meses` months, the day kept or moved to the month's last day
 * ('2024-01-31' + 1 → '2024-02-29'): due dates of monthly installments.
 */
export function addMonths(dataISO: string, meses: number): string {
  const [y, m, d] = dataISO.split('-').map(Number) as [number, number, number];
  const ultimoDia = new Date(Date.UTC(y, m - 1 + meses + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + meses, Math.min(d, ultimoDia))).toISOString().slice(0, 10);
}

/**
 * Due dates of the receivables of one payment (DOMAIN.md §6–7), `parcelas` of them, from the
 * sale's day `hoje`: credit card and boleto D+`diasRecebimento` then 30 days apart; PIX and
 * debit card D+`diasRecebimento`; a prazo from `primeiroVencimento` (default `hoje` + 30 days)
 * then one month apart.
 */
export function vencimentosPagamento(
  tipo: TipoFormaPagamento,
  hoje: string,
  parcelas: number,
  diasRecebimento: number,
  primeiroVencimento?: string | null,
): string[] {
  const n = Math.max(1, Math.trunc(parcelas));
  if (tipo === 'a_prazo') {
    const primeiro = primeiroVencimento ?? addDays(hoje, DIAS_VENCIMENTO_A_PRAZO);
    return Array.from({ length: n }, (_, i) => addMonths(primeiro, i));
  }
  const espaco = tipo === 'cartao_credito' || tipo === 'boleto' ? 30 : 0;
  return Array.from({ length: n }, (_, i) => addDays(hoje, diasRecebimento + espaco * i));
}

/**
 * The discount of a sale as a percent of its gross value (issue #22 item 4): the items' discounts
 * plus the sale's, in reais, ÷ Σ quantity × unit price before discounts × 100 (freight left out),
 * rounded to 2 decimals for display. 0 without a gross value.
 */
export const percentualDescontoVenda = (valorBruto: number, valorDescontos: number): number => {
  const bruto = toCents(valorBruto);
  if (bruto <= 0) return 0;
  return Number(divRound(BigInt(toCents(valorDescontos)) * 10000n, BigInt(bruto))) / 100;
};

/**
 * Whether a sale's discount goes above `limite` percent of its gross value, compared exactly in
 * cents (a 10,001% discount is above a 10% limit even when it shows as 10,00%). `limite` null:
 * no limit, never above.
 */
export const descontoAcimaDoLimite = (valorBruto: number, valorDescontos: number, limite: number | null): boolean =>
  limite !== null && BigInt(toCents(valorDescontos)) * 10000n > BigInt(Math.round(limite * 100)) * BigInt(toCents(valorBruto));

/** Days until the first due date of an a prazo payment when the cashier does not say. */
export const DIAS_VENCIMENTO_A_PRAZO = 30;

// ---------------------------------------------------------------------------------------------
// Input contracts (POST /api/comercial/pdv/*)
// ---------------------------------------------------------------------------------------------

const uuid = (message: string) => z.uuid({ error: message });

const descontoInput = (label: string) =>
  numberInput(label)
    .refine((v) => v === undefined || v >= 0, { error: `${label} não pode ser negativo` })
    .refine((v) => v === undefined || v <= PRECO_MAXIMO, { error: `${label} é grande demais` })
    .transform((v) => (v === undefined ? 0 : fromCents(toCents(v))));

const tipoDescontoInput = z.enum(TIPOS_DESCONTO, { error: 'Tipo de desconto inválido' }).default('Valor');

/**
 * An item of the working record. `id` is the client's uuid for the line (kept by the API);
 * the price comes from the catalogue when the line is new, from the stored line otherwise,
 * so the till cannot be made to sell at a typed price: price changes are discounts.
 */
export const vendaItemInputSchema = z
  .object({
    id: uuid('Item inválido'),
    produtoId: uuid('Produto inválido'),
    quantidade: numberInput('Quantidade')
      .refine((v) => v !== undefined, { error: 'Quantidade é obrigatória' })
      .refine((v) => v === undefined || v > 0, { error: 'Quantidade deve ser maior que zero' })
      .refine((v) => v === undefined || v <= QUANTIDADE_MAXIMA, { error: 'Quantidade é grande demais' })
      .transform((v) => v as number),
    desconto: descontoInput('Desconto do item'),
    tipoDesconto: tipoDescontoInput,
  })
  .superRefine((item, ctx) => {
    if (item.tipoDesconto === 'Percentual' && item.desconto > 100)
      ctx.addIssue({ code: 'custom', path: ['desconto'], message: 'Desconto deve ser no máximo 100%' });
  });
export type VendaItemInput = z.input<typeof vendaItemInputSchema>;

/**
 * A payment to add to a sale. `chave` is the client's id for it: saving it again (double
 * click, retry) records nothing new. `valorRecebido` is what the customer handed over (cash
 * may exceed the open balance: change); `parcelas` for credit card / a prazo / boleto;
 * `dataVencimento` the first due date of a prazo (default today + 30 days).
 */
export const vendaFinanceiroInputSchema = z.object({
  chave: z
    .string({ error: 'Chave do pagamento é obrigatória' })
    .trim()
    .min(1, { error: 'Chave do pagamento é obrigatória' })
    .max(64),
  formaPagamentoId: uuid('Forma de pagamento é obrigatória'),
  valorRecebido: moneyInput('Valor')
    .refine((v) => v !== undefined && v > 0, { error: 'Valor deve ser maior que zero' })
    .transform((v) => v as number),
  parcelas: z.coerce
    .number({ error: 'Parcelas inválidas' })
    .int({ error: 'Parcelas inválidas' })
    .min(1, { error: 'Parcelas inválidas' })
    .max(48)
    .default(1),
  dataVencimento: dateInput('Data de vencimento'),
  /** Card kinds only (issue #15 item 4; cartao.ts): brand, NSU, acquirer. Any on another kind: 400 on that field. */
  ...dadosCartaoInputShape,
});
export type VendaFinanceiroInput = z.input<typeof vendaFinanceiroInputSchema>;
export type VendaFinanceiroInputParsed = z.output<typeof vendaFinanceiroInputSchema>;

/**
 * A supervisor's authorization for a discount above the acting user's limit (issue #22 item 4,
 * "liberação do gerente"): the e-mail and password of an active user of the tenant whose profile
 * in the selected unit may close registers (Administrador, Gerente) and whose own limit covers
 * the discount. Sent with salvar-venda / deixar-venda-aberta after their 400
 * `autorizacaoDesconto`; never stored (the audit log keeps who authorized, not the password).
 */
export const autorizacaoDescontoInputSchema = z.object({
  email: z
    .string({ error: 'E-mail do autorizador é obrigatório' })
    .trim()
    .min(1, { error: 'E-mail do autorizador é obrigatório' })
    .max(254),
  senha: z
    .string({ error: 'Senha do autorizador é obrigatória' })
    .min(1, { error: 'Senha do autorizador é obrigatória' })
    .max(200),
});
export type AutorizacaoDescontoInput = z.input<typeof autorizacaoDescontoInputSchema>;

/**
 * The working record as the till sends it to snapshot, deixar-venda-aberta, salvar-venda and
 * adicionar-desconto. `id` is the client-generated uuid of the record and becomes the sale's
 * id on its first save (so saving twice never makes two sales). `financeiros` are payments
 * to add (by `chave`); payments already saved stay until excluir-recebimento-venda.
 */
export const vendaInputSchema = z
  .object({
    id: uuid('Venda inválida'),
    tipo: z.enum(TIPOS_VENDA, { error: 'Tipo inválido' }).default('Venda'),
    caixaId: optionalUuid('Caixa inválido'),
    clienteId: optionalUuid('Cliente inválido'),
    petId: optionalUuid('Pet inválido'),
    itens: z.array(vendaItemInputSchema).max(500, { error: 'No máximo 500 itens por venda' }).default([]),
    desconto: descontoInput('Desconto'),
    tipoDesconto: tipoDescontoInput,
    valorEntregaFrete: moneyInput('Entrega/frete').transform((v) => v ?? 0),
    validadeOrcamento: dateInput('Validade do orçamento'),
    observacoes: optionalText('Observações', 1000),
    financeiros: z.array(vendaFinanceiroInputSchema).max(50).default([]),
    /** Finalising / leaving open only: a supervisor's authorization of a discount above the user's limit. */
    autorizacaoDesconto: autorizacaoDescontoInputSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.tipoDesconto === 'Percentual' && v.desconto > 100)
      ctx.addIssue({ code: 'custom', path: ['desconto'], message: 'Desconto deve ser no máximo 100%' });
    if (v.petId && !v.clienteId) ctx.addIssue({ code: 'custom', path: ['petId'], message: 'Escolha o cliente do pet' });
  });
export type VendaInput = z.input<typeof vendaInputSchema>;
export type VendaInputParsed = z.output<typeof vendaInputSchema>;

/** POST /pdv/snapshot: the in-progress record, stored as is for recovery plus its parsed form. */
export const snapshotInputSchema = z.object({
  venda: vendaInputSchema,
  /** The client's full working record (spec §3), returned by GET /pdv/{id} as `snapshot`. */
  registro: z.record(z.string(), z.unknown()).optional(),
});

/** POST /pdv/salvar-recebimento: one payment for a saved sale. */
export const salvarRecebimentoInputSchema = z.object({
  vendaId: uuid('Venda inválida'),
  financeiro: vendaFinanceiroInputSchema,
});

/** POST /pdv/adicionar-desconto: a discount on the whole sale, or on one item when itemId is given. */
export const adicionarDescontoInputSchema = z
  .object({
    venda: vendaInputSchema,
    itemId: optionalUuid('Item inválido'),
    desconto: descontoInput('Desconto'),
    tipoDesconto: tipoDescontoInput,
  })
  .superRefine((v, ctx) => {
    if (v.tipoDesconto === 'Percentual' && v.desconto > 100)
      ctx.addIssue({ code: 'custom', path: ['desconto'], message: 'Desconto deve ser no máximo 100%' });
  });

/** POST /pdv/transformar-orcamento-em-venda. */
export const transformarOrcamentoInputSchema = z.object({ id: uuid('Orçamento inválido') });

/** DELETE /pdv/excluir-venda/{id}: the reason (query or body), required once a sale did anything. */
export const excluirVendaInputSchema = z.object({
  motivo: z.preprocess(
    emptyToUndefined,
    z.string().trim().min(3, { error: 'Informe o motivo (mínimo 3 letras)' }).max(500).optional(),
  ),
});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const vendaItemSchema = z.object({
  id: z.string(),
  ordem: z.number().int(),
  produtoId: z.string(),
  produto: z.object({
    id: z.string(),
    nome: z.string(),
    codigo: z.string().nullable(),
    codigoBarras: z.string().nullable(),
    tipo: z.string(),
    controlaEstoque: z.boolean(),
    unidadeMedida: z.object({ sigla: z.string(), permiteVendaFracionada: z.boolean() }),
  }),
  descricao: z.string(),
  quantidade: z.number(),
  quantidadeDevolvida: z.number(),
  valorUnitario: z.number(),
  desconto: z.number(),
  tipoDesconto: z.enum(TIPOS_DESCONTO),
  valorDesconto: z.number(),
  valorTotal: z.number(),
});
export type VendaItem = z.infer<typeof vendaItemSchema>;

export const vendaFinanceiroSchema = z.object({
  id: z.string(),
  chave: z.string(),
  formaPagamento: z.object({ id: z.string(), nome: z.string(), tipo: z.enum(TIPOS_FORMA_PAGAMENTO) }),
  valor: z.number(),
  valorRecebido: z.number(),
  troco: z.number(),
  parcelas: z.number().int(),
  dataVencimento: z.string().nullable(),
  /** Whether its money already moved (cash in the register, receivable created, credit used). */
  efetivado: z.boolean(),
  createdAt: z.string(),
  /** Card payments: brand (tBand code), NSU, acquirer and its CNPJ (null when not given / not a card). */
  ...dadosCartaoSchema.shape,
});
export type VendaFinanceiro = z.infer<typeof vendaFinanceiroSchema>;

export const vendaDevolucaoResumoSchema = z.object({
  id: z.string(),
  numero: z.number().int(),
  createdAt: z.string(),
  valorTotal: z.number(),
  reembolso: z.string(),
});

/** A sale or quote as GET /pdv/{id} and every pdv write answer it. */
export const vendaSchema = z.object({
  id: z.string(),
  /** The server's id (the same uuid once saved; spec §3 sId). */
  sId: z.string(),
  numero: z.number().int(),
  tipo: z.enum(TIPOS_VENDA),
  status: z.enum(STATUS_VENDA),
  statusOrcamento: z.enum(STATUS_ORCAMENTO).nullable(),
  validadeOrcamento: z.string().nullable(),
  emAtendimento: z.boolean(),
  caixaId: z.string().nullable(),
  usuario: z.object({ id: z.string(), nome: z.string() }),
  cliente: z
    .object({ id: z.string(), nome: z.string(), cpfCnpj: z.string().nullable(), telefone: z.string().nullable() })
    .nullable(),
  pet: z.object({ id: z.string(), nome: z.string() }).nullable(),
  itens: z.array(vendaItemSchema),
  financeiros: z.array(vendaFinanceiroSchema),
  devolucoes: z.array(vendaDevolucaoResumoSchema),
  valorBruto: z.number(),
  valorDescontoItens: z.number(),
  desconto: z.number(),
  tipoDesconto: z.enum(TIPOS_DESCONTO),
  valorDescontos: z.number(),
  valorEntregaFrete: z.number(),
  valorLiquido: z.number(),
  valorPago: z.number(),
  valorEmAberto: z.number(),
  valorTroco: z.number(),
  observacoes: z.string().nullable(),
  createdAt: z.string(),
  dataFinalizacao: z.string().nullable(),
  dataCancelamento: z.string().nullable(),
  motivoCancelamento: z.string().nullable(),
  /** The client's last snapshot of the working record, when the sale is still being served. */
  snapshot: z.record(z.string(), z.unknown()).nullable(),
});
export type Venda = z.infer<typeof vendaSchema>;

/** A row of the sales list, the till's open sales/quotes list and the customer's open sales. */
export const vendaResumoSchema = z.object({
  id: z.string(),
  numero: z.number().int(),
  tipo: z.enum(TIPOS_VENDA),
  status: z.enum(STATUS_VENDA),
  statusOrcamento: z.enum(STATUS_ORCAMENTO).nullable(),
  validadeOrcamento: z.string().nullable(),
  emAtendimento: z.boolean(),
  cliente: z.object({ id: z.string(), nome: z.string() }).nullable(),
  usuario: z.object({ id: z.string(), nome: z.string() }),
  quantidadeItens: z.number().int(),
  valorLiquido: z.number(),
  valorPago: z.number(),
  valorEmAberto: z.number(),
  /** Names of the payment methods used, joined. */
  formasPagamento: z.array(z.string()),
  createdAt: z.string(),
  dataFinalizacao: z.string().nullable(),
  /** Issue #18: the status of the sale's newest NFC-e (STATUS_DOCUMENTO_FISCAL of fiscal.ts), null without one. */
  statusFiscal: z.enum(['pendente', 'autorizada', 'rejeitada', 'contingencia', 'cancelada', 'denegada']).nullable().optional(),
});
export type VendaResumo = z.infer<typeof vendaResumoSchema>;

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

/**
 * GET /api/comercial/vendas and /vendas/resumo-venda (spec §5): page 1, pageSize 20, query,
 * clienteId, dataInicio/dataFim (yyyy-MM-dd, default today in the unit's time zone, applied by
 * the API when absent), statuses (default all). Only tipo Venda, not em atendimento.
 */
export const listVendasQuerySchema = listQuerySchema.extend({
  clienteId: optionalUuid('Cliente inválido'),
  dataInicio: dateInput('Data inicial'),
  dataFim: dateInput('Data final'),
  statuses: listParam(z.enum(STATUS_VENDA, { error: 'Status inválido' })).default([]),
});
export type ListVendasQuery = z.output<typeof listVendasQuerySchema>;

/** GET /vendas/resumo-venda answer: totals of the same filters. */
export const resumoVendaSchema = z.object({
  quantidade: z.number().int(),
  valorBruto: z.number(),
  valorDescontos: z.number(),
  valorLiquido: z.number(),
  valorPago: z.number(),
  valorEmAberto: z.number(),
  ticketMedio: z.number(),
  porFormaPagamento: z.array(z.object({ formaPagamentoId: z.string(), nome: z.string(), tipo: z.string(), valor: z.number() })),
  porStatus: z.array(z.object({ status: z.enum(STATUS_VENDA), quantidade: z.number().int(), valorLiquido: z.number() })),
});
export type ResumoVenda = z.infer<typeof resumoVendaSchema>;

/** GET /pdv/listar-venda-orcamento: tab 'venda' (open sales of the unit) or 'orcamento' (quotes). */
export const listarVendaOrcamentoQuerySchema = listQuerySchema.extend({
  tab: z.enum(['venda', 'orcamento'], { error: 'Aba inválida' }).default('venda'),
});

// ---------------------------------------------------------------------------------------------
// The till's reference data
// ---------------------------------------------------------------------------------------------

/** A payment method as the till needs it. */
export const formaPagamentoPdvSchema = z.object({
  id: z.string(),
  nome: z.string(),
  tipo: z.enum(TIPOS_FORMA_PAGAMENTO),
  taxaPercentual: z.number(),
  maxParcelas: z.number().int(),
  diasRecebimento: z.number().int(),
  /** Card methods: the default acquirer the till prefills (null: none). */
  adquirente: z.string().nullable().optional(),
  adquirenteCnpj: z.string().nullable().optional(),
});
export type FormaPagamentoPdv = z.infer<typeof formaPagamentoPdvSchema>;

/**
 * GET /pdv/obter-caixas-para-pdv (spec §2: "the list of cash registers for the point of sale is
 * loaded first"): the unit's open registers (the user's own marked `doUsuario`; a cashier sells
 * on their own register), the active payment methods and the unit's negative-stock rule.
 */
export const caixasParaPdvSchema = z.object({
  caixas: z.array(
    z.object({
      id: z.string(),
      numero: z.number().int(),
      usuario: z.object({ id: z.string(), nome: z.string() }),
      dataAbertura: z.string(),
      doUsuario: z.boolean(),
    }),
  ),
  formasPagamento: z.array(formaPagamentoPdvSchema),
  /** The unit sells beyond its stock balance (its `permiteEstoqueNegativo`): the till does not warn then. */
  permiteEstoqueNegativo: z.boolean(),
  /** Issue #18: the till emits the NFC-e right after finalising (else it offers "Emitir NFC-e"). */
  nfceEmissaoAutomatica: z.boolean().optional(),
  /** Issue #18: the unit has a PIX key, so choosing PIX shows the BR Code's QR. */
  pixConfigurado: z.boolean().optional(),
});
export type CaixasParaPdv = z.infer<typeof caixasParaPdvSchema>;
