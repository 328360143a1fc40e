/** The purchase editor's state: live totals, the installment generator, lines from products and the body sent. */
import type { Compra, CompraItem } from '@petshop/shared/compra';
import type { Produto } from '@petshop/shared/produto';
import { describe, expect, it } from 'vitest';
import {
  adicionarProduto,
  compraValues,
  corpoDaCompra,
  gerarParcelas,
  somaParcelas,
  totaisDoForm,
  type CompraForm,
} from './compra-values.ts';

const produto = (overrides: Partial<Produto> = {}): Produto => ({
  id: '11111111-1111-4111-8111-111111111111',
  tipo: 'produto',
  nome: 'Areia Pipicat 4 kg',
  codigo: 'AR4',
  codigoBarras: '7896181211113',
  marcaId: null,
  marcaNome: null,
  categoriaId: null,
  categoriaNome: null,
  unidadeMedidaId: 'u',
  unidadeMedida: { id: 'u', sigla: 'UN', permiteVendaFracionada: false },
  precoCusto: 12.5,
  markup: 60,
  precoVenda: 20,
  estoqueMinimo: 0,
  controlaEstoque: true,
  estoque: 10,
  controlaLote: false,
  ativo: true,
  granel: null,
  pacote: null,
  fiscal: { ncm: null, cest: null, cfop: '5102', origem: '0', csosn: null, cst: null, pisCst: null, cofinsCst: null },
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  ...overrides,
});

const itemImportado = (overrides: Partial<CompraItem> = {}): CompraItem => ({
  id: '33333333-3333-4333-8333-333333333333',
  ordem: 1,
  produtoId: null,
  produto: null,
  descricao: 'PAPEL MAXPLOT 170MX250M',
  codigoFornecedor: 'B17025056',
  gtin: null,
  ncm: '48025590',
  cest: null,
  cfop: '5101',
  unidadeFornecedor: 'RL',
  quantidadeFornecedor: 1,
  valorUnitarioFornecedor: 138.3,
  fatorConversao: 1,
  quantidade: 1,
  custoUnitario: 138.3,
  valorDesconto: 0,
  valorTotal: 138.3,
  valorRateio: 0,
  custoUnitarioFinal: 138.3,
  lotes: [],
  ...overrides,
});

describe('adicionarProduto', () => {
  it('adds a product at its cost price, and one more unit when it is read again', () => {
    const form = compraValues(undefined, '2025-03-10');
    expect(form.dataEntrada).toBe('2025-03-10');
    const um = adicionarProduto(form.itens, produto());
    expect(um.itens[0]).toMatchObject({ quantidade: 1, custoUnitario: 12.5, id: null, produto: { nome: 'Areia Pipicat 4 kg' } });
    const dois = adicionarProduto(um.itens, produto(), 2);
    expect(dois.indice).toBe(0);
    expect(dois.itens).toHaveLength(1);
    expect(dois.itens[0]!.quantidade).toBe(3);
  });
});

describe('totaisDoForm', () => {
  it('computes the totals with the API arithmetic: freight and other costs in, discount out, apportioned by value', () => {
    const base = compraValues(undefined, '2025-03-10');
    const { itens } = adicionarProduto(adicionarProduto([], produto(), 10).itens, produto({ id: 'p2', precoCusto: 25 }), 2);
    const form: CompraForm = { ...base, itens, valorFrete: 15, valorOutros: 5, valorDesconto: 10 };
    const t = totaisDoForm(form);
    expect(t.valorProdutos).toBe(175);
    expect(t.valorTotal).toBe(185);
    expect(t.itens.map((i) => i.valorTotal)).toEqual([125, 50]);
    // 10 of 175 apportioned: 125/175 × 10 = 7.14 and the rest 2.86.
    expect(t.itens.map((i) => i.valorRateio)).toEqual([7.14, 2.86]);
    expect(t.itens[0]!.custoUnitarioFinal).toBe(13.214);
  });

  it("keeps an imported line's exact total until its quantity or cost is typed", () => {
    const item = itemImportado({ quantidade: 12, custoUnitario: 11.525, valorTotal: 138.3, fatorConversao: 12 });
    const compra = { itens: [item], parcelas: [], fornecedor: null } as unknown as Compra;
    const form = { ...compraValues(undefined, '2025-03-10'), itens: compraValues(compra, '2025-03-10').itens };
    expect(totaisDoForm(form).valorTotal).toBe(138.3);
    expect(form.itens[0]!.fornecimento).toMatchObject({
      codigoFornecedor: 'B17025056',
      unidadeFornecedor: 'RL',
      ncm: '48025590',
    });
  });
});

describe('gerarParcelas', () => {
  it('splits the total every 30 days from the base date, the odd cents on the first', () => {
    const parcelas = gerarParcelas(100, 3, '2025-01-31');
    expect(parcelas.map((p) => [p.dataVencimento, p.valor])).toEqual([
      ['2025-03-02', 33.34],
      ['2025-04-01', 33.33],
      ['2025-05-01', 33.33],
    ]);
    expect(somaParcelas(parcelas)).toBe(100);
  });
});

describe('corpoDaCompra', () => {
  it('sends the client id of a new purchase, the line ids of saved ones, and empty texts as absent', () => {
    const base = compraValues(undefined, '2025-03-10');
    const { itens } = adicionarProduto([], produto({ controlaLote: true }), 4);
    itens[0]!.lotes = [{ key: 'l', numero: 'L1', dataFabricacao: null, dataValidade: '2026-01-01', quantidade: 4 }];
    const form: CompraForm = {
      ...base,
      fornecedorId: '44444444-4444-4444-8444-444444444444',
      numeroNota: ' 123 ',
      itens: [
        ...itens,
        ...compraValues({ itens: [itemImportado()], parcelas: [], fornecedor: null } as unknown as Compra, '').itens,
      ],
      parcelas: gerarParcelas(50, 1, '2025-03-10'),
    };
    const corpo = corpoDaCompra(form, '55555555-5555-4555-8555-555555555555');
    expect(corpo).toMatchObject({
      id: '55555555-5555-4555-8555-555555555555',
      fornecedorId: '44444444-4444-4444-8444-444444444444',
      numeroNota: '123',
      serie: undefined,
      dataEntrada: '2025-03-10',
      valorFrete: 0,
    });
    expect(corpo.itens).toEqual([
      {
        produtoId: '11111111-1111-4111-8111-111111111111',
        quantidade: 4,
        custoUnitario: 12.5,
        valorDesconto: 0,
        lotes: [{ numero: 'L1', dataFabricacao: undefined, dataValidade: '2026-01-01', quantidade: 4 }],
      },
      {
        id: '33333333-3333-4333-8333-333333333333',
        produtoId: undefined,
        quantidade: 1,
        custoUnitario: 138.3,
        valorDesconto: 0,
        lotes: [],
      },
    ]);
    expect(corpo.parcelas).toEqual([{ dataVencimento: '2025-04-09', valor: 50, numero: undefined }]);
    expect(corpoDaCompra(form)).not.toHaveProperty('id');
  });
});
