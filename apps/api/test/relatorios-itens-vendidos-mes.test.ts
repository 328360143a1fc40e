/**
 * The monthly rollup `itens_vendidos_mes` (issue #20 "Performance", migration 0036) is, to the last
 * digit, `itens_vendidos` summed per unit, month of the unit's time zone and product — after sales
 * finalised by the till, a draft finalised later, a return, a cancellation, a sale moved to another
 * month and a change of the unit's time zone — and the ABC curve of products read through it
 * (whole months from the rollup, loose days from itens_vendidos) gives each product the revenue
 * and quantity of the rows of the period.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.ts';
import { dividirPeriodo } from '../src/modules/relatorios/itens-vendidos-mes.ts';
import {
  abrirCaixa,
  formasDoTenant,
  novoProduto,
  pagamento,
  PDV,
  pdvOk,
  vendaFinalizada,
  vendaInput,
} from './fixtures/vendas.ts';
import { newTenant, useTestApp, type TenantFixture } from './helper.ts';

const ctx = useTestApp();

type Diferenca = {
  unidade: string | null;
  mes: string | null;
  produto: string | null;
  rollup: string | null;
  regra: string | null;
};

/** Rows where the rollup and the rule over itens_vendidos disagree (empty = equal), and how many keys the rollup holds. */
const comparar = async (t: TenantFixture) => {
  const diferencas = await queryRows<Diferenca>(
    ctx.database.db,
    sql`with regra as (
          select iv.unidade_negocio_id, date_trunc('month', iv.em at time zone u.time_zone)::date as mes, iv.produto_id,
                 sum(iv.quantidade) as quantidade, sum(iv.receita) as receita, count(*)::int as linhas
            from itens_vendidos iv join unidades_negocio u on u.id = iv.unidade_negocio_id
           where iv.tenant_id = ${t.tenantId}
           group by 1, 2, 3
        ),
        rollup as (select * from itens_vendidos_mes m where m.tenant_id = ${t.tenantId})
        select coalesce(r.unidade_negocio_id, g.unidade_negocio_id)::text as unidade, coalesce(r.mes, g.mes)::text as mes,
               coalesce(r.produto_id, g.produto_id)::text as produto,
               (r.quantidade, r.receita, r.linhas)::text as rollup, (g.quantidade, g.receita, g.linhas)::text as regra
          from rollup r full join regra g
            on g.unidade_negocio_id = r.unidade_negocio_id and g.mes = r.mes and g.produto_id = r.produto_id
         where r.produto_id is null or g.produto_id is null
            or r.quantidade <> g.quantidade or r.receita <> g.receita or r.linhas <> g.linhas`,
  );
  const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from itens_vendidos_mes where tenant_id = ${t.tenantId}`,
  );
  return { diferencas, chaves: n };
};

describe('itens_vendidos_mes (the monthly rollup of products)', () => {
  it('equals itens_vendidos per month and product after sales, a later finalisation, a return, a cancellation, a moved sale and a new time zone', async () => {
    const t = await newTenant(ctx);
    await abrirCaixa(ctx, t, 100);
    const formas = await formasDoTenant(ctx, t);
    const petisco = await novoProduto(ctx, t, { nome: 'Petisco Bifinho', precoVenda: 12.5, estoque: 50 });
    const racao = await novoProduto(ctx, t, { nome: 'Ração Premier 10 kg', precoVenda: 150, estoque: 20 });
    const areia = await novoProduto(ctx, t, { nome: 'Areia 4 kg', precoVenda: 3.33, estoque: 50 });

    // Two sales by the till, one with a discount that leaves repeating decimals (÷ 187,50).
    const a = await vendaFinalizada(ctx, t, {
      itens: [
        { produto: petisco, quantidade: 3 },
        { produto: racao, quantidade: 1 },
      ],
      desconto: 10,
      tipoDesconto: 'Valor',
    });
    await vendaFinalizada(ctx, t, {
      itens: [
        { produto: petisco, quantidade: 1 },
        { produto: areia, quantidade: 3 },
      ],
      desconto: 7,
      tipoDesconto: 'Percentual',
    });
    expect(await comparar(t)).toEqual({ diferencas: [], chaves: 3 });

    // A draft finalised later by the till.
    const rascunho = await pdvOk(ctx, t.headers, 'snapshot', {
      venda: vendaInput({ itens: [{ produto: racao, quantidade: 2 }], desconto: 3.01 }),
    });
    expect((await comparar(t)).chaves).toBe(3);
    const finalizada = await pdvOk(ctx, t.headers, 'salvar-venda', {
      ...vendaInput({ id: rascunho.id, itens: [{ id: rascunho.itens[0]!.id, produto: racao, quantidade: 2 }], desconto: 3.01 }),
      financeiros: [pagamento(formas.dinheiro, 400)],
    });
    expect(finalizada.status).toBe('Finalizada');
    expect((await comparar(t)).diferencas).toEqual([]);

    // A return of one treat of the first sale.
    const dev = await ctx.app.inject({
      method: 'POST',
      url: '/api/comercial/devolucoes',
      headers: t.headers,
      payload: { vendaId: a.id, itens: [{ vendaItemId: a.itens[0]!.id, quantidade: 1 }], reembolso: 'dinheiro' },
    });
    expect(dev.statusCode, dev.body).toBe(201);
    expect((await comparar(t)).diferencas).toEqual([]);

    // A sale of a product sold nowhere else, cancelled: its key leaves the rollup.
    const bolinha = await novoProduto(ctx, t, { nome: 'Bolinha', precoVenda: 0.99, estoque: 50 });
    const outra = await vendaFinalizada(ctx, t, { itens: [{ produto: bolinha, quantidade: 7 }] });
    expect((await comparar(t)).chaves).toBe(4);
    const cancelada = await ctx.app.inject({
      method: 'DELETE',
      url: `${PDV}/excluir-venda/${outra.id}?motivo=${encodeURIComponent('Cliente desistiu')}`,
      headers: t.headers,
    });
    expect(cancelada.statusCode, cancelada.body).toBe(200);
    expect(await comparar(t)).toEqual({ diferencas: [], chaves: 3 });

    // The first sale moved 40 days back (its rows are updated by the sale's trigger): two months now.
    await ctx.database.db.execute(
      sql`update vendas set data_finalizacao = data_finalizacao - interval '40 days' where id = ${a.id}`,
    );
    const depois = await comparar(t);
    expect(depois.diferencas).toEqual([]);
    expect(depois.chaves).toBe(5);

    // A new time zone for the unit: its months rebuilt in that zone.
    await ctx.database.db.execute(
      sql`update unidades_negocio set time_zone = 'Pacific/Kiritimati' where id = ${t.unidadeNegocioId}`,
    );
    expect((await comparar(t)).diferencas).toEqual([]);
  });

  it('the ABC curve over whole months and loose days has the rows’ revenue and quantity of each product', async () => {
    const t = await newTenant(ctx);
    await abrirCaixa(ctx, t, 100);
    const petisco = await novoProduto(ctx, t, { nome: 'Petisco Bifinho', precoVenda: 12.5, estoque: 50 });
    const racao = await novoProduto(ctx, t, { nome: 'Ração Premier 10 kg', precoVenda: 150, estoque: 20 });
    const a = await vendaFinalizada(ctx, t, {
      itens: [
        { produto: petisco, quantidade: 3 },
        { produto: racao, quantidade: 1 },
      ],
      desconto: 10,
      tipoDesconto: 'Valor',
    });
    await vendaFinalizada(ctx, t, { itens: [{ produto: petisco, quantidade: 2 }], desconto: 1, tipoDesconto: 'Valor' });
    // One sale 35 days back: in the loose days or a whole month of the period below, whatever today is.
    await ctx.database.db.execute(
      sql`update vendas set data_finalizacao = data_finalizacao - interval '35 days' where id = ${a.id}`,
    );
    const [{ hoje } = { hoje: '' }] = await queryRows<{ hoje: string }>(
      ctx.database.db,
      sql`select (now() at time zone u.time_zone)::date::text as hoje from unidades_negocio u where u.id = ${t.unidadeNegocioId}`,
    );
    const [ano, mes] = hoje.split('-').map(Number) as [number, number];
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    // From the 20th two months back to the end of this month: loose days, then at least one whole month.
    const periodo = { dataInicio: iso(new Date(Date.UTC(ano, mes - 3, 20))), dataFim: iso(new Date(Date.UTC(ano, mes, 0))) };
    expect(dividirPeriodo(periodo).meses).not.toBeNull();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/relatorios/curva-abc-produtos?dataInicio=${periodo.dataInicio}&dataFim=${periodo.dataFim}`,
      headers: t.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const corpo = res.json() as { items: { produtoId: string; faturamento: number; quantidade: number }[] };
    const regra = await queryRows<{ produto_id: string; faturamento: string; quantidade: string }>(
      ctx.database.db,
      sql`select iv.produto_id::text, round(sum(iv.receita), 2)::text as faturamento, round(sum(iv.quantidade), 3)::text as quantidade
            from itens_vendidos iv join unidades_negocio u on u.id = iv.unidade_negocio_id
           where iv.unidade_negocio_id = ${t.unidadeNegocioId}
             and iv.em >= (${periodo.dataInicio}::date::timestamp at time zone u.time_zone)
             and iv.em < ((${periodo.dataFim}::date + 1)::timestamp at time zone u.time_zone)
           group by iv.produto_id order by sum(iv.receita) desc`,
    );
    expect(regra.length).toBe(2);
    expect(corpo.items.map((i) => [i.produtoId, i.faturamento, i.quantidade])).toEqual(
      regra.map((r) => [r.produto_id, Number(r.faturamento), Number(r.quantidade)]),
    );
  });

  it('cuts a period into whole months and loose days', () => {
    expect(dividirPeriodo({ dataInicio: '2025-12-01', dataFim: '2026-11-30' })).toEqual({
      meses: { inicio: '2025-12-01', fim: '2026-12-01' },
      dias: [],
    });
    expect(dividirPeriodo({ dataInicio: '2025-12-15', dataFim: '2026-02-10' })).toEqual({
      meses: { inicio: '2026-01-01', fim: '2026-02-01' },
      dias: [
        { dataInicio: '2025-12-15', dataFim: '2025-12-31' },
        { dataInicio: '2026-02-01', dataFim: '2026-02-10' },
      ],
    });
    expect(dividirPeriodo({ dataInicio: '2026-02-02', dataFim: '2026-02-28' })).toEqual({
      meses: null,
      dias: [{ dataInicio: '2026-02-02', dataFim: '2026-02-28' }],
    });
    expect(dividirPeriodo({ dataInicio: '2024-02-01', dataFim: '2024-02-29' })).toEqual({
      meses: { inicio: '2024-02-01', fim: '2024-03-01' },
      dias: [],
    });
  });
});
