/**
 * The sales reports (issue #20): vendas-por-produto and vendas-por-categoria, on the hand-computed
 * month of ./relatorios-fixtures.ts (every expected figure worked out by hand there), and the
 * fixture itself read through the one net-sales rule (`itensVendidosSql`).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { itensVendidosSql } from '../src/modules/relatorios/vendas-liquidas.ts';
import { newTenant, useTestApp } from './helper.ts';
import { cenarioRelatorios, ESPERADO } from './relatorios-fixtures.ts';

const ctx = useTestApp();
const TZ = 'America/Sao_Paulo';

describe('the reports fixture through the net-sales rule', () => {
  it('gives the hand-computed figures per product and customer; other unit, cancelled and next month out', async () => {
    const t = await newTenant(ctx);
    const c = await cenarioRelatorios(ctx, t, { mes: '2026-03' });
    const periodo = { dataInicio: c.dataInicio, dataFim: c.dataFim };
    expect(periodo).toEqual({ dataInicio: '2026-03-01', dataFim: '2026-03-31' });
    const ler = (unidadeNegocioId: string, by: 'produto_id' | 'cliente_id') =>
      withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId }, async (tx) => {
        const rows = await queryRows<{ id: string; quantidade: string; receita: string; custo: string }>(
          tx,
          sql`
          with itens as (${itensVendidosSql(periodo, TZ)})
          select ${sql.raw(by)} as id, sum(quantidade) as quantidade, round(sum(receita), 2) as receita,
                 round(sum(custo), 2) as custo
            from itens group by 1`,
        );
        return Object.fromEntries(
          rows.map((r) => [r.id, { quantidade: Number(r.quantidade), receita: Number(r.receita), custo: Number(r.custo) }]),
        );
      });
    const porProduto = await ler(t.unidadeNegocioId, 'produto_id');
    const e = ESPERADO.produtos;
    expect(porProduto).toEqual({
      [c.produtos.p1.id]: { quantidade: e.p1.quantidade, receita: e.p1.faturamento, custo: e.p1.custo },
      [c.produtos.p2.id]: { quantidade: e.p2.quantidade, receita: e.p2.faturamento, custo: e.p2.custo },
      [c.produtos.p3.id]: { quantidade: e.p3.quantidade, receita: e.p3.faturamento, custo: e.p3.custo },
    });
    const porCliente = await ler(t.unidadeNegocioId, 'cliente_id');
    expect(Object.fromEntries(Object.entries(porCliente).map(([k, v]) => [k, v.receita]))).toEqual({
      [c.clientes.ana]: ESPERADO.clientes.ana.faturamento,
      [c.clientes.bruno]: ESPERADO.clientes.bruno.faturamento,
      [c.clientes.carla]: ESPERADO.clientes.carla.faturamento,
    });
    // Three sales (S1, S2, S3 at 23:30 on the 31st); the return is none.
    const [mes] = await withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId: t.unidadeNegocioId }, (tx) =>
      queryRows<{ vendas: string; receita: string }>(
        tx,
        sql`select count(distinct venda_id) filter (where not devolucao) as vendas, sum(receita) as receita
              from (${itensVendidosSql(periodo, TZ)}) x`,
      ),
    );
    expect({ vendas: Number(mes!.vendas), receita: Number(mes!.receita) }).toEqual({
      vendas: ESPERADO.mes.numeroVendas,
      receita: ESPERADO.mes.faturamento,
    });
    // The second unit sees only its own sale S6 (P1 2 × 100,00).
    expect(await ler(c.outraUnidade.id, 'produto_id')).toEqual({
      [c.produtos.p1.id]: { quantidade: 2, receita: 200, custo: 120 },
    });
    // April holds S5 (00:30 on 01/04) alone.
    const abril = await withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId: t.unidadeNegocioId }, (tx) =>
      queryRows<{ receita: string }>(
        tx,
        sql`select sum(receita) as receita from (${itensVendidosSql({ dataInicio: '2026-04-01', dataFim: '2026-04-30' }, TZ)}) x`,
      ),
    );
    expect(Number(abril[0]!.receita)).toBe(100);
  });
});
