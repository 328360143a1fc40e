/**
 * The point-of-sale working record (spec §3 "Sale/quote working record", §4; DOMAIN.md §6): what
 * the till edits, keeps in localStorage and sends to the API. Pure functions only.
 *
 * Money is Brazilian text ('0,00', spec §3), read with `parseBrazilianNumber` and written with
 * `formatDecimal` at the edges; every total is recomputed with `calcularVenda` of
 * `@petshop/shared/venda`, the very function the API stores its totals with, so the screen
 * always shows what the server will keep. Quantities follow the unit's fraction rule (spec §4).
 *
 * Payments (*financeiros*) carry a client `chave` (uuid) from the moment they are created: the
 * API records a payment once per chave, so a double Enter or a retry never pays twice. A payment
 * with `id` null is still only on this computer (pending); the API gives it an id once recorded.
 */
import {
  formatDecimal,
  formatMoney,
  fromCents,
  parseBrazilianNumber,
  roundQuantidade,
  toCents,
  todayISO,
} from '@petshop/shared/format';
import { TIPOS_EXIGEM_CLIENTE, TIPOS_FORMA_PAGAMENTO, type TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
import type { ProdutoPdv } from '@petshop/shared/produto';
import {
  calcularPagamento,
  calcularVenda,
  DIAS_VENCIMENTO_A_PRAZO,
  MODOS_PDV,
  parcelar,
  addDays,
  STATUS_ORCAMENTO,
  STATUS_VENDA,
  TIPOS_DESCONTO,
  TIPOS_VENDA,
  VALIDADE_ORCAMENTO_DIAS,
  type ModoPdv,
  type TipoDesconto,
  type TipoVenda,
  type Venda,
  type VendaInput,
} from '@petshop/shared/venda';
import { z } from 'zod';
import { newUuid } from '#lib/http/idempotency.ts';

// ---------------------------------------------------------------------------------------------
// Shape (a zod schema, so a record read back from localStorage or a server snapshot is checked)
// ---------------------------------------------------------------------------------------------

const moneyText = z.string().regex(/^-?[\d.]+,\d{2}$/);

const produtoRegistroSchema = z.object({
  id: z.string(),
  nome: z.string(),
  codigo: z.string().nullable(),
  codigoBarras: z.string().nullable(),
  unidadeMedida: z.object({ sigla: z.string(), permiteVendaFracionada: z.boolean() }),
  tipo: z.string(),
  controlaEstoque: z.boolean(),
  /**
   * Stock balance in the unit when the product was last scanned or searched (busca-pdv); null
   * for services and products without stock control; absent on lines read back from a sale.
   */
  estoque: z.number().nullable().optional(),
});
export type ProdutoRegistro = z.infer<typeof produtoRegistroSchema>;

const itemRegistroSchema = z.object({
  /** The line's uuid, made here and kept by the API. */
  id: z.string(),
  produto: produtoRegistroSchema,
  quantidade: z.number(),
  quantidadeDevolvida: z.number(),
  valorUnitario: moneyText,
  /** Percent (Percentual) or reais (Valor), as text. */
  desconto: moneyText,
  tipoDesconto: z.enum(TIPOS_DESCONTO),
  valorDesconto: moneyText,
  valorTotal: moneyText,
});
export type ItemRegistro = z.infer<typeof itemRegistroSchema>;

const financeiroRegistroSchema = z.object({
  chave: z.string(),
  /** The API's id once recorded; null while only on this computer. */
  id: z.string().nullable(),
  formaPagamento: z.object({ id: z.string(), nome: z.string(), tipo: z.enum(TIPOS_FORMA_PAGAMENTO) }),
  /** What the customer handed over (cash may exceed what is open: change). */
  valorRecebido: moneyText,
  /** What it pays of the sale. */
  valor: moneyText,
  troco: moneyText,
  parcelas: z.number().int(),
  /** First due date of an *a prazo* payment, 'yyyy-MM-dd'. */
  dataVencimento: z.string().nullable(),
  efetivado: z.boolean(),
  /** Card payments: brand (tBand code), NSU, acquirer and its CNPJ, as typed (issue #15 item 4). */
  cartao: z
    .object({
      bandeira: z.string().nullable(),
      autorizacao: z.string().nullable(),
      adquirente: z.string().nullable(),
      adquirenteCnpj: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type FinanceiroRegistro = z.infer<typeof financeiroRegistroSchema>;
export type CartaoRegistro = NonNullable<FinanceiroRegistro['cartao']>;

export const registroVendaSchema = z.object({
  id: z.string(),
  /** The server's id once the record was stored (snapshot or any save); spec §3 sId. */
  sId: z.string().nullable(),
  numero: z.number().int().nullable(),
  cliente: z
    .object({ id: z.string(), nome: z.string(), cpfCnpj: z.string().nullable(), telefone: z.string().nullable() })
    .nullable(),
  petSelecionado: z.object({ id: z.string(), nome: z.string() }).nullable(),
  financeiros: z.array(financeiroRegistroSchema),
  itens: z.array(itemRegistroSchema),
  devolucoes: z.array(z.object({ id: z.string(), numero: z.number(), valorTotal: moneyText, createdAt: z.string() })),
  valorDescontos: moneyText,
  valorBruto: moneyText,
  valorLiquido: moneyText,
  valorEntregaFrete: moneyText,
  desconto: moneyText,
  tipoDesconto: z.enum(TIPOS_DESCONTO),
  status: z.enum(STATUS_VENDA),
  statusOrcamento: z.enum(STATUS_ORCAMENTO).nullable(),
  emAtendimento: z.boolean(),
  tipo: z.enum(TIPOS_VENDA),
  valorPago: moneyText,
  valorEmAberto: moneyText,
  valorTroco: moneyText,
  validadeOrcamento: z.string().nullable(),
  caixaId: z.string().nullable(),
  observacoes: z.string(),
  /** ISO instant of the last local change: the newest copy wins on recovery. */
  alteradoEm: z.string(),
});
export type RegistroVenda = z.infer<typeof registroVendaSchema>;
export type ClienteRegistro = NonNullable<RegistroVenda['cliente']>;
export type PetRegistro = NonNullable<RegistroVenda['petSelecionado']>;

// ---------------------------------------------------------------------------------------------
// Text money ↔ numbers
// ---------------------------------------------------------------------------------------------

/** Money default of the record (spec §3, §9). */
export const ZERO = '0,00';

/** Reais → the record's text: 1234.5 → '1.234,50'. */
export const texto = (valor: number): string => formatDecimal(valor);

/** The record's text → reais: '1.234,50' → 1234.5; anything unreadable → 0. */
export const numero = (valor: string | null | undefined): number => parseBrazilianNumber(valor ?? '') ?? 0;

/** A uuid v4 for records, lines and payments (works over plain http too). */
export const novoId = newUuid;

const agora = (): string => new Date().toISOString();

// ---------------------------------------------------------------------------------------------
// New record and totals
// ---------------------------------------------------------------------------------------------

/** A new record (spec §4): status EmAberto, tipo Venda, em atendimento, money '0,00'. */
export function novoRegistro(tipo: TipoVenda = 'Venda', id: string = novoId()): RegistroVenda {
  return {
    id,
    sId: null,
    numero: null,
    cliente: null,
    petSelecionado: null,
    financeiros: [],
    itens: [],
    devolucoes: [],
    valorDescontos: ZERO,
    valorBruto: ZERO,
    valorLiquido: ZERO,
    valorEntregaFrete: ZERO,
    desconto: ZERO,
    tipoDesconto: 'Percentual',
    status: 'EmAberto',
    statusOrcamento: null,
    emAtendimento: true,
    tipo,
    valorPago: ZERO,
    valorEmAberto: ZERO,
    valorTroco: ZERO,
    validadeOrcamento: null,
    caixaId: null,
    observacoes: '',
    alteradoEm: agora(),
  };
}

/**
 * Recomputes every derived value of the record with `calcularVenda`: the items' gross, discount
 * and total; the sale's gross, discounts, net, paid, open and change. Payments the API already
 * recorded pay what it said; pending ones are derived again in order against what is still open
 * (`calcularPagamento`, as the API does when they arrive), so removing an item shrinks a pending
 * cash payment and grows its change.
 */
export function recalcular(registro: RegistroVenda): RegistroVenda {
  const calculo = (pagamentos: readonly { valor: number }[]) =>
    calcularVenda({
      itens: registro.itens.map((i) => ({
        quantidade: i.quantidade,
        valorUnitario: numero(i.valorUnitario),
        desconto: numero(i.desconto),
        tipoDesconto: i.tipoDesconto,
      })),
      desconto: numero(registro.desconto),
      tipoDesconto: registro.tipoDesconto,
      valorEntregaFrete: numero(registro.valorEntregaFrete),
      pagamentos,
    });
  const gravados = calculo(registro.financeiros.filter((f) => f.id !== null).map((f) => ({ valor: numero(f.valor) })));
  // Pending payments, in order, against what is still open (cents, as the API does).
  let abertoCentavos = toCents(gravados.valorEmAberto);
  const financeiros = registro.financeiros.map((f) => {
    if (f.id !== null) return f;
    const p = calcularPagamento(f.formaPagamento.tipo, fromCents(abertoCentavos), numero(f.valorRecebido));
    abertoCentavos = Math.max(0, abertoCentavos - toCents(p.valor));
    return { ...f, valor: texto(p.valor), troco: texto(p.troco) };
  });
  const total = calculo(financeiros.map((f) => ({ valor: numero(f.valor) })));
  const trocoCentavos = financeiros.reduce((s, f) => s + toCents(numero(f.troco)), 0);
  return {
    ...registro,
    itens: registro.itens.map((item, idx) => ({
      ...item,
      valorDesconto: texto(total.itens[idx]!.valorDesconto),
      valorTotal: texto(total.itens[idx]!.valorTotal),
    })),
    financeiros,
    valorBruto: texto(total.valorBruto),
    valorDescontos: texto(total.valorDescontos),
    valorEntregaFrete: texto(total.valorEntregaFrete),
    valorLiquido: texto(total.valorLiquido),
    valorPago: texto(total.valorPago),
    valorEmAberto: texto(total.valorEmAberto),
    valorTroco: texto(fromCents(trocoCentavos)),
  };
}

/** A change to the record: recomputed and stamped. */
const alterado = (registro: RegistroVenda): RegistroVenda => recalcular({ ...registro, alteradoEm: agora() });

/** What the payments pay beyond the sale's total (reais): positive when an item was removed after paying. */
export const valorExcedente = (registro: RegistroVenda): number =>
  fromCents(Math.max(0, toCents(numero(registro.valorPago)) - toCents(numero(registro.valorLiquido))));

// ---------------------------------------------------------------------------------------------
// Items
// ---------------------------------------------------------------------------------------------

export type EntradaProduto = { ok: true; quantidade: number | null; termo: string } | { ok: false; erro: string };

/**
 * Reads the till's product input: 'código' or '3*código' (quantity before the code, Brazilian
 * decimals allowed: '1,5*789…'), or 'N*' alone (sets the selected line's quantity).
 */
export function lerEntrada(text: string): EntradaProduto {
  const s = text.trim();
  const m = /^([^*]*)\*(.*)$/.exec(s);
  if (!m) return { ok: true, quantidade: null, termo: s };
  const quantidade = parseBrazilianNumber(m[1]!.trim());
  if (quantidade === null || quantidade <= 0) return { ok: false, erro: 'Quantidade inválida antes do *' };
  return { ok: true, quantidade, termo: m[2]!.trim() };
}

/** A quantity of a unit rounded by its fraction rule (spec §4); null when nothing is left. */
export function quantidadeDaUnidade(quantidade: number, unidade: { permiteVendaFracionada: boolean }): number | null {
  const q = roundQuantidade(quantidade, unidade.permiteVendaFracionada);
  return Number.isFinite(q) && q > 0 ? q : null;
}

const produtoRegistro = (p: ProdutoPdv | ProdutoRegistro): ProdutoRegistro => ({
  id: p.id,
  nome: p.nome,
  codigo: p.codigo,
  codigoBarras: p.codigoBarras,
  unidadeMedida: { sigla: p.unidadeMedida.sigla, permiteVendaFracionada: p.unidadeMedida.permiteVendaFracionada },
  tipo: p.tipo,
  controlaEstoque: p.controlaEstoque,
  ...(p.estoque === undefined ? {} : { estoque: p.estoque }),
});

/**
 * The stock a line asks for beyond the balance (issue #15 item 2): the balance known for the
 * product when its quantity is more than it, else null. Never for services, products without
 * stock control, lines whose balance is unknown, or a unit that sells below zero.
 */
export function estoqueExcedido(
  item: Pick<ItemRegistro, 'produto' | 'quantidade'>,
  permiteEstoqueNegativo: boolean,
): number | null {
  const { produto } = item;
  if (permiteEstoqueNegativo || produto.tipo !== 'produto' || !produto.controlaEstoque) return null;
  if (typeof produto.estoque !== 'number') return null;
  return item.quantidade > produto.estoque ? produto.estoque : null;
}

/**
 * Adds `quantidade` of a product. The same product again adds to its line (a scanner reading
 * the same barcode twice sells two); a new product opens a line at its sale price.
 * Returns the record and the line touched, or an error for a quantity that rounds to zero.
 */
export function adicionarProduto(
  registro: RegistroVenda,
  produto: ProdutoPdv,
  quantidade = 1,
  itemId: string = novoId(),
): { ok: true; registro: RegistroVenda; itemId: string } | { ok: false; erro: string } {
  const existente = registro.itens.find((i) => i.produto.id === produto.id);
  const unidade = produto.unidadeMedida;
  const q = quantidadeDaUnidade((existente?.quantidade ?? 0) + quantidade, unidade);
  if (q === null || !quantidadeDaUnidade(quantidade, unidade)) {
    return {
      ok: false,
      erro: unidade.permiteVendaFracionada ? 'Quantidade inválida' : `${produto.nome} é vendido em unidades inteiras`,
    };
  }
  if (existente) {
    return {
      ok: true,
      itemId: existente.id,
      registro: alterado({
        ...registro,
        // The balance just answered replaces the one the line had.
        itens: registro.itens.map((i) =>
          i.id === existente.id
            ? { ...i, quantidade: q, produto: produtoRegistro({ ...i.produto, estoque: produto.estoque }) }
            : i,
        ),
      }),
    };
  }
  const item: ItemRegistro = {
    id: itemId,
    produto: produtoRegistro(produto),
    quantidade: q,
    quantidadeDevolvida: 0,
    valorUnitario: texto(produto.precoVenda),
    desconto: ZERO,
    tipoDesconto: 'Percentual',
    valorDesconto: ZERO,
    valorTotal: ZERO,
  };
  return { ok: true, itemId, registro: alterado({ ...registro, itens: [...registro.itens, item] }) };
}

/** Sets a line's quantity, rounded by its unit; zero or less is refused (remove the line instead). */
export function alterarQuantidade(
  registro: RegistroVenda,
  itemId: string,
  quantidade: number,
): { ok: true; registro: RegistroVenda } | { ok: false; erro: string } {
  const item = registro.itens.find((i) => i.id === itemId);
  if (!item) return { ok: false, erro: 'Item não encontrado' };
  const q = quantidadeDaUnidade(quantidade, item.produto.unidadeMedida);
  if (q === null) return { ok: false, erro: 'Quantidade deve ser maior que zero' };
  return {
    ok: true,
    registro: alterado({ ...registro, itens: registro.itens.map((i) => (i.id === itemId ? { ...i, quantidade: q } : i)) }),
  };
}

/** `+`/`-` on the selected line: one unit more or less, never below one unit (or 0,001 for fractions). */
export function somarQuantidade(registro: RegistroVenda, itemId: string, delta: number): RegistroVenda {
  const item = registro.itens.find((i) => i.id === itemId);
  if (!item) return registro;
  const minimo = item.produto.unidadeMedida.permiteVendaFracionada ? 0.001 : 1;
  const alvo = Math.max(minimo, item.quantidade + delta);
  if (alvo === item.quantidade) return registro;
  const r = alterarQuantidade(registro, itemId, alvo);
  return r.ok ? r.registro : registro;
}

export function removerItem(registro: RegistroVenda, itemId: string): RegistroVenda {
  return alterado({ ...registro, itens: registro.itens.filter((i) => i.id !== itemId) });
}

// ---------------------------------------------------------------------------------------------
// Discounts and freight
// ---------------------------------------------------------------------------------------------

/** Why a discount cannot apply to a base (reais), or null: percent over 100, value over the base, negative. */
export function erroDesconto(base: number, desconto: number, tipo: TipoDesconto): string | null {
  if (!Number.isFinite(desconto) || desconto < 0) return 'Desconto não pode ser negativo';
  if (tipo === 'Percentual' && desconto > 100) return 'Desconto deve ser no máximo 100%';
  if (tipo === 'Valor' && Math.round(desconto * 100) > Math.round(base * 100))
    return `Desconto maior que o valor (${formatMoney(base)})`;
  return null;
}

/** The base a discount applies to: the line's gross, or the items' net total for the whole sale. */
export function baseDesconto(registro: RegistroVenda, itemId: string | null): number {
  if (itemId) {
    const idx = registro.itens.findIndex((i) => i.id === itemId);
    if (idx < 0) return 0;
    const item = registro.itens[idx]!;
    return calcularVenda({ itens: [{ quantidade: item.quantidade, valorUnitario: numero(item.valorUnitario) }] }).valorBruto;
  }
  return registro.itens.reduce((s, i) => s + numero(i.valorTotal), 0);
}

/** A discount on one line (itemId) or on the whole sale (itemId null). */
export function aplicarDesconto(
  registro: RegistroVenda,
  itemId: string | null,
  desconto: number,
  tipo: TipoDesconto,
): { ok: true; registro: RegistroVenda } | { ok: false; erro: string } {
  const erro = erroDesconto(baseDesconto(registro, itemId), desconto, tipo);
  if (erro) return { ok: false, erro };
  if (itemId) {
    if (!registro.itens.some((i) => i.id === itemId)) return { ok: false, erro: 'Item não encontrado' };
    return {
      ok: true,
      registro: alterado({
        ...registro,
        itens: registro.itens.map((i) => (i.id === itemId ? { ...i, desconto: texto(desconto), tipoDesconto: tipo } : i)),
      }),
    };
  }
  return { ok: true, registro: alterado({ ...registro, desconto: texto(desconto), tipoDesconto: tipo }) };
}

/** Delivery fee (*valorEntregaFrete*), reais, never negative. */
export function definirFrete(registro: RegistroVenda, valor: number): RegistroVenda {
  return alterado({ ...registro, valorEntregaFrete: texto(Math.max(0, valor)) });
}

// ---------------------------------------------------------------------------------------------
// Customer and pet
// ---------------------------------------------------------------------------------------------

/**
 * Sets or removes the customer; the pet goes with them. A customer cannot leave a sale that
 * holds a payment needing one (customer credit, a prazo).
 */
export function definirCliente(
  registro: RegistroVenda,
  cliente: ClienteRegistro | null,
  pet: PetRegistro | null = null,
): { ok: true; registro: RegistroVenda } | { ok: false; erro: string } {
  if (!cliente && registro.financeiros.some((f) => TIPOS_EXIGEM_CLIENTE.includes(f.formaPagamento.tipo))) {
    return { ok: false, erro: 'Exclua os pagamentos a prazo ou com crédito do cliente antes de remover o cliente' };
  }
  if (
    cliente &&
    registro.cliente &&
    registro.cliente.id !== cliente.id &&
    registro.financeiros.some((f) => TIPOS_EXIGEM_CLIENTE.includes(f.formaPagamento.tipo))
  ) {
    return { ok: false, erro: 'Exclua os pagamentos a prazo ou com crédito do cliente antes de trocar o cliente' };
  }
  return { ok: true, registro: alterado({ ...registro, cliente, petSelecionado: cliente ? pet : null }) };
}

export function definirPet(registro: RegistroVenda, pet: PetRegistro | null): RegistroVenda {
  return alterado({ ...registro, petSelecionado: registro.cliente ? pet : null });
}

// ---------------------------------------------------------------------------------------------
// Payments
// ---------------------------------------------------------------------------------------------

export type FormaPagamentoRegistro = FinanceiroRegistro['formaPagamento'];

export type NovoPagamento = {
  chave: string;
  formaPagamento: FormaPagamentoRegistro;
  /** Reais handed over (cash) or paid (the rest). */
  valorRecebido: number;
  parcelas: number;
  dataVencimento: string | null;
  /** Card kinds: brand, NSU, acquirer (null: none given). */
  cartao?: CartaoRegistro | null;
};

/** A card payment's details as the API's payment input takes them (absent when not given). */
export const camposCartao = (cartao: CartaoRegistro | null | undefined) => ({
  bandeira: cartao?.bandeira ?? undefined,
  autorizacao: cartao?.autorizacao ?? undefined,
  adquirente: cartao?.adquirente ?? undefined,
  adquirenteCnpj: cartao?.adquirenteCnpj ?? undefined,
});

/** What a payment would pay and the change, against what the record has open; the API's rule. */
export function simularPagamento(registro: RegistroVenda, tipo: TipoFormaPagamento, valorRecebido: number) {
  return calcularPagamento(tipo, numero(registro.valorEmAberto), valorRecebido);
}

/**
 * Why a payment cannot be added, field by field (the same checks the API makes), or null.
 * `valorRecebido` above what is open is refused for anything but cash (cash gives change).
 */
export function errosPagamento(registro: RegistroVenda, pagamento: Omit<NovoPagamento, 'chave'>, maxParcelas: number) {
  const erros: { valorRecebido?: string; parcelas?: string; cliente?: string; dataVencimento?: string } = {};
  const aberto = numero(registro.valorEmAberto);
  if (registro.tipo !== 'Venda') erros.valorRecebido = 'Orçamentos não recebem pagamentos';
  else if (aberto <= 0) erros.valorRecebido = 'Não há saldo em aberto';
  else if (!(pagamento.valorRecebido > 0)) erros.valorRecebido = 'Valor deve ser maior que zero';
  else if (calcularPagamento(pagamento.formaPagamento.tipo, aberto, pagamento.valorRecebido).excedeAberto)
    erros.valorRecebido = `Valor maior que o saldo em aberto (${formatMoney(aberto)})`;
  if (!Number.isInteger(pagamento.parcelas) || pagamento.parcelas < 1 || pagamento.parcelas > Math.max(1, maxParcelas))
    erros.parcelas = `Parcelas: de 1 a ${Math.max(1, maxParcelas)}`;
  if (TIPOS_EXIGEM_CLIENTE.includes(pagamento.formaPagamento.tipo) && !registro.cliente)
    erros.cliente = `${pagamento.formaPagamento.nome} exige um cliente na venda (F4)`;
  if (pagamento.formaPagamento.tipo === 'a_prazo' && pagamento.dataVencimento && pagamento.dataVencimento < todayISO())
    erros.dataVencimento = 'O vencimento não pode ser antes de hoje';
  return Object.keys(erros).length > 0 ? erros : null;
}

/**
 * Adds a pending payment. The same `chave` again changes nothing (a double Enter records once).
 */
export function adicionarPagamento(
  registro: RegistroVenda,
  pagamento: NovoPagamento,
  maxParcelas: number,
): { ok: true; registro: RegistroVenda } | { ok: false; erros: NonNullable<ReturnType<typeof errosPagamento>> } {
  if (registro.financeiros.some((f) => f.chave === pagamento.chave)) return { ok: true, registro };
  const erros = errosPagamento(registro, pagamento, maxParcelas);
  if (erros) return { ok: false, erros };
  const financeiro: FinanceiroRegistro = {
    chave: pagamento.chave,
    id: null,
    formaPagamento: pagamento.formaPagamento,
    valorRecebido: texto(pagamento.valorRecebido),
    valor: ZERO,
    troco: ZERO,
    parcelas: pagamento.parcelas,
    dataVencimento: pagamento.formaPagamento.tipo === 'a_prazo' ? pagamento.dataVencimento : null,
    efetivado: false,
    cartao: pagamento.cartao ?? null,
  };
  return { ok: true, registro: alterado({ ...registro, financeiros: [...registro.financeiros, financeiro] }) };
}

/** Removes a payment that only this computer knows (recorded ones go through the API). */
export function removerPagamento(registro: RegistroVenda, chave: string): RegistroVenda {
  return alterado({ ...registro, financeiros: registro.financeiros.filter((f) => f.chave !== chave) });
}

/**
 * "3x de R$ 33,34": the installments of `valor` reais as the API splits them (`parcelar`: the
 * first takes the odd cents, so it is the largest).
 */
export function textoParcelas(valor: number, parcelas: number): string {
  const valores = parcelar(valor, parcelas);
  return `${valores.length}x de ${formatMoney(valores[0])}`;
}

/** Default first due date of an a prazo payment, as the API's: today + 30 days, 'yyyy-MM-dd'. */
export const vencimentoPadrao = (hoje: string = todayISO()): string => addDays(hoje, DIAS_VENCIMENTO_A_PRAZO);

/** Default validity of a quote: today + VALIDADE_ORCAMENTO_DIAS (DOMAIN.md §6). */
export const validadePadrao = (hoje: string = todayISO()): string => addDays(hoje, VALIDADE_ORCAMENTO_DIAS);

// ---------------------------------------------------------------------------------------------
// Record ↔ API
// ---------------------------------------------------------------------------------------------

export type OpcoesVendaInput = {
  /** The register the sale is taken on (a manager may pick another cashier's). */
  caixaId?: string | null;
  /** Sends the pending payments (salvar-venda, deixar-venda-aberta); drafts leave them out. */
  comPagamentos?: boolean;
};

/**
 * The record as the API's `vendaInputSchema` takes it: numbers in reais, items by product id
 * with their client uuid, the pending payments (by chave) when asked. Prices are not sent: the
 * API takes them from the catalogue (a price change is a discount).
 */
export function registroParaVendaInput(registro: RegistroVenda, opcoes: OpcoesVendaInput = {}): VendaInput {
  return {
    id: registro.id,
    tipo: registro.tipo,
    caixaId: registro.tipo === 'Venda' ? (opcoes.caixaId ?? registro.caixaId ?? undefined) : undefined,
    clienteId: registro.cliente?.id,
    petId: registro.cliente ? registro.petSelecionado?.id : undefined,
    itens: registro.itens.map((i) => ({
      id: i.id,
      produtoId: i.produto.id,
      quantidade: i.quantidade,
      desconto: numero(i.desconto),
      tipoDesconto: i.tipoDesconto,
    })),
    desconto: numero(registro.desconto),
    tipoDesconto: registro.tipoDesconto,
    valorEntregaFrete: numero(registro.valorEntregaFrete),
    validadeOrcamento: registro.tipo === 'Orcamento' ? (registro.validadeOrcamento ?? undefined) : undefined,
    observacoes: registro.observacoes || undefined,
    financeiros: opcoes.comPagamentos
      ? registro.financeiros
          .filter((f) => f.id === null)
          .map((f) => ({
            chave: f.chave,
            formaPagamentoId: f.formaPagamento.id,
            valorRecebido: numero(f.valorRecebido),
            parcelas: f.parcelas,
            dataVencimento: f.dataVencimento ?? undefined,
            ...camposCartao(f.cartao),
          }))
      : [],
  };
}

const financeiroDaVenda = (f: Venda['financeiros'][number]): FinanceiroRegistro => ({
  chave: f.chave,
  id: f.id,
  formaPagamento: { id: f.formaPagamento.id, nome: f.formaPagamento.nome, tipo: f.formaPagamento.tipo },
  valorRecebido: texto(f.valorRecebido),
  valor: texto(f.valor),
  troco: texto(f.troco),
  parcelas: f.parcelas,
  dataVencimento: f.dataVencimento,
  efetivado: f.efetivado,
  cartao:
    f.bandeira || f.autorizacao || f.adquirente
      ? { bandeira: f.bandeira, autorizacao: f.autorizacao, adquirente: f.adquirente, adquirenteCnpj: f.adquirenteCnpj }
      : null,
});

/** The record of a sale the API answered (GET /pdv/{id} and every pdv write). */
export function registroDeVenda(venda: Venda): RegistroVenda {
  const registro: RegistroVenda = {
    id: venda.id,
    sId: venda.sId,
    numero: venda.numero,
    cliente: venda.cliente,
    petSelecionado: venda.pet,
    financeiros: venda.financeiros.map(financeiroDaVenda),
    itens: venda.itens.map((i) => ({
      id: i.id,
      produto: produtoRegistro(i.produto),
      quantidade: i.quantidade,
      quantidadeDevolvida: i.quantidadeDevolvida,
      valorUnitario: texto(i.valorUnitario),
      desconto: texto(i.desconto),
      tipoDesconto: i.tipoDesconto,
      valorDesconto: texto(i.valorDesconto),
      valorTotal: texto(i.valorTotal),
    })),
    devolucoes: venda.devolucoes.map((d) => ({
      id: d.id,
      numero: d.numero,
      valorTotal: texto(d.valorTotal),
      createdAt: d.createdAt,
    })),
    valorDescontos: texto(venda.valorDescontos),
    valorBruto: texto(venda.valorBruto),
    valorLiquido: texto(venda.valorLiquido),
    valorEntregaFrete: texto(venda.valorEntregaFrete),
    desconto: texto(venda.desconto),
    tipoDesconto: venda.tipoDesconto,
    status: venda.status,
    statusOrcamento: venda.statusOrcamento,
    emAtendimento: venda.emAtendimento,
    tipo: venda.tipo,
    valorPago: texto(venda.valorPago),
    valorEmAberto: texto(venda.valorEmAberto),
    valorTroco: texto(venda.valorTroco),
    validadeOrcamento: venda.validadeOrcamento,
    caixaId: venda.caixaId,
    observacoes: venda.observacoes ?? '',
    alteradoEm: venda.createdAt,
  };
  // A sale that is still being edited is recomputed like any record; a closed one is shown as stored.
  return podeEditar(venda) ? { ...recalcular(registro), alteradoEm: registro.alteradoEm } : registro;
}

/**
 * Brings what the API answered into a record that may have moved on meanwhile (an autosave
 * answers after the cashier scanned more): the server's identity, state and recorded payments
 * win; the local items, customer and discounts (what the cashier is editing) stay, and pending
 * payments the server does not know yet stay pending.
 */
export function mesclarVenda(local: RegistroVenda, venda: Venda): RegistroVenda {
  const doServidor = venda.financeiros.map(financeiroDaVenda);
  const chaves = new Set(doServidor.map((f) => f.chave));
  const pendentes = local.financeiros.filter((f) => f.id === null && !chaves.has(f.chave));
  return recalcular({
    ...local,
    sId: venda.sId,
    numero: venda.numero,
    status: venda.status,
    statusOrcamento: venda.statusOrcamento,
    emAtendimento: venda.emAtendimento,
    tipo: venda.tipo,
    caixaId: venda.caixaId,
    validadeOrcamento: venda.validadeOrcamento,
    devolucoes: venda.devolucoes.map((d) => ({
      id: d.id,
      numero: d.numero,
      valorTotal: texto(d.valorTotal),
      createdAt: d.createdAt,
    })),
    financeiros: [...doServidor, ...pendentes],
  });
}

/**
 * The record to resume a sale or quote with on /vendas/pdv/{id}: the newest of this computer's
 * copy and the server's snapshot (both checked against the record's shape), merged with what the
 * server recorded since; the sale itself when there is neither, when it was left open or when it
 * can no longer change.
 */
export function registroParaRetomar(venda: Venda, local: RegistroVenda | null | undefined): RegistroVenda {
  // A sale left open is what the server says (its items are fixed); drafts and quotes may be ahead here.
  if (!podeEditar(venda) || (venda.tipo === 'Venda' && !venda.emAtendimento)) return registroDeVenda(venda);
  const snapshot = venda.snapshot ? registroVendaSchema.safeParse(venda.snapshot) : null;
  // A copy made while the record was still being served predates its save as a quote: stale.
  const candidatos = [local, snapshot?.success ? snapshot.data : null].filter(
    (r): r is RegistroVenda =>
      r !== null && r !== undefined && r.id === venda.id && r.emAtendimento === venda.emAtendimento && r.status === 'EmAberto',
  );
  if (candidatos.length === 0) return registroDeVenda(venda);
  const maisNovo = candidatos.reduce((a, b) => (b.alteradoEm > a.alteradoEm ? b : a));
  return mesclarVenda(maisNovo, venda);
}

// ---------------------------------------------------------------------------------------------
// Modes and what may be done
// ---------------------------------------------------------------------------------------------

/** Whether the sale may still change: a sale EmAberto, or a quote still Aberto. */
export function podeEditar(venda: Pick<Venda, 'tipo' | 'status' | 'statusOrcamento'>): boolean {
  if (venda.status !== 'EmAberto') return false;
  if (venda.tipo === 'Orcamento') return venda.statusOrcamento === null || venda.statusOrcamento === 'Aberto';
  return true;
}

/** Mode of /vendas/pdv/{id} (spec §2): Edicao while it may change, else Visualizacao. */
export const modoDaVenda = (venda: Pick<Venda, 'tipo' | 'status' | 'statusOrcamento'>): ModoPdv =>
  podeEditar(venda) ? MODOS_PDV.Edicao : MODOS_PDV.Visualizacao;

/**
 * A sale left open (*deixar venda aberta*): its stock already went out, so its items are fixed;
 * only payments are added, each recorded at once.
 */
export const vendaDeixadaEmAberto = (registro: RegistroVenda): boolean =>
  registro.tipo === 'Venda' && registro.status === 'EmAberto' && !registro.emAtendimento && registro.sId !== null;

/** Whether the record holds anything worth keeping (items or payments). */
export const temConteudo = (registro: RegistroVenda): boolean => registro.itens.length > 0 || registro.financeiros.length > 0;

/**
 * Why F10 (finalise) cannot run now, or null. The API checks the same and more; this lets the
 * button say why before the cashier presses it.
 */
export function motivoNaoFinalizar(registro: RegistroVenda, ctx: { caixaId: string | null }): string | null {
  if (registro.tipo !== 'Venda') return null;
  if (registro.itens.length === 0) return 'Adicione um produto';
  if (!ctx.caixaId && registro.financeiros.length > 0) return 'Abra o caixa para receber pagamentos';
  const excedente = valorExcedente(registro);
  if (excedente > 0) return `Os pagamentos passam do total em ${formatMoney(excedente)}: exclua um pagamento`;
  const aberto = numero(registro.valorEmAberto);
  if (aberto > 0)
    return vendaDeixadaEmAberto(registro)
      ? `Falta receber ${formatMoney(aberto)} (F8 Pagamento)`
      : `Falta receber ${formatMoney(aberto)} (F8 Pagamento ou F9 Deixar em aberto)`;
  return null;
}

/** Why F9 (leave open) cannot run now, or null. */
export function motivoNaoDeixarAberta(registro: RegistroVenda): string | null {
  if (registro.tipo !== 'Venda') return 'Orçamentos não ficam em aberto';
  if (registro.itens.length === 0) return 'Adicione um produto';
  if (!registro.cliente) return 'Informe o cliente para deixar a venda em aberto (F4)';
  if (numero(registro.valorEmAberto) <= 0) return 'Nada em aberto: finalize a venda (F10)';
  return null;
}
