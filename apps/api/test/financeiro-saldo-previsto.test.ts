/**
 * The overview's "Saldo previsto no fim do mês" (issue #15 item 1): the figure is exactly
 * saldo + a receber − a pagar, and each term is the total of the list it summarises with the
 * same filters (GET /contas/saldo; GET /receitas and /despesas with status=EmAberto,BaixaParcial
 * and the due-date window `vencimentoDesde`..`vencimentoAte`), over títulos open, overdue this
 * month and last month, partially and fully settled, cancelled, due next month, of another unit,
 * and a receivable with a card fee (counted net). The cash-flow line ends at the same figure.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Despesa, Receita, ResumoFinanceiro, SaldoContas } from '@petshop/shared/financeiro';
import { fromCents, todayISO, toCents } from '@petshop/shared/format';
import { addDays, addMonths } from '@petshop/shared/venda';
import { receitas } from '../src/db/schema/index.ts';
import { noTenant, segundaUnidade } from './fixtures/vendas.ts';
import { contasDaUnidade, titulosApi } from './financeiro-helper.ts';
import { newTenant, useTestApp, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const soma = (...v: number[]) => fromCents(v.reduce((s, x) => s + toCents(x), 0));

const despesasApi = titulosApi<Despesa>(ctx, '/api/financeiro/despesas');
const receitasApi = titulosApi<Receita>(ctx, '/api/financeiro/receitas');

const get = async <T>(t: TenantFixture, url: string): Promise<T> => {
  const res = await ctx.app.inject({ url, headers: t.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

describe('GET /api/financeiro/resumo: saldo previsto no fim do mês', () => {
  it('equals saldo + a receber − a pagar, each the total of its list with the same filters', async () => {
    const t = await newTenant(ctx);
    await contasDaUnidade(ctx, t, 1000);
    const hoje = todayISO('America/Sao_Paulo');
    const inicio = `${hoje.slice(0, 7)}-01`;
    const fim = addDays(addMonths(inicio, 1), -1);
    const mesPassado = addDays(inicio, -5);
    const proximoMes = addDays(fim, 3);

    const titulos = async (api: typeof receitasApi | typeof despesasApi, valores: Record<string, [string, number]>) => {
      const ids: Record<string, string> = {};
      for (const [nome, [dataVencimento, valor]] of Object.entries(valores))
        ids[nome] = (await api.criar(t, { descricao: nome, parcelas: [{ dataVencimento, valor }] })).id;
      return ids;
    };
    const r = await titulos(receitasApi, {
      abertaNoInicio: [inicio, 100],
      parcial: [fim, 200],
      paga: [hoje, 80],
      cancelada: [fim, 70],
      vencidaMesPassado: [mesPassado, 40],
      proximoMes: [proximoMes, 30],
      cartao: [hoje, 300],
    });
    const d = await titulos(despesasApi, {
      abertaNoInicio: [inicio, 60],
      parcial: [fim, 500],
      paga: [hoje, 45],
      cancelada: [fim, 33],
      vencidaMesPassado: [mesPassado, 25],
      proximoMes: [proximoMes, 10],
    });
    await receitasApi.baixar(t, r.parcial!, { valor: 50, chave: randomUUID() });
    await receitasApi.baixar(t, r.paga!, { chave: randomUUID() });
    await despesasApi.baixar(t, d.parcial!, { valor: 120, chave: randomUUID() });
    await despesasApi.baixar(t, d.paga!, { chave: randomUUID() });
    for (const [url, id] of [
      ['/api/financeiro/receitas', r.cancelada!],
      ['/api/financeiro/despesas', d.cancelada!],
    ] as const) {
      const res = await ctx.app.inject({ method: 'DELETE', url: `${url}/${id}`, headers: t.headers });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    // A card receivable: 9,00 of its 300,00 is the acquirer's fee; it counts net.
    await noTenant(ctx, t, (tx) => tx.update(receitas).set({ valorTaxa: '9.00' }).where(eq(receitas.id, r.cartao!)));
    // Another unit of the tenant: none of its títulos count here.
    const filial = await segundaUnidade(ctx, t);
    await receitasApi.criar(t, { descricao: 'Filial', parcelas: [{ dataVencimento: fim, valor: 90 }] }, filial.headers);
    await despesasApi.criar(t, { descricao: 'Filial', parcelas: [{ dataVencimento: fim, valor: 77 }] }, filial.headers);

    const resumo = await get<ResumoFinanceiro>(t, '/api/financeiro/resumo');
    const previsto = resumo.saldoPrevisto!;
    expect(previsto).toMatchObject({ vencimentoDesde: inicio, vencimentoAte: fim });

    const saldos = await get<SaldoContas>(t, '/api/financeiro/contas/saldo');
    const filtro = `&status=EmAberto,BaixaParcial&dataInicio=${previsto.vencimentoDesde}&dataFim=${previsto.vencimentoAte}`;
    const listaReceitas = await receitasApi.lista(t, filtro);
    const listaDespesas = await despesasApi.lista(t, filtro);

    expect(previsto.saldoAtual).toBe(saldos.total);
    expect(saldos.total).toBe(soma(1000, 50, 80, -120, -45));
    expect(previsto.aReceber).toBe(listaReceitas.totais.valorEmAbertoLiquido);
    expect(previsto.aReceber).toBe(soma(100, 150, 291));
    expect(listaReceitas.totais.valorEmAberto).toBe(soma(100, 150, 300));
    expect(previsto.aPagar).toBe(listaDespesas.totais.valorEmAbertoLiquido);
    expect(previsto.aPagar).toBe(soma(60, 380));
    expect(previsto.valor).toBe(soma(saldos.total, previsto.aReceber, -previsto.aPagar));
    // The month's cards name the same figures, and the cash-flow line ends at it.
    expect(resumo.mesAtual.aReceber).toBe(previsto.aReceber);
    expect(resumo.mesAtual.aPagar).toBe(previsto.aPagar);
    expect(resumo.fluxoCaixa.at(-1)!.saldo).toBe(previsto.valor);

    // Next month: from today's balance, everything open from this month's first day to its end.
    const proximo = await get<ResumoFinanceiro>(t, `/api/financeiro/resumo?mes=${addMonths(inicio, 1).slice(0, 7)}`);
    const p2 = proximo.saldoPrevisto!;
    expect(p2.vencimentoDesde).toBe(inicio);
    const filtro2 = `&status=EmAberto,BaixaParcial&dataInicio=${p2.vencimentoDesde}&dataFim=${p2.vencimentoAte}`;
    expect(p2.aReceber).toBe((await receitasApi.lista(t, filtro2)).totais.valorEmAbertoLiquido);
    expect(p2.aReceber).toBe(soma(100, 150, 291, 30));
    expect(p2.aPagar).toBe((await despesasApi.lista(t, filtro2)).totais.valorEmAbertoLiquido);
    expect(p2.aPagar).toBe(soma(60, 380, 10));
    expect(p2.valor).toBe(soma(saldos.total, p2.aReceber, -p2.aPagar));
    expect(proximo.fluxoCaixa.at(-1)!.saldo).toBe(p2.valor);

    // A month already over has no forecast.
    const anterior = await get<ResumoFinanceiro>(t, `/api/financeiro/resumo?mes=${addMonths(inicio, -1).slice(0, 7)}`);
    expect(anterior.saldoPrevisto).toBeNull();

    // The other unit sees only its own.
    const daFilial = await get<ResumoFinanceiro>({ ...t, headers: filial.headers }, '/api/financeiro/resumo');
    expect(daFilial.saldoPrevisto).toMatchObject({ aReceber: 90, aPagar: 77 });
  });
});
