/**
 * Recurring payables (issue #6 item 3; DOMAIN.md §7 "Recorrências"): /api/financeiro/recorrencias
 * and the generation (gerar-recorrencias.ts, recorrencias-scheduler.ts). Monthly on the 31st,
 * weekly, yearly, until a date, N times; generation run twice or twice at once creates nothing
 * twice; pausing, ending and changing touch only the future open payables; resuming generates
 * again; the scheduler visits every active unit of every active tenant; tenancy.
 *
 * Dates in the future (2031+) are generated with an explicit "today" through `gerarRecorrencias`
 * (the API generates with the unit's real today, which leaves them untouched); the rules that
 * need the real today use dates relative to it.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Page } from '@petshop/shared/http';
import type { Recorrencia, RecorrenciaInput } from '@petshop/shared/financeiro';
import { todayISO } from '@petshop/shared/format';
import { addDays, addMonths } from '@petshop/shared/venda';
import { queryRows } from '../src/db/rows.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { startRecorrenciasScheduler } from '../src/modules/financeiro/recorrencias-scheduler.ts';
import { gerarRecorrencias, gerarRecorrenciasDeTodasAsUnidades } from '../src/modules/financeiro/gerar-recorrencias.ts';
import { newTenant, novaUnidade, useTestApp, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const URL = '/api/financeiro/recorrencias';

type Scope = { tenantId: string; unidadeNegocioId: string };
const scopeOf = (t: TenantFixture, unidadeNegocioId = t.unidadeNegocioId): Scope => ({ tenantId: t.tenantId, unidadeNegocioId });

const criar = async (headers: Record<string, string>, payload: RecorrenciaInput) => {
  const res = await ctx.app.inject({ method: 'POST', url: URL, headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Recorrencia>();
};
const obter = async (headers: Record<string, string>, id: string) => {
  const res = await ctx.app.inject({ url: `${URL}/${id}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Recorrencia>();
};
const acao = (headers: Record<string, string>, id: string, nome: string) =>
  ctx.app.inject({ method: 'POST', url: `${URL}/${id}/${nome}`, headers });

type DespesaGerada = {
  ocorrencia: number;
  vencimento: string;
  descricao: string;
  valor: string;
  status: string;
  parcela: number;
  total_parcelas: number;
};

/** The payables recurrence `id` generated, by occurrence (read in `scope`). */
const geradas = (scope: Scope, id: string) =>
  withTenant(ctx.database.db, scope, (tx) =>
    queryRows<DespesaGerada>(
      tx,
      sql`select recorrencia_ocorrencia as ocorrencia, data_vencimento::text as vencimento, descricao, valor, status,
            parcela, total_parcelas
          from despesas where recorrencia_id = ${id} order by recorrencia_ocorrencia`,
    ),
  );

const gerar = (scope: Scope, hoje: string) => withTenant(ctx.database.db, scope, (tx) => gerarRecorrencias(tx, hoje));

const categoria = (t: TenantFixture, nome: string) =>
  withTenant(ctx.database.db, scopeOf(t), async (tx) => {
    const [row] = await queryRows<{ id: string }>(tx, sql`select id from categorias_financeiras where nome = ${nome}`);
    return row!.id;
  });

describe('recurrence dates and generation', () => {
  it('monthly on the 31st: the 31st, then the last day of February (29 in a leap year), then the 31st again', async () => {
    const t = await newTenant(ctx);
    const r = await criar(t.headers, {
      descricao: 'Aluguel da loja',
      categoriaFinanceiraId: await categoria(t, 'Aluguel'),
      valor: '3.500,00',
      frequencia: 'mensal',
      dataInicio: '31/12/2031',
    });
    expect(r).toMatchObject({
      descricao: 'Aluguel da loja',
      categoriaFinanceira: { nome: 'Aluguel' },
      valor: 3500,
      frequencia: 'mensal',
      intervalo: 1,
      dataInicio: '2031-12-31',
      termino: 'sem_fim',
      status: 'Ativa',
      geradas: 0,
      proximoVencimento: '2031-12-31',
    });
    expect(await gerar(scopeOf(t), '2032-01-05')).toBe(4);
    expect(
      (await geradas(scopeOf(t), r.id)).map((d) => [
        d.ocorrencia,
        d.vencimento,
        d.descricao,
        d.valor,
        d.parcela,
        d.total_parcelas,
      ]),
    ).toEqual([
      [0, '2031-12-31', 'Aluguel da loja – 12/2031', '3500.00', 1, 1],
      [1, '2032-01-31', 'Aluguel da loja – 01/2032', '3500.00', 2, 1],
      [2, '2032-02-29', 'Aluguel da loja – 02/2032', '3500.00', 3, 1],
      [3, '2032-03-31', 'Aluguel da loja – 03/2032', '3500.00', 4, 1],
    ]);
    // Run again the same day, and later: only what is new.
    expect(await gerar(scopeOf(t), '2032-01-05')).toBe(0);
    expect(await gerar(scopeOf(t), '2032-02-01')).toBe(1);
    expect((await geradas(scopeOf(t), r.id)).at(-1)).toMatchObject({ ocorrencia: 4, vencimento: '2032-04-30' });
    expect(await gerar(scopeOf(t), '2032-02-01')).toBe(0);
    expect((await obter(t.headers, r.id)).geradas).toBe(5);
  });

  it('weekly every 2 weeks until a date, then ends by itself once its last one is due', async () => {
    const t = await newTenant(ctx);
    const r = await criar(t.headers, {
      descricao: 'Faxina',
      valor: 180,
      frequencia: 'semanal',
      intervalo: 2,
      dataInicio: '2031-03-03',
      termino: 'data',
      dataFim: '2031-04-14',
    });
    expect(await gerar(scopeOf(t), '2031-03-01')).toBe(4);
    expect((await geradas(scopeOf(t), r.id)).map((d) => [d.vencimento, d.descricao])).toEqual([
      ['2031-03-03', 'Faxina – 03/03/2031'],
      ['2031-03-17', 'Faxina – 17/03/2031'],
      ['2031-03-31', 'Faxina – 31/03/2031'],
      ['2031-04-14', 'Faxina – 14/04/2031'],
    ]);
    expect((await obter(t.headers, r.id)).status).toBe('Ativa');
    expect(await gerar(scopeOf(t), '2031-04-13')).toBe(0);
    expect((await obter(t.headers, r.id)).status).toBe('Ativa');
    expect(await gerar(scopeOf(t), '2031-04-14')).toBe(0);
    expect((await obter(t.headers, r.id)).status).toBe('Encerrada');
    expect(await geradas(scopeOf(t), r.id)).toHaveLength(4);
  });

  it('yearly for N times: installments k of N, and ends by itself after the last', async () => {
    const t = await newTenant(ctx);
    const r = await criar(t.headers, {
      descricao: 'Seguro da loja',
      valor: 2400,
      frequencia: 'anual',
      dataInicio: '2031-06-15',
      termino: 'ocorrencias',
      totalOcorrencias: 3,
    });
    expect(r.totalOcorrencias).toBe(3);
    expect(await gerar(scopeOf(t), '2031-04-01')).toBe(1);
    expect(await gerar(scopeOf(t), '2034-01-01')).toBe(2);
    expect((await geradas(scopeOf(t), r.id)).map((d) => [d.vencimento, d.descricao, d.parcela, d.total_parcelas])).toEqual([
      ['2031-06-15', 'Seguro da loja – 06/2031', 1, 3],
      ['2032-06-15', 'Seguro da loja – 06/2032', 2, 3],
      ['2033-06-15', 'Seguro da loja – 06/2033', 3, 3],
    ]);
    expect((await obter(t.headers, r.id)).status).toBe('Encerrada');
    expect(await gerar(scopeOf(t), '2040-01-01')).toBe(0);
  });

  it('two generations at once create nothing twice', async () => {
    const t = await newTenant(ctx);
    const r = await criar(t.headers, { descricao: 'Internet', valor: 129.9, frequencia: 'semanal', dataInicio: '2031-01-06' });
    const [a, b] = await Promise.all([gerar(scopeOf(t), '2031-01-01'), gerar(scopeOf(t), '2031-01-01')]);
    expect(a + b).toBe(13);
    const lista = await geradas(scopeOf(t), r.id);
    expect(lista).toHaveLength(13);
    expect(new Set(lista.map((d) => d.ocorrencia)).size).toBe(13);
  });

  it('creating with a start in the past writes the past occurrences (open, overdue) and 90 days ahead', async () => {
    const t = await newTenant(ctx);
    const hoje = todayISO();
    const inicio = addMonths(hoje, -2);
    const r = await criar(t.headers, { descricao: 'Contador', valor: 650, frequencia: 'mensal', dataInicio: inicio });
    const lista = await geradas(scopeOf(t), r.id);
    const limite = addDays(hoje, 90);
    const esperadas = Array.from({ length: 6 }, (_, i) => addMonths(inicio, i)).filter((d) => d <= limite);
    expect(lista.map((d) => d.vencimento)).toEqual(esperadas);
    expect(lista.every((d) => d.status === 'EmAberto')).toBe(true);
    expect(r.geradas).toBe(esperadas.length);
    expect(r.proximoVencimento).toBe(esperadas.find((d) => d >= hoje));
    // The same id again: the same recurrence, nothing generated twice.
    const id = randomUUID();
    const primeira = await criar(t.headers, { id, descricao: 'Limpeza', valor: 90, frequencia: 'mensal', dataInicio: hoje });
    const segunda = await criar(t.headers, { id, descricao: 'Outra coisa', valor: 1, frequencia: 'anual', dataInicio: hoje });
    expect(segunda).toEqual(primeira);
    expect(await geradas(scopeOf(t), id)).toHaveLength(primeira.geradas);
  });
});

describe('pause, resume, end and change', () => {
  /** A monthly recurrence started 2 months ago (2 past payables, today's month and 3 ahead), the next one settled. */
  const cenario = async () => {
    const t = await newTenant(ctx);
    const hoje = todayISO();
    const inicio = addDays(addMonths(hoje, -2), 1);
    const r = await criar(t.headers, { descricao: 'Aluguel', valor: 1000, frequencia: 'mensal', dataInicio: inicio });
    const antes = await geradas(scopeOf(t), r.id);
    const futuras = antes.filter((d) => d.vencimento > hoje);
    expect(futuras.length).toBeGreaterThanOrEqual(3);
    // The first future one is settled, the second partly paid: both must stay.
    await withTenant(ctx.database.db, scopeOf(t), async (tx) => {
      await tx.execute(
        sql`update despesas set status = 'Baixada', valor_pago = valor, data_baixa = ${hoje}::date
            where recorrencia_id = ${r.id} and recorrencia_ocorrencia = ${futuras[0]!.ocorrencia}`,
      );
      await tx.execute(
        sql`update despesas set status = 'BaixaParcial', valor_pago = 100
            where recorrencia_id = ${r.id} and recorrencia_ocorrencia = ${futuras[1]!.ocorrencia}`,
      );
    });
    const passadas = antes.filter((d) => d.vencimento <= hoje);
    return { t, r, hoje, antes, futuras, passadas };
  };

  it('pausing deletes the future open payables and keeps past and (partly) settled ones; resuming generates them again', async () => {
    const { t, r, antes, futuras, passadas } = await cenario();
    const pausada = await acao(t.headers, r.id, 'pausar');
    expect(pausada.statusCode, pausada.body).toBe(200);
    expect(pausada.json<Recorrencia>().status).toBe('Pausada');
    const depois = await geradas(scopeOf(t), r.id);
    expect(depois.map((d) => d.ocorrencia)).toEqual([...passadas, futuras[0]!, futuras[1]!].map((d) => d.ocorrencia));
    expect(depois.filter((d) => d.status === 'EmAberto').every((d) => d.vencimento <= todayISO())).toBe(true);
    expect((await acao(t.headers, r.id, 'pausar')).statusCode).toBe(200);
    // Nothing is generated while paused.
    expect(await gerar(scopeOf(t), todayISO())).toBe(0);

    const retomada = await acao(t.headers, r.id, 'retomar');
    expect(retomada.statusCode).toBe(200);
    expect(retomada.json<Recorrencia>()).toMatchObject({ status: 'Ativa', geradas: antes.length });
    const de_novo = await geradas(scopeOf(t), r.id);
    expect(de_novo.map((d) => [d.ocorrencia, d.vencimento])).toEqual(antes.map((d) => [d.ocorrencia, d.vencimento]));
    expect(de_novo.find((d) => d.ocorrencia === futuras[0]!.ocorrencia)!.status).toBe('Baixada');
  });

  it('resuming skips what fell due while paused', async () => {
    const t = await newTenant(ctx);
    const hoje = todayISO();
    const r = await criar(t.headers, {
      descricao: 'Internet',
      valor: 99.9,
      frequencia: 'semanal',
      dataInicio: addDays(hoje, 1),
    });
    await acao(t.headers, r.id, 'pausar');
    expect(await geradas(scopeOf(t), r.id)).toHaveLength(0);
    // Three weeks later it is resumed: move the start back as if time had passed.
    await withTenant(ctx.database.db, scopeOf(t), (tx) =>
      tx.execute(sql`update recorrencias set data_inicio = ${addDays(hoje, -20)}::date where id = ${r.id}`),
    );
    await acao(t.headers, r.id, 'retomar');
    const lista = await geradas(scopeOf(t), r.id);
    expect(lista[0]).toMatchObject({ ocorrencia: 3, vencimento: addDays(hoje, 1) });
    expect(lista.every((d) => d.vencimento >= hoje)).toBe(true);
  });

  it('ending deletes the future open payables and is final', async () => {
    const { t, r, futuras, passadas } = await cenario();
    const res = await acao(t.headers, r.id, 'encerrar');
    expect(res.statusCode).toBe(200);
    expect(res.json<Recorrencia>()).toMatchObject({ status: 'Encerrada', geradas: passadas.length + 2 });
    expect((await geradas(scopeOf(t), r.id)).map((d) => d.ocorrencia)).toEqual(
      [...passadas, futuras[0]!, futuras[1]!].map((d) => d.ocorrencia),
    );
    expect((await acao(t.headers, r.id, 'encerrar')).statusCode).toBe(200);
    for (const nome of ['pausar', 'retomar']) {
      const recusa = await acao(t.headers, r.id, nome);
      expect(recusa.statusCode).toBe(400);
      expect(recusa.json().errors.generalErrors).toEqual(['Esta recorrência foi encerrada e não pode mais ser alterada']);
    }
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${r.id}`,
      headers: t.headers,
      payload: { descricao: 'Aluguel', valor: 1, frequencia: 'mensal', dataInicio: r.dataInicio },
    });
    expect(put.statusCode).toBe(400);
    expect(await gerar(scopeOf(t), todayISO())).toBe(0);
    const invalida = await acao(t.headers, r.id, 'apagar');
    expect(invalida.statusCode).toBe(400);
  });

  it('changing the value replaces only the future open payables; the schedule stays once payables are kept', async () => {
    const { t, r, antes, futuras, passadas } = await cenario();
    const body = { descricao: 'Aluguel reajustado', valor: '1.100,00', frequencia: 'mensal' as const, dataInicio: r.dataInicio };
    const res = await ctx.app.inject({ method: 'PUT', url: `${URL}/${r.id}`, headers: t.headers, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Recorrencia>()).toMatchObject({ descricao: 'Aluguel reajustado', valor: 1100, geradas: antes.length });
    const depois = await geradas(scopeOf(t), r.id);
    expect(depois.map((d) => d.ocorrencia)).toEqual(antes.map((d) => d.ocorrencia));
    const mantidas = new Set([...passadas, futuras[0]!, futuras[1]!].map((d) => d.ocorrencia));
    for (const d of depois) {
      if (mantidas.has(d.ocorrencia)) {
        expect(d.valor).toBe('1000.00');
        expect(d.descricao.startsWith('Aluguel – ')).toBe(true);
      } else {
        expect(d.valor).toBe('1100.00');
        expect(d.descricao.startsWith('Aluguel reajustado – ')).toBe(true);
      }
    }
    expect(depois.filter((d) => d.valor === '1100.00').length).toBeGreaterThan(0);

    const agenda = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${r.id}`,
      headers: t.headers,
      payload: { ...body, dataInicio: addDays(r.dataInicio, 5) },
    });
    expect(agenda.statusCode).toBe(400);
    expect(agenda.json().errors.dataInicio).toEqual([
      'Esta recorrência já tem contas lançadas: para mudar o primeiro vencimento, a frequência ou o intervalo, encerre-a e crie outra',
    ]);
    // Nothing changed by the refused change.
    expect(await geradas(scopeOf(t), r.id)).toEqual(depois);
  });

  it('the schedule changes freely while nothing generated is kept', async () => {
    const t = await newTenant(ctx);
    const inicio = addDays(todayISO(), 10);
    const r = await criar(t.headers, { descricao: 'Energia', valor: 400, frequencia: 'mensal', dataInicio: inicio });
    expect(r.geradas).toBeGreaterThan(0);
    const novo = addDays(todayISO(), 20);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${r.id}`,
      headers: t.headers,
      payload: {
        descricao: 'Energia',
        valor: 400,
        frequencia: 'mensal',
        dataInicio: novo,
        termino: 'ocorrencias',
        totalOcorrencias: 2,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await geradas(scopeOf(t), r.id)).map((d) => [d.ocorrencia, d.vencimento, d.total_parcelas])).toEqual([
      [0, novo, 2],
      [1, addMonths(novo, 1), 2],
    ]);
  });
});

describe('/api/financeiro/recorrencias: list, validation, export, tenancy', () => {
  it('lists with status and text filters, validates in Portuguese and exports', async () => {
    const t = await newTenant(ctx);
    const a = await criar(t.headers, { descricao: 'Água', valor: 120, frequencia: 'mensal', dataInicio: '2031-01-10' });
    const b = await criar(t.headers, { descricao: 'Seguro', valor: 2000, frequencia: 'anual', dataInicio: '2031-01-10' });
    await acao(t.headers, b.id, 'pausar');
    const todas = (await ctx.app.inject({ url: URL, headers: t.headers })).json<Page<Recorrencia>>();
    expect(todas.items.map((r) => [r.descricao, r.status])).toEqual([
      ['Água', 'Ativa'],
      ['Seguro', 'Pausada'],
    ]);
    const pausadas = (await ctx.app.inject({ url: `${URL}?status=Pausada`, headers: t.headers })).json<Page<Recorrencia>>();
    expect(pausadas.items.map((r) => r.id)).toEqual([b.id]);
    const busca = (await ctx.app.inject({ url: `${URL}?query=agua`, headers: t.headers })).json<Page<Recorrencia>>();
    expect(busca.items.map((r) => r.id)).toEqual([a.id]);

    const invalida = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: t.headers,
      payload: { descricao: '', valor: 0, frequencia: 'diaria', dataInicio: '', termino: 'data' },
    });
    expect(invalida.statusCode).toBe(400);
    expect(Object.keys(invalida.json().errors).sort()).toEqual(['dataInicio', 'descricao', 'frequencia', 'valor']);
    const semFim = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: t.headers,
      payload: { descricao: 'X', valor: 1, frequencia: 'mensal', dataInicio: '2031-01-10', termino: 'data' },
    });
    expect(semFim.json().errors.dataFim).toEqual(['Data final é obrigatória']);
    const receita = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: t.headers,
      payload: {
        descricao: 'X',
        valor: 1,
        frequencia: 'mensal',
        dataInicio: '2031-01-10',
        categoriaFinanceiraId: await categoria(t, 'Vendas de produtos'),
      },
    });
    expect(receita.statusCode).toBe(400);
    expect(receita.json().errors.categoriaFinanceiraId).toEqual(['Escolha uma categoria de despesa']);

    const csv = await ctx.app.inject({ url: `${URL}/exportar?formato=csv`, headers: t.headers });
    expect(csv.statusCode).toBe(200);
    const linhas = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(linhas).toHaveLength(3);
    expect(linhas[0]!.startsWith('Descrição;Fornecedor;Categoria;Valor;Frequência;Primeiro vencimento')).toBe(true);
    expect(linhas[1]!.startsWith('Água;;;120,00;Mensal;10/01/2031;Sem data para terminar')).toBe(true);
  });

  it('another tenant and another unit neither see nor touch a recurrence', async () => {
    const t = await newTenant(ctx);
    const r = await criar(t.headers, { descricao: 'Aluguel', valor: 1000, frequencia: 'mensal', dataInicio: todayISO() });
    const outro = await newTenant(ctx);
    const filial = await novaUnidade(ctx, t);
    for (const headers of [outro.headers, filial.headers]) {
      expect((await ctx.app.inject({ url: `${URL}/${r.id}`, headers })).statusCode).toBe(404);
      expect((await ctx.app.inject({ url: URL, headers })).json<Page<Recorrencia>>().total).toBe(0);
      expect((await acao(headers, r.id, 'pausar')).statusCode).toBe(404);
      const put = await ctx.app.inject({
        method: 'PUT',
        url: `${URL}/${r.id}`,
        headers,
        payload: { descricao: 'Invasão', valor: 1, frequencia: 'mensal', dataInicio: todayISO() },
      });
      expect(put.statusCode).toBe(404);
    }
    // Generation in the other scopes does not touch it.
    expect(await gerar(scopeOf(outro), addDays(todayISO(), 400))).toBe(0);
    expect(await gerar(scopeOf(t, filial.id), addDays(todayISO(), 400))).toBe(0);
    expect((await obter(t.headers, r.id)).descricao).toBe('Aluguel');
    // A reference of another tenant is refused.
    const contaAlheia = await withTenant(ctx.database.db, scopeOf(outro), async (tx) => {
      const [c] = await queryRows<{ id: string }>(tx, sql`select id from contas limit 1`);
      return c!.id;
    });
    const ref = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: t.headers,
      payload: { descricao: 'X', valor: 1, frequencia: 'mensal', dataInicio: todayISO(), contaId: contaAlheia },
    });
    expect(ref.statusCode).toBe(400);
    expect(ref.json().errors.contaId).toEqual(['Conta não encontrada nesta unidade']);
  });

  it('the scheduler generates every active unit of every active tenant in its own scope', async () => {
    const a = await newTenant(ctx);
    const filial = await novaUnidade(ctx, a);
    const b = await newTenant(ctx);
    const c = await newTenant(ctx);
    const hoje = todayISO();
    const corpo = { descricao: 'Aluguel', valor: 800, frequencia: 'mensal' as const, dataInicio: addDays(hoje, 1) };
    const ra = await criar(a.headers, corpo);
    const rf = await criar(filial.headers, corpo);
    const rb = await criar(b.headers, corpo);
    const rc = await criar(c.headers, corpo);
    const escopos: [Scope, Recorrencia][] = [
      [scopeOf(a), ra],
      [scopeOf(a, filial.id), rf],
      [scopeOf(b), rb],
      [scopeOf(c), rc],
    ];
    const completas = ra.geradas;
    expect(completas).toBeGreaterThanOrEqual(3);
    // Time passes: as if nothing had been generated yet.
    const db = ctx.database.db;
    const esquecer = async () => {
      for (const [, r] of escopos) {
        await db.execute(sql`delete from despesas where recorrencia_id = ${r.id}`);
        await db.execute(sql`update recorrencias set proxima_ocorrencia = 0 where id = ${r.id}`);
      }
    };
    await esquecer();
    // Tenant c is inactive: left alone.
    await db.execute(sql`update tenants set ativo = false where id = ${c.tenantId}`);
    try {
      expect(await gerarRecorrenciasDeTodasAsUnidades(db)).toBeGreaterThanOrEqual(3 * completas);
      for (const [scope, r] of escopos.slice(0, 3)) expect(await geradas(scope, r.id)).toHaveLength(completas);
      expect(await geradas(scopeOf(c), rc.id)).toHaveLength(0);
      // Run again: nothing twice.
      await gerarRecorrenciasDeTodasAsUnidades(db);
      for (const [scope, r] of escopos.slice(0, 3)) expect(await geradas(scope, r.id)).toHaveLength(completas);

      // The scheduler runs it at once, logs, and stops.
      await esquecer();
      const log = { info: vi.fn(), error: vi.fn() };
      const parar = startRecorrenciasScheduler(db, log);
      try {
        await vi.waitFor(async () => expect(await geradas(scopeOf(b), rb.id)).toHaveLength(completas), { timeout: 10_000 });
        await vi.waitFor(() =>
          expect(log.info).toHaveBeenCalledWith(expect.objectContaining({ criadas: expect.any(Number) }), expect.any(String)),
        );
      } finally {
        parar();
      }
      expect(log.error).not.toHaveBeenCalled();
    } finally {
      await db.execute(sql`update tenants set ativo = true where id = ${c.tenantId}`);
    }
  });
});
