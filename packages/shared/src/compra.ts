/**
 * Purchases (*compras*, spec §7 "Purchases"; DOMAIN.md §5; issue #5 items 3–4): a supplier's
 * invoice entered by hand or imported from its NF-e XML, kept as a draft (Rascunho) until
 * finalised. Finalising moves stock in (lots included), updates cost prices (average or last
 * cost, the unit's `metodoCusto`) and creates the payables from the installments; deleting a
 * finalised purchase reverses both (status Cancelada).
 *
 * The arithmetic lives here, in integer cents, so the screens show exactly what the API will
 * store: `calcularCompra` (item totals, header total, freight/other costs/discount apportioned
 * into each item's unit cost by item value) and `custoMedioPonderado`.
 *
 * Money in reais (2 decimals), unit costs in reais per shop unit (4 decimals), quantities in
 * the shop's unit (3 decimals, whole numbers for units without fractional sale), dates
 * 'yyyy-MM-dd'.
 */
import { z } from 'zod';
import { fromCents, toCents } from './format.ts';
import { emptyToUndefined, listQuerySchema } from './http.ts';
import { dateInput, listParam, numberInput, optionalText, optionalUuid, PRECO_MAXIMO, QUANTIDADE_MAXIMA } from './validators.ts';
import { METODOS_CUSTO } from './unidade-negocio.ts';
import { STATUS_FINANCEIRO } from './financeiro.ts';
import { obrigatorio } from './zod-pt.ts';

// ---------------------------------------------------------------------------------------------
// Enumerations
// ---------------------------------------------------------------------------------------------

export const STATUS_COMPRA = ['Rascunho', 'Finalizada', 'Cancelada'] as const;
export type StatusCompra = (typeof STATUS_COMPRA)[number];
export const STATUS_COMPRA_LABEL: Record<StatusCompra, string> = {
  Rascunho: 'Rascunho',
  Finalizada: 'Finalizada',
  Cancelada: 'Cancelada',
};

/** manual: typed on /compras/cadastro-manual; xml: imported from the supplier's NF-e. */
export const ORIGENS_COMPRA = ['manual', 'xml'] as const;
export type OrigemCompra = (typeof ORIGENS_COMPRA)[number];
export const ORIGEM_COMPRA_LABEL: Record<OrigemCompra, string> = { manual: 'Manual', xml: 'XML (NF-e)' };

/** How finalising sets the product's cost price (`unidades_negocio.metodo_custo`). */
// The cost method is a unit setting (unidade-negocio.ts); re-exported for the purchase screens.
export { METODO_CUSTO_LABEL, METODOS_CUSTO, type MetodoCusto } from './unidade-negocio.ts';

/** Largest unit cost accepted (reais per unit): fits numeric(14,4). */
export const CUSTO_MAXIMO = 9_999_999_999.9999;
/** Largest conversion factor (shop units per supplier unit). */
export const FATOR_MAXIMO = 1_000_000;

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

/** A number rounded half away from zero to `casas` decimals, through its decimal digits. */
export function roundTo(valor: number, casas: number): number {
  if (!Number.isFinite(valor)) return valor;
  const f = 10 ** casas;
  const n = Math.round(Math.abs(valor) * f + 1e-9) / f;
  const r = valor < 0 ? -n : n;
  return r === 0 ? 0 : r;
}

/** A unit cost rounded to 4 decimals (numeric(14,4)). */
export const roundCusto = (valor: number): number => roundTo(valor, 4);

/** quantity × unit cost in cents, rounded to the cent: (3, 10.3333) → 3100. */
export function valorItemCentavos(quantidade: number, custoUnitario: number): number {
  const q = BigInt(Math.round(roundTo(quantidade, 4) * 10000));
  const c = BigInt(Math.round(roundTo(custoUnitario, 4) * 10000));
  return Number(divRound(q * c, 1000000n));
}

export type ItemCompraCalculo = {
  quantidade: number;
  custoUnitario: number;
  valorDesconto?: number;
  /**
   * The item's total in reais when it is known exactly (an imported item: vProd − vDesc);
   * otherwise quantidade × custoUnitario − valorDesconto.
   */
  valorTotal?: number;
};
export type CompraCalculo = {
  itens: readonly ItemCompraCalculo[];
  valorFrete?: number;
  valorDesconto?: number;
  valorOutros?: number;
};
export type ItemCompraCalculado = {
  /** Net value of the line (reais). */
  valorTotal: number;
  /** This line's share of freight + other costs − header discount (reais, may be negative). */
  valorRateio: number;
  /** What one shop unit costs once the shares are in: (valorTotal + valorRateio) / quantidade, 4 decimals. */
  custoUnitarioFinal: number;
};
export type CompraCalculada = {
  itens: ItemCompraCalculado[];
  /** Σ item valorTotal. */
  valorProdutos: number;
  valorFrete: number;
  valorDesconto: number;
  valorOutros: number;
  /** valorProdutos + valorFrete + valorOutros − valorDesconto. */
  valorTotal: number;
};

/**
 * Totals of a purchase and the unit cost of each item once freight and other costs are added
 * and the header discount is taken off, apportioned by item value (the last item with value
 * takes the rounding rest, so the items' final values add up to the purchase total exactly).
 * All in reais.
 */
export function calcularCompra(compra: CompraCalculo): CompraCalculada {
  const totais = compra.itens.map((item) =>
    item.valorTotal !== undefined
      ? toCents(item.valorTotal)
      : Math.max(0, valorItemCentavos(item.quantidade, item.custoUnitario) - toCents(item.valorDesconto ?? 0)),
  );
  const produtos = totais.reduce((s, t) => s + t, 0);
  const frete = Math.max(0, toCents(compra.valorFrete ?? 0));
  const outros = Math.max(0, toCents(compra.valorOutros ?? 0));
  const desconto = Math.max(0, toCents(compra.valorDesconto ?? 0));
  const rateio = frete + outros - desconto;
  let ultimo = -1;
  totais.forEach((t, i) => {
    if (t > 0) ultimo = i;
  });
  if (ultimo < 0) ultimo = totais.length - 1;
  let usado = 0;
  const itens = compra.itens.map((item, idx) => {
    let share = 0;
    if (idx === ultimo) share = rateio - usado;
    else if (produtos > 0) share = Number(divRound(BigInt(rateio) * BigInt(totais[idx]!), BigInt(produtos)));
    usado += share;
    const final = totais[idx]! + share;
    return {
      valorTotal: fromCents(totais[idx]!),
      valorRateio: fromCents(share),
      custoUnitarioFinal: item.quantidade > 0 ? roundCusto(Math.max(0, final) / 100 / item.quantidade) : 0,
    };
  });
  return {
    itens,
    valorProdutos: fromCents(produtos),
    valorFrete: fromCents(frete),
    valorDesconto: fromCents(desconto),
    valorOutros: fromCents(outros),
    valorTotal: fromCents(produtos + frete + outros - desconto),
  };
}

/**
 * Weighted average cost (reais per unit, 4 decimals) of `saldo` units on hand at `custoAtual`
 * plus `entrada` units at `custoEntrada`. A balance at or below zero counts as nothing on hand
 * (the entry's cost wins).
 */
export function custoMedioPonderado(saldo: number, custoAtual: number, entrada: number, custoEntrada: number): number {
  const s = Math.max(0, saldo);
  if (s + entrada <= 0) return roundCusto(custoEntrada);
  return roundCusto((s * custoAtual + entrada * custoEntrada) / (s + entrada));
}

// ---------------------------------------------------------------------------------------------
// Input contracts
// ---------------------------------------------------------------------------------------------

/** Money ≥ 0 in reais, rounded to the cent, 0 when absent. */
const dinheiro = (label: string) =>
  numberInput(label)
    .refine((v) => v === undefined || v >= 0, { error: `${label} não pode ser negativo` })
    .refine((v) => v === undefined || v <= PRECO_MAXIMO, { error: `${label} é grande demais` })
    .transform((v) => (v === undefined ? 0 : fromCents(toCents(v))));

/** Quantity > 0, at most 3 decimals here (the API rounds again by the product's unit). */
const quantidadePositiva = (label: string) =>
  numberInput(label)
    .refine((v) => v !== undefined, { error: obrigatorio(label) })
    .refine((v) => v === undefined || v > 0, { error: `${label} deve ser maior que zero` })
    .refine((v) => v === undefined || v <= QUANTIDADE_MAXIMA, { error: `${label} é grande demais` })
    .transform((v) => roundTo(v as number, 3));

/** A lot of a purchase item: its number, dates and the quantity in the shop's unit. */
export const loteCompraInputSchema = z
  .object({
    numero: z
      .string({ error: 'Número do lote é obrigatório' })
      .trim()
      .min(1, { error: 'Número do lote é obrigatório' })
      .max(60, { error: 'Número do lote deve ter no máximo 60 caracteres' }),
    dataFabricacao: dateInput('Data de fabricação'),
    dataValidade: dateInput('Data de validade'),
    quantidade: quantidadePositiva('Quantidade do lote'),
  })
  .superRefine((l, ctx) => {
    if (l.dataFabricacao && l.dataValidade && l.dataValidade < l.dataFabricacao)
      ctx.addIssue({ code: 'custom', path: ['dataValidade'], message: 'Validade anterior à fabricação' });
  });
export type LoteCompraInput = z.input<typeof loteCompraInputSchema>;

/**
 * An item of a purchase. `id` (optional) is the line's uuid: an existing line sent again keeps
 * what the invoice said of it (supplier's code, unit, GTIN, NCM, conversion factor) and takes
 * the product, quantity, cost, discount and lots from the body. `produtoId` is required for
 * new lines; an imported line may stay without product (null) until linked. `quantidade` in
 * the shop's unit (rounded by the product's fraction rule), `custoUnitario` reais per shop
 * unit before freight/other costs/discount, `valorDesconto` reais off this line.
 */
export const compraItemInputSchema = z.object({
  id: optionalUuid('Item inválido'),
  produtoId: optionalUuid('Produto inválido'),
  quantidade: quantidadePositiva('Quantidade'),
  custoUnitario: numberInput('Custo unitário')
    .refine((v) => v !== undefined, { error: 'Custo unitário é obrigatório' })
    .refine((v) => v === undefined || v >= 0, { error: 'Custo unitário não pode ser negativo' })
    .refine((v) => v === undefined || v <= CUSTO_MAXIMO, { error: 'Custo unitário é grande demais' })
    .transform((v) => roundCusto(v as number)),
  valorDesconto: dinheiro('Desconto do item'),
  lotes: z.array(loteCompraInputSchema).max(200, { error: 'No máximo 200 lotes por item' }).default([]),
});
export type CompraItemInput = z.input<typeof compraItemInputSchema>;

/** An installment: due date and value; `numero` the invoice's own number (nDup) when any. */
export const compraParcelaInputSchema = z.object({
  dataVencimento: z
    .preprocess(emptyToUndefined, z.iso.date({ error: 'Data de vencimento inválida' }).optional())
    .refine((v) => v !== undefined, { error: 'Data de vencimento é obrigatória' })
    .transform((v) => v as string),
  valor: dinheiro('Valor da parcela').refine((v) => v > 0, { error: 'Valor da parcela deve ser maior que zero' }),
  numero: optionalText('Número da parcela', 60),
});
export type CompraParcelaInput = z.input<typeof compraParcelaInputSchema>;

/**
 * POST /api/compras (create a manual draft) and PUT /api/compras/{id} (replace a draft).
 * `id` (optional, POST) is the client's uuid for the purchase: posting again with the same id
 * answers the purchase already created. `dataEntrada` defaults to today in the unit's time
 * zone. Installments need not add up while a draft: finalising checks it (pendências).
 */
export const compraInputSchema = z.object({
  id: optionalUuid('Compra inválida'),
  fornecedorId: optionalUuid('Fornecedor inválido'),
  numeroNota: optionalText('Número da nota', 20),
  serie: optionalText('Série', 10),
  dataEmissao: dateInput('Data de emissão'),
  dataEntrada: dateInput('Data de entrada'),
  valorFrete: dinheiro('Frete'),
  valorDesconto: dinheiro('Desconto'),
  valorOutros: dinheiro('Outras despesas'),
  observacoes: optionalText('Observações', 2000),
  itens: z.array(compraItemInputSchema).max(1000, { error: 'No máximo 1000 itens por compra' }).default([]),
  parcelas: z.array(compraParcelaInputSchema).max(120, { error: 'No máximo 120 parcelas' }).default([]),
});
export type CompraInput = z.input<typeof compraInputSchema>;
export type CompraInputParsed = z.output<typeof compraInputSchema>;

const fatorInput = numberInput('Fator de conversão')
  .refine((v) => v === undefined || v > 0, { error: 'Fator de conversão deve ser maior que zero' })
  .refine((v) => v === undefined || v <= FATOR_MAXIMO, { error: 'Fator de conversão é grande demais' })
  .transform((v) => (v === undefined ? 1 : roundTo(v, 4)));

/**
 * PUT /api/compras/{id}/itens/{itemId}/vincular: the product an (imported) item is, and how
 * many shop units one supplier unit holds (1 CX = 12 UN → 12; default 1).
 */
export const vincularItemInputSchema = z.object({
  produtoId: z.uuid({ error: 'Produto inválido' }),
  fatorConversao: fatorInput,
});
export type VincularItemInput = z.input<typeof vincularItemInputSchema>;

/**
 * POST /api/compras/{id}/itens/{itemId}/criar-produto: creates the product from the item's
 * XML data (name, NCM, CEST, GTIN, unit by the invoice's uCom, cost) with these overrides.
 * `precoVenda` or `markup` set the sale price (default: the cost, markup 0).
 */
export const criarProdutoItemInputSchema = z.object({
  nome: optionalText('Nome', 120),
  unidadeMedidaId: optionalUuid('Unidade de medida inválida'),
  precoVenda: numberInput('Preço de venda')
    .refine((v) => v === undefined || v >= 0, { error: 'Preço de venda não pode ser negativo' })
    .refine((v) => v === undefined || v <= PRECO_MAXIMO, { error: 'Preço de venda é grande demais' }),
  markup: numberInput('Markup').refine((v) => v === undefined || v >= 0, { error: 'Markup não pode ser negativo' }),
  fatorConversao: fatorInput,
  categoriaId: optionalUuid('Categoria inválida'),
  marcaId: optionalUuid('Marca inválida'),
});
export type CriarProdutoItemInput = z.input<typeof criarProdutoItemInputSchema>;

/**
 * GET /api/compras: page/pageSize/query (invoice number, supplier name or CPF/CNPJ, purchase
 * number), period on the entry date (default the last 30 days up to today in the unit's time
 * zone, applied by the API when absent), supplier, status (one or several). Newest first.
 */
export const listComprasQuerySchema = listQuerySchema.extend({
  dataInicio: dateInput('Data inicial'),
  dataFim: dateInput('Data final'),
  fornecedorId: optionalUuid('Fornecedor inválido'),
  status: listParam(z.enum(STATUS_COMPRA, { error: 'Status inválido' })).default([]),
});
export type ListComprasQuery = z.output<typeof listComprasQuerySchema>;

/** POST /api/compras/importar-xml: the multipart text field besides the file. */
export const IMPORTAR_XML_CAMPO_ACEITAR = 'aceitarOutroDestinatario';

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const fornecedorCompraSchema = z.object({
  id: z.string(),
  razaoSocial: z.string(),
  nomeFantasia: z.string().nullable(),
  cpfCnpj: z.string().nullable(),
});
export type FornecedorCompra = z.infer<typeof fornecedorCompraSchema>;

/** A warning kept on an imported purchase (bad signature, check digit, another CNPJ…). */
export const avisoCompraSchema = z.object({ codigo: z.string(), mensagem: z.string() });
export type AvisoCompraOut = z.infer<typeof avisoCompraSchema>;

export const loteCompraSchema = z.object({
  numero: z.string(),
  dataFabricacao: z.string().nullable(),
  dataValidade: z.string().nullable(),
  quantidade: z.number(),
});
export type LoteCompra = z.infer<typeof loteCompraSchema>;

export const produtoCompraSchema = z.object({
  id: z.string(),
  nome: z.string(),
  codigo: z.string().nullable(),
  codigoBarras: z.string().nullable(),
  controlaEstoque: z.boolean(),
  controlaLote: z.boolean(),
  unidadeMedida: z.object({ sigla: z.string(), permiteVendaFracionada: z.boolean() }),
});
export type ProdutoCompra = z.infer<typeof produtoCompraSchema>;

/**
 * An item: the supplier's side as on the invoice and the shop's side (product, quantity in
 * shop units = quantidadeFornecedor × fatorConversao, cost per shop unit). `custoUnitarioFinal`
 * includes its share of freight/other costs/discount (what stock and cost price receive).
 */
export const compraItemSchema = z.object({
  id: z.string(),
  ordem: z.number().int(),
  produtoId: z.string().nullable(),
  produto: produtoCompraSchema.nullable(),
  descricao: z.string(),
  codigoFornecedor: z.string().nullable(),
  gtin: z.string().nullable(),
  ncm: z.string().nullable(),
  cest: z.string().nullable(),
  cfop: z.string().nullable(),
  unidadeFornecedor: z.string().nullable(),
  quantidadeFornecedor: z.number(),
  valorUnitarioFornecedor: z.number(),
  fatorConversao: z.number(),
  quantidade: z.number(),
  custoUnitario: z.number(),
  valorDesconto: z.number(),
  valorTotal: z.number(),
  valorRateio: z.number(),
  custoUnitarioFinal: z.number(),
  lotes: z.array(loteCompraSchema),
});
export type CompraItem = z.infer<typeof compraItemSchema>;

export const compraParcelaSchema = z.object({
  id: z.string(),
  parcela: z.number().int(),
  numero: z.string().nullable(),
  dataVencimento: z.string(),
  valor: z.number(),
});
export type CompraParcela = z.infer<typeof compraParcelaSchema>;

/** A payable (despesa) the purchase created when finalised (status EmAberto … Cancelada). */
export const compraDespesaSchema = z.object({
  id: z.string(),
  parcela: z.number().int(),
  totalParcelas: z.number().int(),
  descricao: z.string(),
  documento: z.string().nullable(),
  dataVencimento: z.string(),
  valor: z.number(),
  valorPago: z.number(),
  status: z.enum(STATUS_FINANCEIRO),
});
export type CompraDespesa = z.infer<typeof compraDespesaSchema>;

/** A stock movement of the purchase (its entry, and the reversal when it was deleted). */
export const compraMovimentacaoSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** 'entrada_compra' | 'cancelamento_compra'. */
  tipo: z.string(),
  produtoId: z.string(),
  produtoNome: z.string(),
  unidadeSigla: z.string(),
  /** Signed, in the product's unit. */
  quantidade: z.number(),
  custoUnitario: z.number(),
  saldoResultante: z.number(),
  lote: z.object({ numero: z.string(), dataValidade: z.string().nullable() }).nullable(),
});
export type CompraMovimentacao = z.infer<typeof compraMovimentacaoSchema>;

/** A purchase as GET /api/compras/{id} and every write answer it. */
export const compraSchema = z.object({
  id: z.string(),
  numero: z.number().int(),
  status: z.enum(STATUS_COMPRA),
  origem: z.enum(ORIGENS_COMPRA),
  fornecedor: fornecedorCompraSchema.nullable(),
  numeroNota: z.string().nullable(),
  serie: z.string().nullable(),
  chaveAcesso: z.string().nullable(),
  versaoNfe: z.string().nullable(),
  dataEmissao: z.string().nullable(),
  dataEntrada: z.string().nullable(),
  valorProdutos: z.number(),
  valorFrete: z.number(),
  valorDesconto: z.number(),
  valorOutros: z.number(),
  valorTotal: z.number(),
  /** Σ parcelas (reais). */
  valorParcelas: z.number(),
  observacoes: z.string().nullable(),
  avisos: z.array(avisoCompraSchema),
  /** Whether the imported XML is kept (origem xml). */
  possuiXml: z.boolean(),
  quantidadeItens: z.number().int(),
  /** Items still without a product. */
  itensPendentes: z.number().int(),
  itens: z.array(compraItemSchema),
  parcelas: z.array(compraParcelaSchema),
  usuario: z.object({ id: z.string(), nome: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finalizadaEm: z.string().nullable(),
  canceladaEm: z.string().nullable(),
  /** The payables it created (empty while a draft). */
  despesas: z.array(compraDespesaSchema),
  /** Its stock movements, oldest first (empty while a draft). */
  movimentacoes: z.array(compraMovimentacaoSchema),
});
export type Compra = z.infer<typeof compraSchema>;

/** A row of GET /api/compras. */
export const compraListItemSchema = z.object({
  id: z.string(),
  numero: z.number().int(),
  status: z.enum(STATUS_COMPRA),
  origem: z.enum(ORIGENS_COMPRA),
  fornecedor: fornecedorCompraSchema.nullable(),
  numeroNota: z.string().nullable(),
  serie: z.string().nullable(),
  dataEmissao: z.string().nullable(),
  dataEntrada: z.string().nullable(),
  valorTotal: z.number(),
  quantidadeItens: z.number().int(),
  itensPendentes: z.number().int(),
  createdAt: z.string(),
});
export type CompraListItem = z.infer<typeof compraListItemSchema>;

/**
 * GET /api/compras/{id}/resumo, per item: what finalising does to its product (stock and cost
 * price by the unit's method). `custoUnitarioEntrada` includes the freight/other/discount share.
 * For a line without product the product fields are null and it is a pendência.
 */
export const resumoCompraItemSchema = z.object({
  itemId: z.string(),
  ordem: z.number().int(),
  descricao: z.string(),
  produto: z
    .object({
      id: z.string(),
      nome: z.string(),
      unidadeSigla: z.string(),
      controlaEstoque: z.boolean(),
      controlaLote: z.boolean(),
    })
    .nullable(),
  quantidade: z.number(),
  saldoAtual: z.number().nullable(),
  saldoNovo: z.number().nullable(),
  /** The product's cost price now (reais per unit). */
  custoAtual: z.number().nullable(),
  /** The product's cost price after finalising. */
  custoNovo: z.number().nullable(),
  custoUnitarioEntrada: z.number(),
  valorTotal: z.number(),
  valorRateio: z.number(),
  lotes: z.array(loteCompraSchema),
});
export type ResumoCompraItem = z.infer<typeof resumoCompraItemSchema>;

/** A payable finalising creates (one per parcela; one of the total due on dataEntrada when none). */
export const resumoCompraParcelaSchema = z.object({
  parcela: z.number().int(),
  numero: z.string().nullable(),
  dataVencimento: z.string(),
  valor: z.number(),
  descricao: z.string(),
});
export type ResumoCompraParcela = z.infer<typeof resumoCompraParcelaSchema>;

/**
 * A product whose cost price goes up with the purchase (issue #15): its sale price deserves a
 * look. `custoAtual` is its cost price before, `custoNovo` the one the purchase gives it (by the
 * unit's `metodoCusto`), both reais 2 decimals as `produtos.preco_custo`; `precoVenda` the sale
 * price now; `markupAtual`/`markupNovo` the margin over the cost (percent, 2 decimals, the
 * catalogue's `markup`) at the old and at the new cost with the same sale price;
 * `precoSugerido` the sale price that keeps the old margin: precoVenda × custoNovo ÷ custoAtual,
 * to the cent. Only products with a cost and a sale price before (> 0) are listed.
 */
export const revisaoPrecoSchema = z.object({
  produtoId: z.string(),
  nome: z.string(),
  unidadeSigla: z.string(),
  custoAtual: z.number(),
  custoNovo: z.number(),
  precoVenda: z.number(),
  markupAtual: z.number(),
  markupNovo: z.number(),
  precoSugerido: z.number(),
});
export type RevisaoPreco = z.infer<typeof revisaoPrecoSchema>;

/** The sale price that keeps the margin over cost when the cost goes from `custoAtual` to `custoNovo` (reais, to the cent). */
export function precoMantendoMargem(precoVenda: number, custoAtual: number, custoNovo: number): number {
  const atual = BigInt(toCents(custoAtual));
  if (atual <= 0n) return fromCents(toCents(precoVenda));
  return fromCents(Number(divRound(BigInt(toCents(precoVenda)) * BigInt(toCents(custoNovo)), atual)));
}

/**
 * POST /api/compras/{id}/precos-venda: the new sale prices chosen on the purchase's summary,
 * one per product of the purchase (reais, > 0, not below the product's cost price).
 */
export const atualizarPrecosVendaInputSchema = z.object({
  precos: z
    .array(
      z.object({
        produtoId: z.uuid({ error: 'Produto inválido' }),
        precoVenda: numberInput('Preço de venda')
          .refine((v) => v !== undefined, { error: 'Preço de venda é obrigatório' })
          .refine((v) => v === undefined || v > 0, { error: 'Preço de venda deve ser maior que zero' })
          .refine((v) => v === undefined || v <= PRECO_MAXIMO, { error: 'Preço de venda é grande demais' })
          .transform((v) => fromCents(toCents(v as number))),
      }),
    )
    .min(1, { error: 'Informe ao menos um preço de venda' })
    .max(1000, { error: 'No máximo 1000 produtos por vez' }),
});
export type AtualizarPrecosVendaInput = z.input<typeof atualizarPrecosVendaInputSchema>;

/** The answer of POST /api/compras/{id}/precos-venda: each product's prices as saved. */
export const atualizarPrecosVendaResultadoSchema = z.object({
  produtos: z.array(
    z.object({
      id: z.string(),
      nome: z.string(),
      precoCusto: z.number(),
      markup: z.number(),
      precoVenda: z.number(),
    }),
  ),
});
export type AtualizarPrecosVendaResultado = z.infer<typeof atualizarPrecosVendaResultadoSchema>;

/**
 * GET /api/compras/{id}/resumo: what finalising will do. `pendencias` lists (in Portuguese)
 * what blocks finalising; empty when it can be finalised. For a purchase already finalised or
 * cancelled it describes the purchase as it is (pendências empty, balances as they are now).
 */
export const resumoCompraSchema = z.object({
  compraId: z.string(),
  numero: z.number().int(),
  status: z.enum(STATUS_COMPRA),
  metodoCusto: z.enum(METODOS_CUSTO),
  fornecedor: fornecedorCompraSchema.nullable(),
  itens: z.array(resumoCompraItemSchema),
  parcelas: z.array(resumoCompraParcelaSchema),
  valorProdutos: z.number(),
  valorFrete: z.number(),
  valorDesconto: z.number(),
  valorOutros: z.number(),
  valorTotal: z.number(),
  valorParcelas: z.number(),
  pendencias: z.array(z.string()),
  podeFinalizar: z.boolean(),
  /** A draft's products whose cost price goes up when finalised (empty once finalised: see `compraFinalizadaSchema`). */
  revisaoPrecos: z.array(revisaoPrecoSchema),
});
export type ResumoCompra = z.infer<typeof resumoCompraSchema>;

/**
 * POST /api/compras/{id}/finalizar: the purchase, and the products whose cost price it raised
 * (the summary's offer to review their sale price; empty when finalised before).
 */
export const compraFinalizadaSchema = compraSchema.extend({ revisaoPrecos: z.array(revisaoPrecoSchema) });
export type CompraFinalizada = z.infer<typeof compraFinalizadaSchema>;

/**
 * DELETE /api/compras/{id}: `resultado` 'excluida' (a draft, gone: `compra` null) or
 * 'cancelada' (a finalised purchase reversed: stock out, payables cancelled; `compra` as it is now).
 */
export const excluirCompraResultadoSchema = z.object({
  ok: z.literal(true),
  resultado: z.enum(['excluida', 'cancelada']),
  compra: compraSchema.nullable(),
});
export type ExcluirCompraResultado = z.infer<typeof excluirCompraResultadoSchema>;
