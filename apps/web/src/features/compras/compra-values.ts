/**
 * The purchase editor's working state (/compras/cadastro-manual and /compras/{id}/) and its
 * conversions: from the API's Compra, to the POST/PUT body (`compraInputSchema`), the live
 * totals (`calcularCompra` of @petshop/shared/compra, the very function the API stores its
 * totals with) and the installment generator. Pure functions only.
 *
 * Numbers typed in Mantine inputs are `number | ''` ('' while empty); money in reais, unit
 * costs in reais per shop unit (4 decimals), quantities in the shop's unit.
 */
import {
  roundTo,
  roundCusto,
  calcularCompra,
  type Compra,
  type CompraCalculada,
  type CompraInput,
  type CompraItem,
  type ProdutoCompra,
} from '@petshop/shared/compra';
import { fromCents, roundQuantidade, toCents } from '@petshop/shared/format';
import type { Produto } from '@petshop/shared/produto';
import { parcelar, addDays } from '@petshop/shared/venda';

export type Numero = number | '';

export type LoteForm = {
  key: string;
  numero: string;
  dataFabricacao: string | null;
  dataValidade: string | null;
  quantidade: Numero;
};

/** The invoice's side of an imported line (read-only on the screen). */
export type Fornecimento = {
  descricao: string;
  codigoFornecedor: string | null;
  gtin: string | null;
  ncm: string | null;
  cest: string | null;
  unidadeFornecedor: string | null;
  quantidadeFornecedor: number;
  valorUnitarioFornecedor: number;
  fatorConversao: number;
};

export type ItemForm = {
  /** React key: the saved line's id, else a client id. */
  key: string;
  /** The saved line's id (kept on PUT so an imported line keeps its invoice data). */
  id: string | null;
  produto: ProdutoCompra | null;
  /** Only on imported lines. */
  fornecimento: Fornecimento | null;
  quantidade: Numero;
  custoUnitario: Numero;
  valorDesconto: Numero;
  /**
   * The line's exact total as the API answered it (an imported line: vProd − vDesc), used in
   * the totals until the user changes quantity, cost or discount.
   */
  valorTotalServidor: number | null;
  lotes: LoteForm[];
};

export type ParcelaForm = { key: string; numero: string; dataVencimento: string | null; valor: Numero };

export type CompraForm = {
  fornecedorId: string | null;
  numeroNota: string;
  serie: string;
  dataEmissao: string | null;
  dataEntrada: string | null;
  valorFrete: Numero;
  valorDesconto: Numero;
  valorOutros: Numero;
  observacoes: string;
  itens: ItemForm[];
  parcelas: ParcelaForm[];
};

const num = (v: Numero): number => (v === '' ? 0 : v);

let seq = 0;
/** A key for a new row (React only; never sent). */
export const novaChave = (prefixo = 'novo'): string => `${prefixo}-${Date.now().toString(36)}-${(seq += 1)}`;

// ---------------------------------------------------------------------------------------------
// From the API
// ---------------------------------------------------------------------------------------------

export const itemDoServidor = (item: CompraItem): ItemForm => ({
  key: item.id,
  id: item.id,
  produto: item.produto,
  fornecimento:
    item.codigoFornecedor !== null || item.unidadeFornecedor !== null || item.gtin !== null
      ? {
          descricao: item.descricao,
          codigoFornecedor: item.codigoFornecedor,
          gtin: item.gtin,
          ncm: item.ncm,
          cest: item.cest,
          unidadeFornecedor: item.unidadeFornecedor,
          quantidadeFornecedor: item.quantidadeFornecedor,
          valorUnitarioFornecedor: item.valorUnitarioFornecedor,
          fatorConversao: item.fatorConversao,
        }
      : null,
  quantidade: item.quantidade,
  custoUnitario: item.custoUnitario,
  valorDesconto: item.valorDesconto,
  valorTotalServidor: item.valorTotal,
  lotes: item.lotes.map((l, i) => ({
    key: `${item.id}-lote-${i}`,
    numero: l.numero,
    dataFabricacao: l.dataFabricacao,
    dataValidade: l.dataValidade,
    quantidade: l.quantidade,
  })),
});

/** The form of a purchase (empty for a new one, entry date today). */
export const compraValues = (compra: Compra | undefined, hoje: string): CompraForm =>
  compra
    ? {
        fornecedorId: compra.fornecedor?.id ?? null,
        numeroNota: compra.numeroNota ?? '',
        serie: compra.serie ?? '',
        dataEmissao: compra.dataEmissao,
        dataEntrada: compra.dataEntrada,
        valorFrete: compra.valorFrete,
        valorDesconto: compra.valorDesconto,
        valorOutros: compra.valorOutros,
        observacoes: compra.observacoes ?? '',
        itens: compra.itens.map(itemDoServidor),
        parcelas: compra.parcelas.map((p) => ({
          key: p.id,
          numero: p.numero ?? '',
          dataVencimento: p.dataVencimento,
          valor: p.valor,
        })),
      }
    : {
        fornecedorId: null,
        numeroNota: '',
        serie: '',
        dataEmissao: null,
        dataEntrada: hoje,
        valorFrete: 0,
        valorDesconto: 0,
        valorOutros: 0,
        observacoes: '',
        itens: [],
        parcelas: [],
      };

/** The catalogue product as a purchase line shows it. */
export const produtoDaCompra = (p: Produto): ProdutoCompra => ({
  id: p.id,
  nome: p.nome,
  codigo: p.codigo,
  codigoBarras: p.codigoBarras,
  controlaEstoque: p.controlaEstoque,
  controlaLote: p.controlaLote,
  unidadeMedida: { sigla: p.unidadeMedida.sigla, permiteVendaFracionada: p.unidadeMedida.permiteVendaFracionada },
});

/**
 * A product picked (search or scanner): a new line of 1 unit at its cost price, or one unit
 * more on the line that already has it. Returns the items and the index touched.
 */
export const adicionarProduto = (
  itens: readonly ItemForm[],
  p: Produto,
  quantidade = 1,
): { itens: ItemForm[]; indice: number } => {
  const indice = itens.findIndex((i) => i.produto?.id === p.id && i.fornecimento === null && i.lotes.length === 0);
  if (indice >= 0) {
    const atual = itens[indice]!;
    const soma = roundQuantidade(num(atual.quantidade) + quantidade, p.unidadeMedida.permiteVendaFracionada);
    return {
      itens: itens.map((i, idx) => (idx === indice ? { ...i, quantidade: soma, valorTotalServidor: null } : i)),
      indice,
    };
  }
  const novo: ItemForm = {
    key: novaChave('item'),
    id: null,
    produto: produtoDaCompra(p),
    fornecimento: null,
    quantidade: roundQuantidade(quantidade, p.unidadeMedida.permiteVendaFracionada),
    custoUnitario: p.precoCusto,
    valorDesconto: 0,
    valorTotalServidor: null,
    lotes: [],
  };
  return { itens: [...itens, novo], indice: itens.length };
};

// ---------------------------------------------------------------------------------------------
// Totals
// ---------------------------------------------------------------------------------------------

/** Live totals: the API's own arithmetic on what the form holds. */
export const totaisDoForm = (form: Pick<CompraForm, 'itens' | 'valorFrete' | 'valorDesconto' | 'valorOutros'>): CompraCalculada =>
  calcularCompra({
    itens: form.itens.map((i) => ({
      quantidade: num(i.quantidade),
      custoUnitario: num(i.custoUnitario),
      valorDesconto: num(i.valorDesconto),
      ...(i.valorTotalServidor !== null ? { valorTotal: i.valorTotalServidor } : {}),
    })),
    valorFrete: num(form.valorFrete),
    valorDesconto: num(form.valorDesconto),
    valorOutros: num(form.valorOutros),
  });

/** Σ installments in reais. */
export const somaParcelas = (parcelas: readonly ParcelaForm[]): number =>
  fromCents(parcelas.reduce((s, p) => s + toCents(num(p.valor)), 0));

/** Σ lot quantities of a line (3 decimals). */
export const somaLotes = (lotes: readonly LoteForm[]): number =>
  roundTo(
    lotes.reduce((s, l) => s + num(l.quantidade), 0),
    3,
  );

/** Days between generated installments. */
export const INTERVALO_PARCELAS_DIAS = 30;

/**
 * `n` installments of `total` reais, one every 30 days starting 30 days after `dataBase`
 * (the entry or issue date); the cents that do not divide go on the first.
 */
export const gerarParcelas = (total: number, n: number, dataBase: string): ParcelaForm[] =>
  parcelar(total, n).map((valor, i) => ({
    key: novaChave('parcela'),
    numero: '',
    dataVencimento: addDays(dataBase, INTERVALO_PARCELAS_DIAS * (i + 1)),
    valor,
  }));

// ---------------------------------------------------------------------------------------------
// To the API
// ---------------------------------------------------------------------------------------------

const texto = (v: string): string | undefined => (v.trim() === '' ? undefined : v.trim());

/**
 * The POST/PUT body. `id` is the client's uuid of a new purchase (POST). A line's quantity is
 * sent as typed (the API rounds it by the product's unit and refuses a fraction of a whole
 * unit); empty numbers go as they are, for the API to name the field.
 */
export const corpoDaCompra = (form: CompraForm, id?: string): CompraInput => ({
  ...(id ? { id } : {}),
  fornecedorId: form.fornecedorId ?? undefined,
  numeroNota: texto(form.numeroNota),
  serie: texto(form.serie),
  dataEmissao: form.dataEmissao ?? undefined,
  dataEntrada: form.dataEntrada ?? undefined,
  valorFrete: num(form.valorFrete),
  valorDesconto: num(form.valorDesconto),
  valorOutros: num(form.valorOutros),
  observacoes: texto(form.observacoes),
  itens: form.itens.map((i) => ({
    ...(i.id ? { id: i.id } : {}),
    produtoId: i.produto?.id ?? undefined,
    quantidade: i.quantidade === '' ? undefined : i.quantidade,
    custoUnitario: i.custoUnitario === '' ? undefined : roundCusto(i.custoUnitario),
    valorDesconto: num(i.valorDesconto),
    lotes: i.lotes.map((l) => ({
      numero: l.numero,
      dataFabricacao: l.dataFabricacao ?? undefined,
      dataValidade: l.dataValidade ?? undefined,
      quantidade: l.quantidade === '' ? undefined : l.quantidade,
    })),
  })),
  parcelas: form.parcelas.map((p) => ({
    dataVencimento: p.dataVencimento ?? undefined,
    valor: p.valor === '' ? undefined : p.valor,
    numero: texto(p.numero),
  })),
});
