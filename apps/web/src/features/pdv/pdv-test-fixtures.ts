/**
 * What the till's jsdom tests share: a register, a cash method, a product and the sale a fake API
 * answers (pdv-screen.test.tsx, autorizacao-desconto.test.tsx).
 */
import type { ProdutoPdv } from '@petshop/shared/produto';
import type { CaixasParaPdv, Venda, VendaInput } from '@petshop/shared/venda';
import type { RecordedRequest } from '#test/fake-api.ts';

export const CAIXA = '55555555-5555-4555-8555-555555555555';
export const DINHEIRO = '66666666-6666-4666-8666-666666666666';

/** A unit product sold by barcode 7896181213455, 62 in stock. */
export const produtoPdv = (campos: Pick<ProdutoPdv, 'nome' | 'codigo' | 'precoVenda'>): ProdutoPdv => ({
  id: '77777777-7777-4777-8777-777777777777',
  codigoBarras: '7896181213455',
  unidadeMedida: { sigla: 'UN', permiteVendaFracionada: false },
  tipo: 'produto',
  controlaEstoque: true,
  estoque: 62,
  ...campos,
});

/** Ana Souza's open register nº 4 with cash only. */
export const caixasPdv: CaixasParaPdv = {
  caixas: [
    { id: CAIXA, numero: 4, usuario: { id: 'u', nome: 'Ana Souza' }, dataAbertura: '2024-05-01T11:00:00Z', doUsuario: true },
  ],
  formasPagamento: [{ id: DINHEIRO, nome: 'Dinheiro', tipo: 'dinheiro', taxaPercentual: 0, maxParcelas: 1, diasRecebimento: 0 }],
  permiteEstoqueNegativo: false,
};

/**
 * A fake API's sale for an input of one product (enough of it for the till; no discounts applied):
 * `vendaDe(produto, numero)(input, extra)`.
 */
export const vendaDe =
  (produto: ProdutoPdv, numero: number) =>
  (input: VendaInput, extra: Partial<Venda> = {}): Venda => {
    const itens = (input.itens ?? []).map((i, ordem) => ({
      id: i.id,
      ordem,
      produtoId: i.produtoId,
      produto: { ...produto, unidadeMedida: produto.unidadeMedida },
      descricao: produto.nome,
      quantidade: Number(i.quantidade),
      quantidadeDevolvida: 0,
      valorUnitario: produto.precoVenda,
      desconto: 0,
      tipoDesconto: 'Percentual' as const,
      valorDesconto: 0,
      valorTotal: Math.round(produto.precoVenda * Number(i.quantidade) * 100) / 100,
    }));
    const total = itens.reduce((s, i) => s + i.valorTotal, 0);
    return {
      id: input.id,
      sId: input.id,
      numero,
      tipo: 'Venda',
      status: 'EmAberto',
      statusOrcamento: null,
      validadeOrcamento: null,
      emAtendimento: true,
      caixaId: CAIXA,
      usuario: { id: 'u', nome: 'Ana Souza' },
      cliente: null,
      pet: null,
      itens,
      financeiros: [],
      devolucoes: [],
      valorBruto: total,
      valorDescontoItens: 0,
      desconto: 0,
      tipoDesconto: 'Percentual',
      valorDescontos: 0,
      valorEntregaFrete: 0,
      valorLiquido: total,
      valorPago: 0,
      valorEmAberto: total,
      valorTroco: 0,
      observacoes: null,
      createdAt: '2024-05-01T12:00:00Z',
      dataFinalizacao: null,
      dataCancelamento: null,
      motivoCancelamento: null,
      snapshot: null,
      ...extra,
    };
  };

/** A recorded request's JSON body. */
export const body = <T>(r: RecordedRequest): T => JSON.parse(String(r.data)) as T;
