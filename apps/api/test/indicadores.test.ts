/**
 * GET /api/indicadores (issue #20 item 2): the home page's figures, computed by hand below from
 * rows written straight into the tables (sales at exact instants of the unit's clock,
 * America/Sao_Paulo = UTC−3): revenue today / month-to-date / last month's same span, number of
 * sales, average ticket, variation, the 30-day chart and the split by payment method (cash net
 * of change); a cashier's register and own sales; today's appointments; birthdays; payables;
 * stock below minimum; expiring lots. Each profile's visible keys; tenant and unit isolation.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Indicadores } from '@petshop/shared/indicadores';
import { addDays, addMonths } from '@petshop/shared/venda';
import { todayISO } from '@petshop/shared/format';
import { queryRows } from '../src/db/rows.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { montarIndicadores } from '../src/modules/indicadores/montar-indicadores.ts';
import { newTenant, novaUnidade, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';
import { cenarioRelatorios, ESPERADO } from './relatorios-fixtures.ts';
import { cenario, inserirVenda, novoCliente, scopeOf, type Cenario } from './vendas-helper.ts';

const ctx = useTestApp();
const TZ = 'America/Sao_Paulo';

const indicadores = async (headers: Record<string, string>) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/indicadores', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Indicadores>();
};

/** Noon of `dia` on São Paulo's clock. */
const meioDia = (dia: string) => new Date(`${dia}T12:00:00-03:00`);

const chaves = (i: Indicadores) =>
  Object.keys(i)
    .filter((k) => k !== 'hoje')
    .sort();

describe('GET /api/indicadores', () => {
  let t: TenantFixture;
  let c: Cenario;
  let caixa: { headers: Record<string, string>; usuarioId: string };
  const hoje = todayISO(TZ);
  const inicioMes = `${hoje.slice(0, 7)}-01`;
  const mesmoDiaAnterior = addMonths(hoje, -1);
  const inicioMesAnterior = `${mesmoDiaAnterior.slice(0, 7)}-01`;
  const diaDepoisAnterior = addDays(mesmoDiaAnterior, 1);
  const hojeEhDia1 = hoje === inicioMes;

  beforeAll(async () => {
    t = await newTenant(ctx);
    c = await cenario(ctx, t);
    caixa = await usuarioComPerfil(ctx, t, 'caixa', 'Carla Caixa');
    const admin = scopeOf(t);
    const item = (quantidade: number, valorUnitario: number) => ({
      produtoId: c.racao.id,
      descricao: c.racao.nome,
      quantidade,
      valorUnitario,
    });
    // A: today, 2 × 50,00 − 10,00 discount = 90,00, cash 100,00 received (10,00 change).
    await inserirVenda(ctx, admin, {
      status: 'Finalizada',
      itens: [item(2, 50)],
      desconto: 10,
      pagamentos: [{ formaPagamentoId: c.formas.dinheiro, tipo: 'dinheiro', valor: 90, valorRecebido: 100 }],
      createdAt: new Date(Date.now() - 60_000),
    });
    // B: the 1st of this month, 200,00 + 15,00 freight (freight is not revenue), PIX 215,00.
    await inserirVenda(ctx, admin, {
      status: 'Finalizada',
      itens: [item(1, 200)],
      valorEntregaFrete: 15,
      pagamentos: [{ formaPagamentoId: c.formas.pix, tipo: 'pix', valor: 215 }],
      createdAt: hojeEhDia1 ? new Date(Date.now() - 120_000) : meioDia(inicioMes),
    });
    // Cancelled today: never counted.
    await inserirVenda(ctx, admin, {
      status: 'Cancelada',
      itens: [item(10, 50)],
      createdAt: new Date(Date.now() - 60_000),
      dataFinalizacao: new Date(Date.now() - 60_000),
    });
    // C: last month's 1st, 3 × 40,00 = 120,00 (in the comparison span).
    await inserirVenda(ctx, admin, {
      status: 'Finalizada',
      itens: [item(3, 40)],
      pagamentos: [{ formaPagamentoId: c.formas.cartao_debito, tipo: 'cartao_debito', valor: 120 }],
      createdAt: meioDia(inicioMesAnterior),
    });
    // D: last month AFTER the same day (outside the comparison span), when that day exists.
    if (diaDepoisAnterior.slice(0, 7) === inicioMesAnterior.slice(0, 7))
      await inserirVenda(ctx, admin, { status: 'Finalizada', itens: [item(1, 1000)], createdAt: meioDia(diaDepoisAnterior) });
    // E: today by the cashier, 30,00 cash.
    await inserirVenda(ctx, scopeOf({ ...t, usuarioId: caixa.usuarioId }), {
      status: 'Finalizada',
      itens: [item(1, 30)],
      pagamentos: [{ formaPagamentoId: c.formas.dinheiro, tipo: 'dinheiro', valor: 30 }],
      createdAt: new Date(Date.now() - 30_000),
    });
    // The cashier's open register: 100,00 float + 30,00 sale in cash − 20,00 withdrawal; a
    // 50,00 PIX movement is not cash.
    await withTenant(ctx.database.db, scopeOf(t), async (tx) => {
      const [cx] = await queryRows<{ id: string }>(
        tx,
        sql`insert into caixas (numero, usuario_id, valor_abertura) values (1, ${caixa.usuarioId}, 100) returning id`,
      );
      await tx.execute(sql`insert into movimentacoes_caixa (caixa_id, tipo, forma_pagamento_id, valor, descricao) values
        (${cx!.id}, 'abertura', null, 100, 'Abertura'),
        (${cx!.id}, 'recebimento', ${c.formas.dinheiro}, 30, 'Venda'),
        (${cx!.id}, 'sangria', null, -20, 'Sangria'),
        (${cx!.id}, 'recebimento', ${c.formas.pix}, 50, 'Venda PIX')`);
    });
  });

  it('Administrador: the revenue figures, computed by hand', async () => {
    const i = await indicadores(t.headers);
    expect(i.hoje).toBe(hoje);
    const f = i.faturamento!;
    // Today: A 90 + E 30 (+ B 200 when today is the 1st).
    expect(f.hoje).toEqual(
      hojeEhDia1
        ? { dataInicio: hoje, dataFim: hoje, valor: 320, vendas: 3, ticketMedio: 106.67 }
        : { dataInicio: hoje, dataFim: hoje, valor: 120, vendas: 2, ticketMedio: 60 },
    );
    // Month to date: 90 + 200 + 30 = 320 in 3 sales; ticket 106,67.
    expect(f.mes).toEqual({ dataInicio: inicioMes, dataFim: hoje, valor: 320, vendas: 3, ticketMedio: 106.67 });
    // Last month's 1st..same day: C 120 (D is after the same day).
    expect(f.mesAnterior).toEqual({
      dataInicio: inicioMesAnterior,
      dataFim: mesmoDiaAnterior,
      valor: 120,
      vendas: 1,
      ticketMedio: 120,
    });
    // (320 − 120) ÷ 120 = 166,7 %.
    expect(f.variacaoMes).toBe(166.7);
    expect(f.ultimos30Dias).toHaveLength(30);
    expect(f.ultimos30Dias.at(-1)).toEqual({ data: hoje, valor: hojeEhDia1 ? 320 : 120 });
    expect(f.ultimos30Dias[0]!.data).toBe(addDays(hoje, -29));
    expect(f.ultimos30Dias.reduce((s, d) => s + d.valor, 0)).toBeCloseTo(
      320 +
        (inicioMesAnterior >= addDays(hoje, -29) ? 120 : 0) +
        (diaDepoisAnterior >= addDays(hoje, -29) && diaDepoisAnterior.slice(0, 7) === inicioMesAnterior.slice(0, 7) ? 1000 : 0),
      2,
    );
    // This month's payments: PIX 215 (freight included), cash 90 + 30 = 120 (net of change).
    expect(f.porFormaPagamento.map((p) => [p.nome, p.valor])).toEqual([
      ['PIX', 215],
      ['Dinheiro', 120],
    ]);
    expect(f.criterio).toMatch(/canceladas não entram/);
    expect(i.meuCaixa).toBeUndefined();
  });

  it('Caixa: their register and their own sales today, no company revenue', async () => {
    const i = await indicadores(caixa.headers);
    expect(i.faturamento).toBeUndefined();
    expect(i.contasPagar).toBeUndefined();
    expect(i.lotesVencendo).toBeUndefined();
    expect(i.meuCaixa!.caixa).toMatchObject({ numero: 1, saldoDinheiro: 110 });
    expect(i.meuCaixa!.vendasHoje).toEqual({ vendas: 1, valor: 30 });
    expect(chaves(i)).toEqual(['agendaHoje', 'aniversariantes', 'dosesDevidas', 'estoqueBaixo', 'meuCaixa']);
  });

  it('each profile sees its keys only (DOMAIN.md §1)', async () => {
    expect(chaves(await indicadores(t.headers))).toEqual([
      'agendaHoje',
      'aniversariantes',
      'contasPagar',
      'dosesDevidas',
      'estoqueBaixo',
      'faturamento',
      'lotesVencendo',
    ]);
    const financeiro = await usuarioComPerfil(ctx, t, 'financeiro');
    expect(chaves(await indicadores(financeiro.headers))).toEqual([
      'contasPagar',
      'estoqueBaixo',
      'faturamento',
      'lotesVencendo',
    ]);
    const banhista = await usuarioComPerfil(ctx, t, 'banhista');
    expect(chaves(await indicadores(banhista.headers))).toEqual(['agendaHoje']);
    const gerente = await usuarioComPerfil(ctx, t, 'gerente');
    expect(chaves(await indicadores(gerente.headers))).toEqual(chaves(await indicadores(t.headers)));
  });

  it('another unit of the tenant and another tenant see none of it', async () => {
    const outra = await novaUnidade(ctx, t);
    await inserirVenda(ctx, scopeOf(t, outra.id), {
      status: 'Finalizada',
      itens: [{ produtoId: c.racao.id, descricao: c.racao.nome, quantidade: 1, valorUnitario: 300 }],
      createdAt: new Date(Date.now() - 60_000),
    });
    const naOutra = (await indicadores(outra.headers)).faturamento!;
    expect(naOutra.hoje.valor).toBe(300);
    expect(naOutra.mes.valor).toBe(300);
    expect(naOutra.porFormaPagamento).toEqual([]);
    // The first unit still reads its own figures only.
    expect((await indicadores(t.headers)).faturamento!.mes.valor).toBe(320);
    const outroTenant = await newTenant(ctx);
    const i = await indicadores(outroTenant.headers);
    expect(i.faturamento!.mes).toMatchObject({ valor: 0, vendas: 0, ticketMedio: 0 });
    expect(i.faturamento!.variacaoMes).toBeNull();
    expect(i.estoqueBaixo!.quantidade).toBe(0);
    expect(i.aniversariantes).toMatchObject({ clientes: 0, pets: 0 });
  });

  it('400 without a unit; 401 without a token', async () => {
    const semUnidade = await ctx.app.inject({
      method: 'GET',
      url: '/api/indicadores',
      headers: { authorization: t.headers.authorization!, 'x-origin': 'web' },
    });
    expect(semUnidade.statusCode).toBe(400);
    expect(semUnidade.json<{ errors: Record<string, string[]> }>().errors).toBeDefined();
    const semToken = await ctx.app.inject({ method: 'GET', url: '/api/indicadores' });
    expect(semToken.statusCode).toBe(401);
  });
});

describe('GET /api/indicadores: agenda, birthdays, payables, stock and lots', () => {
  let t: TenantFixture;
  const hoje = todayISO(TZ);
  const mmdd = hoje.slice(5);

  beforeAll(async () => {
    t = await newTenant(ctx);
    const c = await cenario(ctx, t);
    const ana = await novoCliente(ctx, t, 'Ana Maria Souza', { pet: 'Rex' });
    const bruno = await novoCliente(ctx, t, 'Bruno Lima', { pet: 'Mia' });
    const inativo = await novoCliente(ctx, t, 'Carlos Inativo');
    await withTenant(ctx.database.db, scopeOf(t), async (tx) => {
      // Birthdays: Ana and Rex today; the inactive Carlos today (out); Bruno and Mia tomorrow (out).
      const amanha = addDays(hoje, 1).slice(5);
      await tx.execute(
        sql`update pessoas set data_nascimento = ${`1990-${mmdd === '02-29' ? '03-01' : mmdd}`}::date where id = ${ana.id}`,
      );
      await tx.execute(
        sql`update pessoas set data_nascimento = ${`1985-${mmdd === '02-29' ? '03-01' : mmdd}`}::date, ativo = false where id = ${inativo.id}`,
      );
      await tx.execute(sql`update pessoas set data_nascimento = ${`1990-${amanha}`}::date where id = ${bruno.id}`);
      await tx.execute(
        sql`update pets set data_nascimento = ${`2020-${mmdd === '02-29' ? '03-01' : mmdd}`}::date where id = ${ana.petId}`,
      );
      await tx.execute(sql`update pets set data_nascimento = ${`2020-${amanha}`}::date where id = ${bruno.petId}`);
      // Appointments: two today (Agendado, Confirmado), one tomorrow (out).
      const [tipo] = await queryRows<{ id: string }>(tx, sql`select id from tipos_atendimento limit 1`);
      const at = (inicio: Date, status: string) =>
        tx.execute(sql`insert into atendimentos (pet_id, cliente_id, tipo_atendimento_id, inicio, fim, status)
          values (${ana.petId}, ${ana.id}, ${tipo!.id}, ${inicio.toISOString()}, ${new Date(inicio.getTime() + 3_600_000).toISOString()}, ${status})`);
      await at(new Date(`${hoje}T12:00:00-03:00`), 'Agendado');
      await at(new Date(`${hoje}T14:00:00-03:00`), 'Confirmado');
      await at(new Date(`${addDays(hoje, 1)}T12:00:00-03:00`), 'Agendado');
      // Payables: overdue 100 with 30 paid (70 left); today 50; in 3 days 200; in 10 days 999
      // (out); overdue but settled (out).
      const despesa = (venc: string, valor: number, pago: number, status: string) =>
        tx.execute(sql`insert into despesas (descricao, data_emissao, data_vencimento, valor, valor_pago, status)
          values ('Conta', ${hoje}::date, ${venc}::date, ${valor}, ${pago}, ${status})`);
      await despesa(addDays(hoje, -5), 100, 30, 'BaixaParcial');
      await despesa(hoje, 50, 0, 'EmAberto');
      await despesa(addDays(hoje, 3), 200, 0, 'EmAberto');
      await despesa(addDays(hoje, 10), 999, 0, 'EmAberto');
      await despesa(addDays(hoje, -2), 80, 80, 'Baixada');
      // Stock: min 5 without a balance (below), min 5 with 5 (not below), min 0 at −1 (below),
      // min 5 with 10 (not below).
      const [un] = await queryRows<{ id: string }>(
        tx,
        sql`select unidade_medida_id as id from produtos where id = ${c.racao.id}`,
      );
      const produto = async (nome: string, minimo: number, saldo: number | null, custo = 10) => {
        const [p] = await queryRows<{ id: string }>(
          tx,
          sql`insert into produtos (nome, unidade_medida_id, estoque_minimo, preco_custo)
            values (${nome}, ${un!.id}, ${minimo}, ${custo}) returning id`,
        );
        // A product with a minimum already has its (zero) balance row (migration estoque_abaixo_minimo).
        if (saldo !== null)
          await tx.execute(sql`insert into estoques (produto_id, quantidade) values (${p!.id}, ${saldo})
            on conflict (unidade_negocio_id, produto_id) do update set quantidade = excluded.quantidade`);
        return p!.id;
      };
      await produto('Sem saldo', 5, null);
      await produto('No mínimo', 5, 5);
      await produto('Negativo', 0, -1);
      const vacina = await produto('Vacina V10', 5, 10);
      // Lots (cost 10): expired with 2 (20,00), expiring in 10 days with 3 (30,00), in 40 days
      // (out), expired but empty (out).
      const lote = (numero: string, validade: string, qtd: number) =>
        tx.execute(
          sql`insert into lotes (produto_id, numero, data_validade, quantidade) values (${vacina}, ${numero}, ${validade}::date, ${qtd})`,
        );
      await lote('L1', addDays(hoje, -3), 2);
      await lote('L2', addDays(hoje, 10), 3);
      await lote('L3', addDays(hoje, 40), 7);
      await lote('L4', addDays(hoje, -1), 0);
    });
  });

  it('figures by hand', async () => {
    const i = await indicadores(t.headers);
    expect(i.agendaHoje!.total).toBe(2);
    expect(i.agendaHoje!.porStatus.filter((s) => s.quantidade > 0)).toEqual([
      { status: 'Agendado', label: 'Agendado', quantidade: 1 },
      { status: 'Confirmado', label: 'Confirmado', quantidade: 1 },
    ]);
    expect(i.aniversariantes).toEqual(
      hoje.slice(5) === '02-29'
        ? { clientes: 0, pets: 0, nomesClientes: [], nomesPets: [] }
        : { clientes: 1, pets: 1, nomesClientes: ['Ana'], nomesPets: ['Rex'] },
    );
    expect(i.contasPagar).toEqual({
      vencidas: { quantidade: 1, valor: 70 },
      hoje: { quantidade: 1, valor: 50 },
      proximos7Dias: { quantidade: 1, valor: 200 },
    });
    expect(i.estoqueBaixo).toEqual({ quantidade: 2 });
    expect(i.lotesVencendo).toEqual({
      vencidos: { quantidade: 1, valor: 20 },
      vencendo30Dias: { quantidade: 1, valor: 30 },
    });
    expect(i.dosesDevidas).toEqual({ atrasadas: 0, proximos7Dias: 0 });
  });

  it('another unit sees its own agenda, payables, stock and lots (none); birthdays are the tenant’s', async () => {
    const outra = await novaUnidade(ctx, t);
    const i = await indicadores(outra.headers);
    expect(i.agendaHoje!.total).toBe(0);
    expect(i.contasPagar!.vencidas).toEqual({ quantidade: 0, valor: 0 });
    expect(i.lotesVencendo!.vencidos.quantidade).toBe(0);
    // No balance rows there: the three products with a minimum of 5 are at 0, below it (the
    // negative balance is the first unit's).
    expect(i.estoqueBaixo).toEqual({ quantidade: 3 });
  });
});

describe('montarIndicadores on the reports’ hand-computed month (relatorios-fixtures.ts)', () => {
  it('equals the sales reports to the cent: discount prorated, freight out, return subtracted, cancelled out, 23:30 edge in', async () => {
    const t = await newTenant(ctx);
    const c = await cenarioRelatorios(ctx, t, { mes: '2026-03' });
    // 31/03/2026 23:50 in São Paulo: "today" is the month's last day, the day of S3 (23:30).
    const agora = new Date('2026-03-31T23:50:00-03:00');
    const i = await withTenant(ctx.database.db, scopeOf(t), (tx) => montarIndicadores(tx, t.usuarioId, 'administrador', agora));
    const f = i.faturamento!;
    expect(i.hoje).toBe('2026-03-31');
    expect(f.mes).toEqual({
      dataInicio: c.dataInicio,
      dataFim: c.dataFim,
      valor: ESPERADO.mes.faturamento,
      vendas: ESPERADO.mes.numeroVendas,
      ticketMedio: ESPERADO.mes.ticketMedio,
    });
    // Today: S3 only, 10,00 + 20,00 (S5 at 00:30 of 01/04 is tomorrow).
    expect(f.hoje).toMatchObject({ valor: 30, vendas: 1, ticketMedio: 30 });
    // February's 1st..28th (the same day clamped): nothing sold.
    expect(f.mesAnterior).toMatchObject({ dataInicio: '2026-02-01', dataFim: '2026-02-28', valor: 0, vendas: 0 });
    expect(f.variacaoMes).toBeNull();
    // The chart: S1 441,00 on 05; S2 80,00 on 12 (freight out); R1 −18,00 on 20; S3 30,00 on 31.
    const dia = (d: string) => f.ultimos30Dias.find((p) => p.data === d)?.valor;
    expect([dia('2026-03-05'), dia('2026-03-12'), dia('2026-03-20'), dia('2026-03-31')]).toEqual([441, 80, -18, 30]);
    expect(f.ultimos30Dias.reduce((s, p) => s + p.valor, 0)).toBeCloseTo(ESPERADO.mes.faturamento, 2);
    // Payments of the month's sales: PIX 441, cash 92 (net of the 8,00 change, freight in), card 30.
    expect(f.porFormaPagamento.map((p) => p.valor)).toEqual([441, 92, 30]);
  });
});

describe('the month by payment method follows the sale after it is written (rollup pagamentos_vendidos, migration 0027)', () => {
  it('open → not counted; finalised later → counted; a payment changed, added, removed → follows; cancelled → gone', async () => {
    const t = await newTenant(ctx);
    const c = await cenario(ctx, t);
    const porForma = async () =>
      (await indicadores(t.headers)).faturamento!.porFormaPagamento.map((p) => [p.nome, p.valor] as [string, number]);
    const agora = new Date(Date.now() - 60_000);
    // An open sale of 100,00 with a PIX payment of 100,00 recorded while it is served.
    const { id } = await inserirVenda(ctx, scopeOf(t), {
      status: 'EmAberto',
      emAtendimento: true,
      itens: [{ produtoId: c.racao.id, descricao: c.racao.nome, quantidade: 2, valorUnitario: 50 }],
      pagamentos: [{ formaPagamentoId: c.formas.pix, tipo: 'pix', valor: 100 }],
      createdAt: agora,
    });
    expect(await porForma()).toEqual([]);
    const emTx = (q: ReturnType<typeof sql>) => withTenant(ctx.database.db, scopeOf(t), (tx) => tx.execute(q));
    // Finalised in a later transaction: PIX 100,00.
    await emTx(sql`update vendas set status = 'Finalizada', data_finalizacao = ${agora} where id = ${id}`);
    expect(await porForma()).toEqual([['PIX', 100]]);
    // The PIX line becomes 60,00 and 40,00 in cash is added.
    await emTx(sql`update venda_financeiros set valor = 60, valor_recebido = 60 where venda_id = ${id}`);
    await emTx(sql`insert into venda_financeiros (venda_id, chave, forma_pagamento_id, tipo_forma, valor, valor_recebido, usuario_id)
                   values (${id}, 'dinheiro-1', ${c.formas.dinheiro}, 'dinheiro', 40, 50, ${t.usuarioId})`);
    expect(await porForma()).toEqual([
      ['PIX', 60],
      ['Dinheiro', 40],
    ]);
    // The PIX line removed: cash 40,00 only.
    await emTx(sql`delete from venda_financeiros where venda_id = ${id} and forma_pagamento_id = ${c.formas.pix}`);
    expect(await porForma()).toEqual([['Dinheiro', 40]]);
    // Cancelled: nothing.
    await emTx(sql`update vendas set status = 'Cancelada', data_cancelamento = now() where id = ${id}`);
    expect(await porForma()).toEqual([]);
  });
});
