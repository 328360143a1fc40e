/**
 * GET /api/pessoal/pessoas/{id}/vendas-em-aberto and /pessoas/{id}/resumo (issue #4 item 8;
 * DOMAIN.md §3 customer *resumo*, §6 open sales, §7 receivables and customer credit).
 */
import { describe, expect, it } from 'vitest';
import { todayISO } from '@petshop/shared/format';
import type { PessoaResumo, VendasEmAberto } from '@petshop/shared/pessoa-resumo';
import { creditoClienteLancamentos } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import {
  abrirCaixa,
  formasDoTenant,
  novoCliente as clienteDoPdv,
  novoProduto,
  pagamento,
  pdvOk,
  vendaInput,
} from './fixtures/vendas.ts';
import { newTenant, novaUnidade, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';
import {
  addDaysISO,
  cenario,
  inserirDevolucao,
  inserirReceita,
  inserirVenda,
  novoCliente,
  scopeOf,
  type Cenario,
  type VendaSpec,
} from './vendas-helper.ts';

const ctx = useTestApp();
const URL = '/api/pessoal/pessoas';

const emAberto = async (t: TenantFixture, id: string, headers = t.headers) => {
  const res = await ctx.app.inject({ url: `${URL}/${id}/vendas-em-aberto`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<VendasEmAberto>();
};
const resumo = async (t: TenantFixture, id: string, headers = t.headers) => {
  const res = await ctx.app.inject({ url: `${URL}/${id}/resumo`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PessoaResumo>();
};

const venda = (c: Cenario, clienteId: string, valor: number, extra: Partial<VendaSpec> = {}): VendaSpec => ({
  status: 'Finalizada',
  clienteId,
  itens: [{ produtoId: c.racao.id, descricao: c.racao.nome, quantidade: 1, valorUnitario: valor }],
  pagamentos: [{ formaPagamentoId: c.formas.pix, tipo: 'pix', valor }],
  ...extra,
});

/** A customer with open sales, receivables of every kind, purchases, a return and credit. */
const montar = async (t: TenantFixture) => {
  const c = await cenario(ctx, t);
  const s = scopeOf(t);
  const hoje = todayISO('America/Sao_Paulo');
  const ana = await novoCliente(ctx, t, 'Ana Lima');
  const outro = await novoCliente(ctx, t, 'Bruno Reis');

  // Open sales: one left open a prazo with a partial cash payment, one without any payment.
  const aberta1 = await inserirVenda(
    ctx,
    s,
    venda(c, ana.id, 150, {
      status: 'EmAberto',
      pagamentos: [{ formaPagamentoId: c.formas.dinheiro, tipo: 'dinheiro', valor: 50 }],
      createdAt: new Date(Date.now() - 5 * 86_400_000),
    }),
  );
  const aberta2 = await inserirVenda(ctx, s, venda(c, ana.id, 80.5, { status: 'EmAberto', pagamentos: [] }));
  // Not hers, still at the till, a quote, cancelled: none is an open sale.
  await inserirVenda(ctx, s, venda(c, outro.id, 99, { status: 'EmAberto', pagamentos: [] }));
  await inserirVenda(ctx, s, venda(c, ana.id, 70, { status: 'EmAberto', emAtendimento: true, pagamentos: [] }));
  await inserirVenda(ctx, s, venda(c, ana.id, 70, { tipo: 'Orcamento', status: 'EmAberto', pagamentos: [] }));
  await inserirVenda(ctx, s, venda(c, ana.id, 70, { status: 'Cancelada' }));

  // Purchases: 200 + 100, then 40 of the first returned.
  const compra1 = await inserirVenda(ctx, s, venda(c, ana.id, 200, { createdAt: new Date(Date.now() - 10 * 86_400_000) }));
  const ultima = new Date(Date.now() - 2 * 86_400_000);
  await inserirVenda(ctx, s, venda(c, ana.id, 100, { createdAt: ultima }));
  await inserirDevolucao(ctx, s, { vendaId: compra1.id, clienteId: ana.id, valorTotal: 40 });
  // Another customer's purchase does not count.
  await inserirVenda(ctx, s, venda(c, outro.id, 500));

  // Receivables: a prazo installments (one overdue, one partly paid), a settled one, a card one.
  const vencida = await inserirReceita(ctx, s, {
    pessoaId: ana.id,
    formaPagamentoId: c.formas.a_prazo,
    descricao: `Venda nº ${compra1.numero} - A prazo 1/2`,
    valor: 60,
    dataVencimento: addDaysISO(hoje, -1),
    vendaId: compra1.id,
    parcela: 1,
    totalParcelas: 2,
  });
  const parcial = await inserirReceita(ctx, s, {
    pessoaId: ana.id,
    formaPagamentoId: c.formas.a_prazo,
    descricao: `Venda nº ${compra1.numero} - A prazo 2/2`,
    valor: 60,
    valorPago: 25.5,
    status: 'BaixaParcial',
    dataVencimento: hoje,
    vendaId: compra1.id,
    parcela: 2,
    totalParcelas: 2,
  });
  const manual = await inserirReceita(ctx, s, {
    pessoaId: ana.id,
    formaPagamentoId: null,
    descricao: 'Consulta de retorno',
    valor: 35,
    dataVencimento: addDaysISO(hoje, 10),
  });
  await inserirReceita(ctx, s, {
    pessoaId: ana.id,
    formaPagamentoId: c.formas.a_prazo,
    descricao: 'Quitada',
    valor: 10,
    valorPago: 10,
    status: 'Baixada',
    dataVencimento: addDaysISO(hoje, -30),
  });
  await inserirReceita(ctx, s, {
    pessoaId: ana.id,
    formaPagamentoId: c.formas.cartao_credito,
    descricao: 'Cartão de crédito 1/1',
    valor: 90,
    dataVencimento: addDaysISO(hoje, 30),
  });

  // Credit: 40 from the return (inserirDevolucao) + 25 deposited − 15 used = 50.
  await withTenant(ctx.database.db, s, async (tx) => {
    await tx.insert(creditoClienteLancamentos).values([
      { pessoaId: ana.id, valor: '25.00', origem: 'deposito', descricao: 'Depósito', usuarioId: t.usuarioId },
      { pessoaId: ana.id, valor: '-15.00', origem: 'venda', descricao: 'Usado na venda', usuarioId: t.usuarioId },
    ]);
  });
  return { c, hoje, ana, outro, aberta1, aberta2, compra1, ultima, vencida, parcial, manual };
};

describe('GET /api/pessoal/pessoas/{id}/vendas-em-aberto', () => {
  it('lists the customer’s open sales (oldest first), the receivables she owes and the total', async () => {
    const t = await newTenant(ctx);
    const m = await montar(t);
    const r = await emAberto(t, m.ana.id);

    expect(r.vendas.map((v) => v.id)).toEqual([m.aberta1.id, m.aberta2.id]);
    expect(r.vendas[0]).toMatchObject({
      numero: m.aberta1.numero,
      status: 'EmAberto',
      emAtendimento: false,
      cliente: { id: m.ana.id, nome: 'Ana Lima' },
      valorLiquido: 150,
      valorPago: 50,
      valorEmAberto: 100,
      formasPagamento: ['Dinheiro'],
    });
    expect(r.receitas).toEqual([
      {
        id: m.vencida,
        descricao: `Venda nº ${m.compra1.numero} - A prazo 1/2`,
        parcela: 1,
        totalParcelas: 2,
        dataVencimento: addDaysISO(m.hoje, -1),
        valor: 60,
        valorPago: 0,
        valorRestante: 60,
        status: 'EmAberto',
        vendaId: m.compra1.id,
        vendaNumero: m.compra1.numero,
        vencida: true,
      },
      {
        id: m.parcial,
        descricao: `Venda nº ${m.compra1.numero} - A prazo 2/2`,
        parcela: 2,
        totalParcelas: 2,
        dataVencimento: m.hoje,
        valor: 60,
        valorPago: 25.5,
        valorRestante: 34.5,
        status: 'BaixaParcial',
        vendaId: m.compra1.id,
        vendaNumero: m.compra1.numero,
        vencida: false,
      },
      {
        id: m.manual,
        descricao: 'Consulta de retorno',
        parcela: 1,
        totalParcelas: 1,
        dataVencimento: addDaysISO(m.hoje, 10),
        valor: 35,
        valorPago: 0,
        valorRestante: 35,
        status: 'EmAberto',
        vendaId: null,
        vendaNumero: null,
        vencida: false,
      },
    ]);
    // 100 + 80.50 (sales) + 60 + 34.50 + 35 (receivables)
    expect(r.totalEmAberto).toBe(310);

    const nada = await novoCliente(ctx, t, 'Carla Sem Dívidas');
    expect(await emAberto(t, nada.id)).toEqual({ vendas: [], receitas: [], totalEmAberto: 0 });
  });
});

describe('GET /api/pessoal/pessoas/{id}/resumo', () => {
  it('sums what the customer spent (less returns), her purchases, ticket, last purchase, open balance and credit', async () => {
    const t = await newTenant(ctx);
    const m = await montar(t);
    expect(await resumo(t, m.ana.id)).toEqual({
      totalGasto: 260,
      quantidadeCompras: 2,
      ticketMedio: 130,
      ultimaCompra: m.ultima.toISOString(),
      saldoEmAberto: 310,
      saldoCredito: 50,
    });
    const nova = await novoCliente(ctx, t, 'Cliente Nova');
    expect(await resumo(t, nova.id)).toEqual({
      totalGasto: 0,
      quantidadeCompras: 0,
      ticketMedio: 0,
      ultimaCompra: null,
      saldoEmAberto: 0,
      saldoCredito: 0,
    });
  });

  it('rounds the average ticket to the cent', async () => {
    const t = await newTenant(ctx);
    const c = await cenario(ctx, t);
    const cliente = await novoCliente(ctx, t, 'Dora');
    for (const valor of [10, 10, 10.01]) await inserirVenda(ctx, scopeOf(t), venda(c, cliente.id, valor));
    expect(await resumo(t, cliente.id)).toMatchObject({ totalGasto: 30.01, quantidadeCompras: 3, ticketMedio: 10 });
  });
});

describe('customer money: tenancy and permissions', () => {
  it('404 for another tenant’s customer; another unit sees its own sales but the same credit', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const m = await montar(a);
    for (const path of ['vendas-em-aberto', 'resumo']) {
      const res = await ctx.app.inject({ url: `${URL}/${m.ana.id}/${path}`, headers: b.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().errors.generalErrors).toEqual(['Cliente não encontrado']);
    }
    const bad = await ctx.app.inject({ url: `${URL}/nao-e-uuid/resumo`, headers: a.headers });
    expect(bad.statusCode).toBe(400);

    const { headers: headersSul } = await novaUnidade(ctx, a, 'Loja Sul');
    expect(await emAberto(a, m.ana.id, headersSul)).toEqual({ vendas: [], receitas: [], totalEmAberto: 0 });
    expect(await resumo(a, m.ana.id, headersSul)).toEqual({
      totalGasto: 0,
      quantidadeCompras: 0,
      ticketMedio: 0,
      ultimaCompra: null,
      saldoEmAberto: 0,
      saldoCredito: 50,
    });
  });

  it('needs clientes or vendas', async () => {
    const t = await newTenant(ctx);
    const cliente = await novoCliente(ctx, t, 'Eva');
    const status = async (headers: Record<string, string>) => [
      (await ctx.app.inject({ url: `${URL}/${cliente.id}/vendas-em-aberto`, headers })).statusCode,
      (await ctx.app.inject({ url: `${URL}/${cliente.id}/resumo`, headers })).statusCode,
    ];
    expect(await status((await usuarioComPerfil(ctx, t, 'caixa')).headers)).toEqual([200, 200]);
    expect(await status((await usuarioComPerfil(ctx, t, 'recepcao')).headers)).toEqual([200, 200]);
    expect(await status((await usuarioComPerfil(ctx, t, 'banhista')).headers)).toEqual([403, 403]);
    expect(await status((await usuarioComPerfil(ctx, t, 'financeiro')).headers)).toEqual([403, 403]);
  });
});

describe('customer money from the till', () => {
  it('a sale left open and one sold a prazo show on the customer; paying finishes them', async () => {
    const t = await newTenant(ctx);
    const formas = await formasDoTenant(ctx, t);
    await abrirCaixa(ctx, t, 100);
    const racao = await novoProduto(ctx, t, { nome: 'Ração Golden 15 kg', precoVenda: 150, estoque: 10 });
    const cliente = await clienteDoPdv(ctx, t, { nome: 'Paula Fiado', credito: 20 });
    const hoje = todayISO('America/Sao_Paulo');

    const aberta = await pdvOk(
      ctx,
      t.headers,
      'deixar-venda-aberta',
      vendaInput({
        itens: [{ produto: racao, quantidade: 1 }],
        clienteId: cliente.id,
        financeiros: [pagamento(formas.dinheiro, 50)],
      }),
    );
    const primeiro = addDaysISO(hoje, 15);
    const aPrazo = await pdvOk(
      ctx,
      t.headers,
      'salvar-venda',
      vendaInput({
        itens: [{ produto: racao, quantidade: 2 }],
        clienteId: cliente.id,
        financeiros: [pagamento(formas.a_prazo, 300, { parcelas: 2, dataVencimento: primeiro })],
      }),
    );
    expect(aPrazo.status).toBe('Finalizada');

    const r = await emAberto(t, cliente.id);
    expect(r.vendas.map((v) => [v.id, v.valorEmAberto])).toEqual([[aberta.id, 100]]);
    expect(r.receitas.map((x) => [x.vendaId, x.vendaNumero, x.parcela, x.totalParcelas, x.valorRestante, x.vencida])).toEqual([
      [aPrazo.id, aPrazo.numero, 1, 2, 150, false],
      [aPrazo.id, aPrazo.numero, 2, 2, 150, false],
    ]);
    expect(r.receitas[0]!.dataVencimento).toBe(primeiro);
    expect(r.totalEmAberto).toBe(400);
    expect(await resumo(t, cliente.id)).toMatchObject({
      totalGasto: 300,
      quantidadeCompras: 1,
      ticketMedio: 300,
      saldoEmAberto: 400,
      saldoCredito: 20,
    });

    // Paying the rest finalises the open sale: it leaves the open list and counts as a purchase.
    const quitada = await pdvOk(ctx, t.headers, 'salvar-recebimento', {
      vendaId: aberta.id,
      financeiro: pagamento(formas.pix, 100),
    });
    expect(quitada.status).toBe('Finalizada');
    const depois = await emAberto(t, cliente.id);
    expect(depois.vendas).toEqual([]);
    expect(depois.totalEmAberto).toBe(300);
    expect(await resumo(t, cliente.id)).toMatchObject({
      totalGasto: 450,
      quantidadeCompras: 2,
      ticketMedio: 225,
      ultimaCompra: quitada.dataFinalizacao,
      saldoEmAberto: 300,
    });
  });
});
