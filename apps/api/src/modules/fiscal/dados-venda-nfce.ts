/**
 * A finalised sale, its unit and its products → `DadosNfce` (issue #18 item 2): what
 * `gerarNfce` turns into the signed XML. Pure: the reads are documentos-repository.ts
 * `findVendaParaNfce`; the unit is unidade-fiscal.ts.
 *
 * The rules (money in integer cents, rounded half away from zero):
 * - Services never go on an NFC-e (they are taxed by the municipality, ISS): only lines whose
 *   product is `tipo = 'produto'` become items. A sale of services only has no NFC-e.
 * - The sale discount (valor_descontos − valor_desconto_itens) and the freight are the whole
 *   sale's; the products carry their share in proportion to their net value (after their own
 *   discounts) over every line's net value: descontoVenda = D × Np / Nall, frete = F × Np / Nall.
 *   The builder then apportions those two over the items the way SEFAZ checks them
 *   (Σ vDesc = vDesc total, Σ vFrete = vFrete total).
 * - vNF = Np − descontoVenda + frete.
 * - Payments are the sale's, scaled to vNF (each × vNF / Σ payments, the rounding remainder on
 *   the largest) so that Σ vPag − vTroco = vNF: a cash payment's vPag is its scaled value plus
 *   the change it gave (troco), and vTroco is the sale's change. Σ vPag ≥ vNF always.
 * - tPag (NT 2020.006): dinheiro 01, cartão de crédito 03, débito 04, crédito do cliente and
 *   a prazo 05 (crédito loja), boleto 15, PIX 17, transferência 18; cards carry tpIntegra 2
 *   (not integrated) with the acquirer's CNPJ, brand and authorisation when the till has them.
 */
import type { TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
import type { DadosNfce, ItemNfce, PagamentoNfce, TipoPagamentoNfce } from './nfce/dados-nfce.ts';
import type { UnidadeFiscal } from './unidade-fiscal.ts';

/** One line of the sale with its product's fiscal data (documentos-repository.ts). */
export type ItemVendaNfce = {
  produtoId: string;
  produtoNome: string;
  /** 'produto' | 'servico'. */
  tipo: string;
  codigo: string | null;
  codigoBarras: string | null;
  descricao: string;
  unidadeSigla: string;
  /** numeric strings as stored: '1.000', '189.90'. */
  quantidade: string;
  valorUnitario: string;
  valorDesconto: string;
  valorTotal: string;
  ncm: string | null;
  cest: string | null;
  cfop: string | null;
  origem: string;
  csosn: string | null;
  cst: string | null;
  pisCst: string | null;
  cofinsCst: string | null;
};

export type PagamentoVendaNfce = {
  tipoForma: string;
  formaNome: string;
  valor: string;
  troco: string;
  bandeira: string | null;
  autorizacao: string | null;
  adquirenteCnpj: string | null;
};

/** The sale as the NFC-e needs it. */
export type VendaNfce = {
  id: string;
  numero: number;
  status: string;
  tipo: string;
  valorDescontoItens: string;
  valorDescontos: string;
  valorEntregaFrete: string;
  valorLiquido: string;
  itens: ItemVendaNfce[];
  pagamentos: PagamentoVendaNfce[];
};

/** Reais string → integer cents. */
export const centavos = (v: string | number): number => Math.round(Number(v) * 100);
/** Integer cents → '12.30'. */
export const reais = (c: number): string => (c / 100).toFixed(2);

const TPAG: Record<TipoFormaPagamento, TipoPagamentoNfce> = {
  dinheiro: '01',
  cartao_credito: '03',
  cartao_debito: '04',
  credito_cliente: '05',
  a_prazo: '05',
  boleto: '15',
  pix: '17',
  transferencia: '18',
};

/** The products of the sale (services left out). */
export const produtosDaVenda = (venda: VendaNfce): ItemVendaNfce[] => venda.itens.filter((i) => i.tipo !== 'servico');

/** Splits `total` cents in proportion to `pesos`, the remainder on the largest weight; Σ = total. */
export const ratear = (total: number, pesos: number[]): number[] => {
  const soma = pesos.reduce((s, p) => s + p, 0);
  if (soma <= 0 || pesos.length === 0) return pesos.map((_, i) => (i === 0 ? total : 0));
  const partes = pesos.map((p) => Math.floor((total * p) / soma));
  const resto = total - partes.reduce((s, p) => s + p, 0);
  const maior = pesos.indexOf(Math.max(...pesos));
  partes[maior]! += resto;
  return partes;
};

/** The products' share of the sale: net value, discount and freight, and vNF, in cents. */
export const totaisNfce = (venda: VendaNfce) => {
  const produtos = produtosDaVenda(venda);
  const liquidoTodos = venda.itens.reduce((s, i) => s + centavos(i.valorTotal), 0);
  const liquidoProdutos = produtos.reduce((s, i) => s + centavos(i.valorTotal), 0);
  const descontoTotal = Math.max(0, centavos(venda.valorDescontos) - centavos(venda.valorDescontoItens));
  const freteTotal = centavos(venda.valorEntregaFrete);
  const proporcao = (valor: number) =>
    liquidoTodos <= 0
      ? produtos.length === venda.itens.length
        ? valor
        : 0
      : Math.round((valor * liquidoProdutos) / liquidoTodos);
  const descontoVenda = Math.min(proporcao(descontoTotal), liquidoProdutos);
  const frete = proporcao(freteTotal);
  return { liquidoProdutos, descontoVenda, frete, valorNota: liquidoProdutos - descontoVenda + frete };
};

/** The sale's payments scaled to vNF (see the file's docstring) and the change. */
export const pagamentosNfce = (venda: VendaNfce, valorNota: number): { pagamentos: PagamentoNfce[]; troco: number } => {
  const pagos = venda.pagamentos.filter((p) => centavos(p.valor) > 0);
  if (pagos.length === 0) return { pagamentos: [{ tPag: '01', valor: reais(valorNota) }], troco: 0 };
  const escalados = ratear(
    valorNota,
    pagos.map((p) => centavos(p.valor)),
  );
  let troco = 0;
  const pagamentos = pagos.map((p, i): PagamentoNfce => {
    const tPag = TPAG[p.tipoForma as TipoFormaPagamento] ?? '99';
    const trocoDeste = tPag === '01' ? centavos(p.troco) : 0;
    troco += trocoDeste;
    return {
      tPag,
      valor: reais(escalados[i]! + trocoDeste),
      ...(tPag === '99' ? { descricao: p.formaNome.slice(0, 60) } : {}),
      ...(tPag === '03' || tPag === '04'
        ? {
            cartao: {
              cnpjCredenciadora: p.adquirenteCnpj?.replace(/\D/g, '') || null,
              bandeira: p.bandeira,
              autorizacao: p.autorizacao,
            },
          }
        : {}),
    };
  });
  return { pagamentos, troco };
};

const GTIN = /^(\d{8}|\d{12}|\d{13}|\d{14})$/;

const itemNfce = (i: ItemVendaNfce): ItemNfce => ({
  codigo: (i.codigo?.trim() || i.produtoId.slice(0, 8)).slice(0, 60),
  codigoBarras: i.codigoBarras && GTIN.test(i.codigoBarras) ? i.codigoBarras : null,
  descricao: i.descricao.slice(0, 120),
  ncm: i.ncm ?? '',
  cest: i.cest || null,
  cfop: i.cfop ?? '',
  unidade: i.unidadeSigla.slice(0, 6),
  quantidade: Number(i.quantidade).toFixed(3),
  valorUnitario: Number(i.valorUnitario).toFixed(2),
  descontoItem: reais(centavos(i.valorDesconto)),
  origem: i.origem,
  csosn: i.csosn,
  cst: i.cst,
  pisCst: i.pisCst,
  cofinsCst: i.cofinsCst,
});

/** Everything of one emission that is not the sale: the number, the instant, the mode. */
export type EmissaoNfce = {
  serie: number;
  numero: number;
  codigoNumerico: string;
  emitidoEm: Date;
  tipoEmissao: '1' | '9';
  contingencia?: { desde: Date; justificativa: string } | undefined;
  cpf: string | null;
};

/** montarDadosNfce: the sale + unit + emission → `DadosNfce` (rules in the file's docstring). */
export const montarDadosNfce = (venda: VendaNfce, unidade: UnidadeFiscal, emissao: EmissaoNfce): DadosNfce => {
  const totais = totaisNfce(venda);
  const { pagamentos, troco } = pagamentosNfce(venda, totais.valorNota);
  return {
    emitente: unidade.emitente,
    ambiente: unidade.ambiente === 'producao' ? '1' : '2',
    serie: emissao.serie,
    numero: emissao.numero,
    codigoNumerico: emissao.codigoNumerico,
    emitidoEm: emissao.emitidoEm,
    timeZone: unidade.timeZone,
    tipoEmissao: emissao.tipoEmissao,
    ...(emissao.tipoEmissao === '9' && emissao.contingencia ? { contingencia: emissao.contingencia } : {}),
    destinatarioDocumento: emissao.cpf,
    itens: produtosDaVenda(venda).map(itemNfce),
    descontoVenda: reais(totais.descontoVenda),
    frete: reais(totais.frete),
    pagamentos,
    troco: reais(troco),
    csc: unidade.csc,
    informacoesComplementares: `Venda nº ${venda.numero}`,
  };
};
