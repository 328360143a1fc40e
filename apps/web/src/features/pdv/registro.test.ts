/**
 * The working record of the point of sale: items by barcode and by quantity prefix, the unit's
 * fraction rule, text money ↔ numbers, totals through the API's own arithmetic, payments with
 * change, and the record as the API receives it and gives it back.
 */
import type { ProdutoPdv } from '@petshop/shared/produto';
import type { FormaPagamentoPdv, Venda } from '@petshop/shared/venda';
import { vendaInputSchema } from '@petshop/shared/venda';
import { describe, expect, it } from 'vitest';
import {
  adicionarPagamento,
  adicionarProduto,
  alterarQuantidade,
  aplicarDesconto,
  definirCliente,
  definirFrete,
  estoqueExcedido,
  lerEntrada,
  mesclarVenda,
  modoDaVenda,
  motivoNaoDeixarAberta,
  motivoNaoFinalizar,
  novoRegistro,
  numero,
  registroDeVenda,
  registroParaRetomar,
  registroParaVendaInput,
  registroVendaSchema,
  removerItem,
  removerPagamento,
  somarQuantidade,
  texto,
  textoParcelas,
  valorExcedente,
  type RegistroVenda,
} from './registro.ts';

const racao: ProdutoPdv = {
  id: '0b7d5f8e-1c1a-4c1e-9d1a-000000000001',
  nome: 'Ração Golden Adulto 15 kg',
  codigo: 'RAC-01',
  codigoBarras: '7891000100103',
  precoVenda: 189.9,
  unidadeMedida: { sigla: 'UN', permiteVendaFracionada: false },
  tipo: 'produto',
  controlaEstoque: true,
  estoque: 62,
};
const granel: ProdutoPdv = {
  ...racao,
  id: '0b7d5f8e-1c1a-4c1e-9d1a-000000000002',
  nome: 'Ração a granel',
  codigo: 'GRA-01',
  codigoBarras: '7891000100202',
  precoVenda: 19.9,
  unidadeMedida: { sigla: 'KG', permiteVendaFracionada: true },
};
const petisco: ProdutoPdv = {
  ...racao,
  id: '0b7d5f8e-1c1a-4c1e-9d1a-000000000003',
  nome: 'Petisco',
  codigo: 'PET-01',
  codigoBarras: '7891000100301',
  precoVenda: 10,
};
const dinheiro: FormaPagamentoPdv = {
  id: '0b7d5f8e-1c1a-4c1e-9d1a-0000000000a1',
  nome: 'Dinheiro',
  tipo: 'dinheiro',
  taxaPercentual: 0,
  maxParcelas: 1,
  diasRecebimento: 0,
};
const credito: FormaPagamentoPdv = {
  id: '0b7d5f8e-1c1a-4c1e-9d1a-0000000000a2',
  nome: 'Cartão de crédito',
  tipo: 'cartao_credito',
  taxaPercentual: 3.5,
  maxParcelas: 12,
  diasRecebimento: 30,
};
const aPrazo: FormaPagamentoPdv = { ...credito, id: '0b7d5f8e-1c1a-4c1e-9d1a-0000000000a3', nome: 'A prazo', tipo: 'a_prazo' };
const forma = (f: FormaPagamentoPdv) => ({ id: f.id, nome: f.nome, tipo: f.tipo });

const com = (r: ReturnType<typeof adicionarProduto>): RegistroVenda => {
  if (!r.ok) throw new Error(r.erro);
  return r.registro;
};
const ok = <T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> => {
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r as Extract<T, { ok: true }>;
};

describe('working record', () => {
  it('starts as spec §4 says: EmAberto, Venda, em atendimento, money as "0,00" text', () => {
    const r = novoRegistro();
    expect(r).toMatchObject({
      status: 'EmAberto',
      tipo: 'Venda',
      emAtendimento: true,
      valorBruto: '0,00',
      valorLiquido: '0,00',
      valorPago: '0,00',
      valorEmAberto: '0,00',
      sId: null,
    });
    expect(r.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(registroVendaSchema.safeParse(r).success).toBe(true);
  });

  it('converts Brazilian money text and numbers both ways', () => {
    expect(texto(1234.5)).toBe('1.234,50');
    expect(texto(0)).toBe('0,00');
    expect(numero('1.234,56')).toBe(1234.56);
    expect(numero('0,00')).toBe(0);
    expect(numero('abc')).toBe(0);
  });

  it('adds the same barcode twice as one line of two', () => {
    let r = com(adicionarProduto(novoRegistro(), racao));
    const primeiro = r.itens[0]!.id;
    const segundo = adicionarProduto(r, racao);
    r = com(segundo);
    expect(r.itens).toHaveLength(1);
    expect(ok(segundo).itemId).toBe(primeiro);
    expect(r.itens[0]!.quantidade).toBe(2);
    expect(r.valorBruto).toBe('379,80');
    expect(r.valorLiquido).toBe('379,80');
    expect(r.valorEmAberto).toBe('379,80');
  });

  it('warns a line above the balance answered by the search, unless the unit sells below zero (issue #15)', () => {
    let r = com(adicionarProduto(novoRegistro(), racao, 62));
    const id = r.itens[0]!.id;
    expect(r.itens[0]!.produto.estoque).toBe(62);
    expect(estoqueExcedido(r.itens[0]!, false)).toBeNull();
    r = ok(alterarQuantidade(r, id, 99999)).registro;
    expect(estoqueExcedido(r.itens[0]!, false)).toBe(62);
    expect(estoqueExcedido(r.itens[0]!, true)).toBeNull();
    // Scanned again: the fresh balance replaces the old one (someone else sold meanwhile).
    r = com(adicionarProduto(ok(alterarQuantidade(r, id, 1)).registro, { ...racao, estoque: 1 }));
    expect(r.itens[0]!.quantidade).toBe(2);
    expect(estoqueExcedido(r.itens[0]!, false)).toBe(1);
    // Nothing in stock (or below zero): any quantity is above it.
    expect(estoqueExcedido(com(adicionarProduto(novoRegistro(), { ...granel, estoque: -2.5 }, 0.1)).itens[0]!, false)).toBe(-2.5);
    // Services, products without stock control and lines of unknown balance never warn.
    const banho = { ...petisco, tipo: 'servico' as const, controlaEstoque: false, estoque: null };
    expect(estoqueExcedido(com(adicionarProduto(novoRegistro(), banho, 5)).itens[0]!, false)).toBeNull();
    const sacola = { ...petisco, controlaEstoque: false, estoque: null };
    expect(estoqueExcedido(com(adicionarProduto(novoRegistro(), sacola, 5)).itens[0]!, false)).toBeNull();
    const { estoque: _semSaldo, ...lido } = r.itens[0]!.produto;
    expect(estoqueExcedido({ produto: lido, quantidade: 99999 }, false)).toBeNull();
    // The balance survives the record's round trip through localStorage.
    expect(registroVendaSchema.parse(JSON.parse(JSON.stringify(r))).itens[0]!.produto.estoque).toBe(1);
  });

  it('reads "3*code" as three of the product and "3*" as a quantity for the selected line', () => {
    expect(lerEntrada('3*7891000100103')).toEqual({ ok: true, quantidade: 3, termo: '7891000100103' });
    expect(lerEntrada('1,5*GRA-01')).toEqual({ ok: true, quantidade: 1.5, termo: 'GRA-01' });
    expect(lerEntrada(' 2 * ração ')).toEqual({ ok: true, quantidade: 2, termo: 'ração' });
    expect(lerEntrada('4*')).toEqual({ ok: true, quantidade: 4, termo: '' });
    expect(lerEntrada('7891000100103')).toEqual({ ok: true, quantidade: null, termo: '7891000100103' });
    expect(lerEntrada('x*789')).toMatchObject({ ok: false });
    expect(lerEntrada('0*789')).toMatchObject({ ok: false });
    const r = com(adicionarProduto(novoRegistro(), racao, 3));
    expect(r.itens[0]!.quantidade).toBe(3);
    expect(r.valorLiquido).toBe('569,70');
  });

  it('follows the unit fraction rule: KG keeps 3 decimals, UN is whole', () => {
    let r = com(adicionarProduto(novoRegistro(), granel, 1.2345));
    expect(r.itens[0]!.quantidade).toBe(1.235);
    // 1.235 kg × R$ 19,90 = 24.5765 → R$ 24,58 (to the cent, as the API computes)
    expect(r.valorBruto).toBe('24,58');
    r = com(adicionarProduto(r, racao, 1.6));
    expect(r.itens[1]!.quantidade).toBe(2);
    expect(adicionarProduto(novoRegistro(), racao, 0.4)).toMatchObject({ ok: false });
    const q = alterarQuantidade(r, r.itens[1]!.id, 2.4);
    expect(ok(q).registro.itens[1]!.quantidade).toBe(2);
    expect(alterarQuantidade(r, r.itens[1]!.id, 0)).toMatchObject({ ok: false });
  });

  it('changes the selected line by one with + and -, never below one unit', () => {
    let r = com(adicionarProduto(novoRegistro(), racao));
    const id = r.itens[0]!.id;
    r = somarQuantidade(r, id, 1);
    expect(r.itens[0]!.quantidade).toBe(2);
    r = somarQuantidade(somarQuantidade(r, id, -1), id, -1);
    expect(r.itens[0]!.quantidade).toBe(1);
    r = removerItem(r, id);
    expect(r.itens).toHaveLength(0);
    expect(r.valorLiquido).toBe('0,00');
  });

  it('computes discounts and freight with the API arithmetic (calcularVenda)', () => {
    let r = com(adicionarProduto(novoRegistro(), racao)); // 189,90
    r = com(adicionarProduto(r, petisco, 2)); // 20,00
    // 10 % on the ração line: 18,99
    r = ok(aplicarDesconto(r, r.itens[0]!.id, 10, 'Percentual')).registro;
    expect(r.itens[0]!.valorDesconto).toBe('18,99');
    expect(r.itens[0]!.valorTotal).toBe('170,91');
    // 10 % on the sale, over the items' net 190,91: 19,09 (half away from zero)
    r = ok(aplicarDesconto(r, null, 10, 'Percentual')).registro;
    expect(r.valorDescontos).toBe('38,08');
    r = definirFrete(r, 12.5);
    expect(r.valorBruto).toBe('209,90');
    expect(r.valorLiquido).toBe('184,32');
    expect(aplicarDesconto(r, null, 101, 'Percentual')).toMatchObject({ ok: false });
    expect(aplicarDesconto(r, r.itens[1]!.id, 20.01, 'Valor')).toMatchObject({ ok: false });
  });

  it('takes cash beyond the open balance as change, and re-derives pending payments when items change', () => {
    let r = com(adicionarProduto(novoRegistro(), racao, 1)); // 189,90
    r = ok(
      adicionarPagamento(
        r,
        { chave: 'c1', formaPagamento: forma(dinheiro), valorRecebido: 200, parcelas: 1, dataVencimento: null },
        1,
      ),
    ).registro;
    expect(r.financeiros[0]).toMatchObject({ valor: '189,90', troco: '10,10', id: null });
    expect(r.valorPago).toBe('189,90');
    expect(r.valorEmAberto).toBe('0,00');
    expect(r.valorTroco).toBe('10,10');
    expect(motivoNaoFinalizar(r, { caixaId: 'caixa' })).toBeNull();
    // The same chave again (double Enter) records nothing new.
    const again = ok(
      adicionarPagamento(
        r,
        { chave: 'c1', formaPagamento: forma(dinheiro), valorRecebido: 200, parcelas: 1, dataVencimento: null },
        1,
      ),
    ).registro;
    expect(again.financeiros).toHaveLength(1);
    // One more item: the cash still pays 200, the change is gone and 179,80 stays open.
    r = com(adicionarProduto(r, racao));
    expect(r.financeiros[0]).toMatchObject({ valor: '200,00', troco: '0,00' });
    expect(r.valorEmAberto).toBe('179,80');
    expect(motivoNaoFinalizar(r, { caixaId: 'caixa' })).toMatch(/Falta receber R\$ 179,80/);
  });

  it('splits part cash with change and part credit card in installments', () => {
    let r = com(adicionarProduto(novoRegistro(), petisco, 10)); // 100,00
    r = ok(
      adicionarPagamento(
        r,
        { chave: 'cartao', formaPagamento: forma(credito), valorRecebido: 60, parcelas: 3, dataVencimento: null },
        12,
      ),
    ).registro;
    expect(textoParcelas(60, 3)).toBe('3x de R$ 20,00');
    expect(textoParcelas(100, 3)).toBe('3x de R$ 33,34');
    // A card cannot pay more than is open.
    const demais = adicionarPagamento(
      r,
      { chave: 'x', formaPagamento: forma(credito), valorRecebido: 50, parcelas: 1, dataVencimento: null },
      12,
    );
    expect(demais).toMatchObject({ ok: false, erros: { valorRecebido: 'Valor maior que o saldo em aberto (R$ 40,00)' } });
    expect(
      adicionarPagamento(
        r,
        { chave: 'y', formaPagamento: forma(credito), valorRecebido: 10, parcelas: 13, dataVencimento: null },
        12,
      ),
    ).toMatchObject({ ok: false, erros: { parcelas: expect.any(String) } });
    r = ok(
      adicionarPagamento(
        r,
        { chave: 'cash', formaPagamento: forma(dinheiro), valorRecebido: 50, parcelas: 1, dataVencimento: null },
        1,
      ),
    ).registro;
    expect(r.valorPago).toBe('100,00');
    expect(r.valorTroco).toBe('10,00');
    expect(r.valorEmAberto).toBe('0,00');
    r = removerPagamento(r, 'cartao');
    expect(r.financeiros[0]).toMatchObject({ chave: 'cash', valor: '50,00', troco: '0,00' });
    expect(r.valorEmAberto).toBe('50,00');
  });

  it('requires a customer for a prazo and to leave a sale open', () => {
    let r = com(adicionarProduto(novoRegistro(), petisco));
    const semCliente = adicionarPagamento(
      r,
      { chave: 'p', formaPagamento: forma(aPrazo), valorRecebido: 10, parcelas: 1, dataVencimento: '2999-01-01' },
      12,
    );
    expect(semCliente).toMatchObject({ ok: false, erros: { cliente: expect.stringContaining('exige um cliente') } });
    expect(motivoNaoDeixarAberta(r)).toMatch(/Informe o cliente/);
    r = ok(definirCliente(r, { id: 'c', nome: 'Maria', cpfCnpj: null, telefone: null })).registro;
    expect(motivoNaoDeixarAberta(r)).toBeNull();
    r = ok(
      adicionarPagamento(
        r,
        { chave: 'p', formaPagamento: forma(aPrazo), valorRecebido: 10, parcelas: 1, dataVencimento: '2999-01-01' },
        12,
      ),
    ).registro;
    // The customer cannot leave while an a prazo payment needs them.
    expect(definirCliente(r, null)).toMatchObject({ ok: false });
  });

  it('becomes the vendaInput the API validates: prices left out, pending payments only when asked', () => {
    let r = com(adicionarProduto(novoRegistro(), granel, 1.5));
    r = ok(aplicarDesconto(r, null, 5, 'Valor')).registro;
    r = ok(
      definirCliente(
        r,
        { id: '0b7d5f8e-1c1a-4c1e-9d1a-0000000000c1', nome: 'Ana', cpfCnpj: null, telefone: null },
        {
          id: '0b7d5f8e-1c1a-4c1e-9d1a-0000000000d1',
          nome: 'Rex',
        },
      ),
    ).registro;
    r = ok(
      adicionarPagamento(
        r,
        { chave: 'k1', formaPagamento: forma(dinheiro), valorRecebido: 30, parcelas: 1, dataVencimento: null },
        1,
      ),
    ).registro;
    const rascunho = registroParaVendaInput(r, { caixaId: '0b7d5f8e-1c1a-4c1e-9d1a-0000000000e1' });
    expect(rascunho.financeiros).toEqual([]);
    const input = registroParaVendaInput(r, { caixaId: '0b7d5f8e-1c1a-4c1e-9d1a-0000000000e1', comPagamentos: true });
    expect(input).toMatchObject({
      id: r.id,
      tipo: 'Venda',
      caixaId: '0b7d5f8e-1c1a-4c1e-9d1a-0000000000e1',
      clienteId: '0b7d5f8e-1c1a-4c1e-9d1a-0000000000c1',
      petId: '0b7d5f8e-1c1a-4c1e-9d1a-0000000000d1',
      desconto: 5,
      tipoDesconto: 'Valor',
      valorEntregaFrete: 0,
      itens: [{ id: r.itens[0]!.id, produtoId: granel.id, quantidade: 1.5, desconto: 0, tipoDesconto: 'Percentual' }],
      financeiros: [{ chave: 'k1', formaPagamentoId: dinheiro.id, valorRecebido: 30, parcelas: 1 }],
    });
    expect(input.itens?.[0]).not.toHaveProperty('valorUnitario');
    expect(vendaInputSchema.safeParse(input).success).toBe(true);
  });

  it('comes back from the API answer, and merges a late answer without losing local edits', () => {
    let r = com(adicionarProduto(novoRegistro(), racao));
    r = ok(
      adicionarPagamento(
        r,
        { chave: 'local', formaPagamento: forma(dinheiro), valorRecebido: 50, parcelas: 1, dataVencimento: null },
        1,
      ),
    ).registro;
    const venda = vendaDe(r, { numero: 42 });
    const voltou = registroDeVenda(venda);
    expect(voltou).toMatchObject({ id: r.id, sId: r.id, numero: 42, valorLiquido: '189,90', emAtendimento: true });
    expect(registroVendaSchema.safeParse(voltou).success).toBe(true);
    // The cashier scanned one more while the snapshot was on the wire.
    const depois = com(adicionarProduto(r, petisco));
    const mesclado = mesclarVenda(depois, venda);
    expect(mesclado.sId).toBe(r.id);
    expect(mesclado.numero).toBe(42);
    expect(mesclado.itens).toHaveLength(2);
    expect(mesclado.financeiros).toHaveLength(1);
    expect(mesclado.financeiros[0]).toMatchObject({ chave: 'local', id: null });
    expect(mesclado.valorEmAberto).toBe('149,90');
  });

  it('resumes a sale from the newest of this computer and the server snapshot; closed sales as stored', () => {
    const r = com(adicionarProduto(novoRegistro(), racao));
    const antigo = { ...r, alteradoEm: '2024-01-01T10:00:00.000Z' };
    const novo = com(adicionarProduto({ ...r, alteradoEm: '2024-01-01T10:00:00.000Z' }, petisco));
    const venda = vendaDe(r, { snapshot: { ...novo } as unknown as Record<string, unknown> });
    expect(registroParaRetomar(venda, antigo).itens).toHaveLength(2);
    expect(
      registroParaRetomar(venda, { ...novo, itens: novo.itens.slice(0, 1), alteradoEm: '2999-01-01T00:00:00.000Z' }).itens,
    ).toHaveLength(1);
    // A broken snapshot is ignored.
    expect(registroParaRetomar(vendaDe(r, { snapshot: { lixo: true } }), null).itens).toHaveLength(1);
    const finalizada = vendaDe(r, {
      status: 'Finalizada',
      emAtendimento: false,
      snapshot: { ...novo } as unknown as Record<string, unknown>,
    });
    expect(registroParaRetomar(finalizada, novo).itens).toHaveLength(1);
    expect(modoDaVenda(finalizada)).toBe(2);
    // A quote saved after its last snapshot: the server's version wins over the older draft.
    const orcamentoSalvo = vendaDe(
      { ...r, tipo: 'Orcamento' },
      {
        tipo: 'Orcamento',
        statusOrcamento: 'Aberto',
        emAtendimento: false,
        snapshot: { ...novo, tipo: 'Orcamento' } as unknown as Record<string, unknown>,
      },
    );
    expect(registroParaRetomar(orcamentoSalvo, null).itens).toHaveLength(1);
    // ...while its edits made after the save (autosaved, not being served) are resumed.
    const editado = { ...novo, tipo: 'Orcamento' as const, emAtendimento: false, statusOrcamento: 'Aberto' as const };
    expect(registroParaRetomar(orcamentoSalvo, editado).itens).toHaveLength(2);
    expect(modoDaVenda(venda)).toBe(1);
    expect(modoDaVenda({ tipo: 'Orcamento', status: 'EmAberto', statusOrcamento: 'Convertido' })).toBe(2);
    expect(modoDaVenda({ tipo: 'Orcamento', status: 'EmAberto', statusOrcamento: 'Aberto' })).toBe(1);
  });

  it('refuses to finalise when the payments exceed the total', () => {
    let r = com(adicionarProduto(novoRegistro(), petisco, 2)); // 20,00
    const venda = vendaDe(r, {
      financeiros: [
        {
          id: 'f1',
          chave: 'f1',
          formaPagamento: forma(credito),
          valor: 20,
          valorRecebido: 20,
          troco: 0,
          parcelas: 1,
          dataVencimento: null,
          efetivado: false,
          createdAt: '2024-01-01T10:00:00Z',
          bandeira: null,
          autorizacao: null,
          adquirente: null,
          adquirenteCnpj: null,
        },
      ],
    });
    r = mesclarVenda(r, venda);
    r = ok(alterarQuantidade(r, r.itens[0]!.id, 1)).registro;
    expect(valorExcedente(r)).toBe(10);
    expect(motivoNaoFinalizar(r, { caixaId: 'c' })).toMatch(/passam do total em R\$ 10,00/);
  });
});

/** The API's answer for a record (what GET /pdv/{id} and the writes give back). */
function vendaDe(r: RegistroVenda, extra: Partial<Venda> = {}): Venda {
  return {
    id: r.id,
    sId: r.id,
    numero: 1,
    tipo: r.tipo,
    status: 'EmAberto',
    statusOrcamento: null,
    validadeOrcamento: null,
    emAtendimento: true,
    caixaId: null,
    usuario: { id: 'u', nome: 'Caixa' },
    cliente: r.cliente,
    pet: r.petSelecionado,
    itens: r.itens.map((i, ordem) => ({
      id: i.id,
      ordem,
      produtoId: i.produto.id,
      produto: i.produto,
      descricao: i.produto.nome,
      quantidade: i.quantidade,
      quantidadeDevolvida: 0,
      valorUnitario: numero(i.valorUnitario),
      desconto: numero(i.desconto),
      tipoDesconto: i.tipoDesconto,
      valorDesconto: numero(i.valorDesconto),
      valorTotal: numero(i.valorTotal),
    })),
    financeiros: [],
    devolucoes: [],
    valorBruto: numero(r.valorBruto),
    valorDescontoItens: 0,
    desconto: numero(r.desconto),
    tipoDesconto: r.tipoDesconto,
    valorDescontos: numero(r.valorDescontos),
    valorEntregaFrete: numero(r.valorEntregaFrete),
    valorLiquido: numero(r.valorLiquido),
    valorPago: 0,
    valorEmAberto: numero(r.valorLiquido),
    valorTroco: 0,
    observacoes: null,
    createdAt: '2024-01-01T09:00:00Z',
    dataFinalizacao: null,
    dataCancelamento: null,
    motivoCancelamento: null,
    snapshot: null,
    ...extra,
  };
}
