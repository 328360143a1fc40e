/**
 * What was sold in a period, net, as every sales report and the home page count it (one rule:
 * `CRITERIO_VENDAS` in @petshop/shared/relatorios, DOMAIN.md §11):
 *
 * - a line per item of each sale of the scope's unit FINALISED in the period (`data_finalizacao`
 *   in the unit's days), cancelled sales never (a sale cancelled later leaves every report);
 * - its revenue is the item's total less its share of the sale's discount, in proportion to
 *   the items' totals: `valor_total × (valor_liquido − frete) ÷ Σ valor_total` (freight is not a
 *   product's revenue); its cost is `quantidade × preco_custo` (the cost when sold);
 * - a NEGATIVE line per item returned in the period (`devolucoes.created_at`), whatever the
 *   sale's date: quantity and the refunded value (`devolucao_itens.valor_total`, already net of
 *   the discount) subtracted, the cost of the returned units subtracted (they went back to
 *   stock). So a month's figures are gross sales minus that month's returns, as the books read.
 *
 * Those lines are kept, as the sales happen, in the rollup table `itens_vendidos` (db/schema/comercial.ts,
 * migration 0026: database triggers in the sale's and the return's own transaction, so every path
 * that finalises, cancels or returns keeps it true; the till writes the rows of the sale it
 * finalises itself, in that sale's round trip, by the same formulas: comercial/vendas/rollups-venda.ts,
 * migration 0032); reading a month is one index-only range scan instead of joining the month's
 * sales to every sale item and spreading the discounts again.
 *
 * The fragment is a `select` usable as a CTE or a subquery; its columns:
 * `venda_id uuid, produto_id uuid, cliente_id uuid | null, usuario_id uuid, em timestamptz,
 * quantidade numeric, receita numeric (reais), custo numeric (reais), devolucao boolean`.
 * `vendasLiquidasSql` reads `vendas_indicadores_idx` (index-only) and `devolucoes_unidade_created_idx`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PeriodoRelatorio } from '@petshop/shared/relatorios';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { instantesDoPeriodo } from './periodo.ts';

/** See the file's comment. `timeZone`: the unit's. Reads the rollup `itens_vendidos`. */
export const itensVendidosSql = (periodo: PeriodoRelatorio, timeZone: string): SQL => {
  const { inicio, fim } = instantesDoPeriodo(periodo, timeZone);
  return sql`
    select iv.venda_id, iv.produto_id, iv.cliente_id, iv.usuario_id, iv.em, iv.quantidade, iv.receita, iv.custo,
           iv.devolucao_item_id is not null as devolucao
      from itens_vendidos iv
     where iv.unidade_negocio_id = ${currentUnidadeNegocioId}
       and iv.em >= ${inicio} and iv.em < ${fim}`;
};

/**
 * The same rule as `itensVendidosSql` at the SALE's grain, for figures that need no product
 * (revenue totals, number of sales, the home page's indicators): one line per sale finalised in
 * the period with `receita = valor_liquido − valor_entrega_frete` (exactly Σ of its items'
 * prorated revenue: Σ valor_total × (liquido − frete) ÷ Σ valor_total), and one NEGATIVE line per
 * return in the period with `receita = −Σ devolucao_itens.valor_total`. So Σ receita equals
 * itensVendidosSql's to the cent, reading `vendas` alone (no item, no window): tens of thousands
 * of rows a month instead of hundreds of thousands. Columns: `venda_id uuid, cliente_id uuid |
 * null, usuario_id uuid, em timestamptz, receita numeric (reais), devolucao boolean`.
 * Added for GET /api/indicadores (issue #20 item 2, helper H6).
 */
export const vendasLiquidasSql = (periodo: PeriodoRelatorio, timeZone: string): SQL => {
  const { inicio, fim } = instantesDoPeriodo(periodo, timeZone);
  return vendasLiquidasEntreSql(inicio, fim);
};

/**
 * `vendasLiquidasSql` between two instants given as SQL (`inicio` inclusive, `fim` exclusive,
 * timestamptz), e.g. a LATERAL's day bounds: the home page sums each day by its own index range
 * (modules/indicadores) instead of converting every sale's instant to the unit's day.
 */
export const vendasLiquidasEntreSql = (inicio: SQL, fim: SQL): SQL =>
  sql`
    select v.id as venda_id, v.cliente_id, v.usuario_id, v.data_finalizacao as em,
           (v.valor_liquido - v.valor_entrega_frete)::numeric as receita,
           false as devolucao
      from vendas v
     where v.unidade_negocio_id = ${currentUnidadeNegocioId}
       and v.status = 'Finalizada' and v.tipo = 'Venda'
       and v.data_finalizacao >= ${inicio} and v.data_finalizacao < ${fim}
    union all
    select v.id as venda_id, v.cliente_id, v.usuario_id, d.created_at as em,
           -(select coalesce(sum(di.valor_total), 0) from devolucao_itens di where di.devolucao_id = d.id)::numeric as receita,
           true as devolucao
      from devolucoes d
      join vendas v on v.id = d.venda_id
     where d.unidade_negocio_id = ${currentUnidadeNegocioId}
       and v.status <> 'Cancelada'
       and d.created_at >= ${inicio} and d.created_at < ${fim}`;
