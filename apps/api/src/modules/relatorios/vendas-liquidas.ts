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
 * The fragment is a `select` usable as a CTE or a subquery; its columns:
 * `venda_id uuid, produto_id uuid, cliente_id uuid | null, usuario_id uuid, em timestamptz,
 * quantidade numeric, receita numeric (reais), custo numeric (reais), devolucao boolean`.
 * Reads use the indexes `vendas_unidade_finalizacao_idx` and `devolucoes_unidade_created_idx`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PeriodoRelatorio } from '@petshop/shared/relatorios';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { instantesDoPeriodo } from './periodo.ts';

/** See the file's comment. `timeZone`: the unit's. */
export const itensVendidosSql = (periodo: PeriodoRelatorio, timeZone: string): SQL => {
  const { inicio, fim } = instantesDoPeriodo(periodo, timeZone);
  return sql`
    select vi.venda_id, vi.produto_id, v.cliente_id, v.usuario_id, v.data_finalizacao as em,
           vi.quantidade::numeric as quantidade,
           coalesce(vi.valor_total * (v.valor_liquido - v.valor_entrega_frete)
                    / nullif(sum(vi.valor_total) over (partition by vi.venda_id), 0), 0)::numeric as receita,
           (vi.quantidade * vi.preco_custo)::numeric as custo,
           false as devolucao
      from vendas v
      join venda_itens vi on vi.venda_id = v.id
     where v.unidade_negocio_id = ${currentUnidadeNegocioId}
       and v.status = 'Finalizada' and v.tipo = 'Venda'
       and v.data_finalizacao >= ${inicio} and v.data_finalizacao < ${fim}
    union all
    select v.id as venda_id, di.produto_id, v.cliente_id, v.usuario_id, d.created_at as em,
           -di.quantidade::numeric as quantidade,
           -di.valor_total::numeric as receita,
           -(di.quantidade * vi.preco_custo)::numeric as custo,
           true as devolucao
      from devolucoes d
      join devolucao_itens di on di.devolucao_id = d.id
      join venda_itens vi on vi.id = di.venda_item_id
      join vendas v on v.id = d.venda_id
     where d.unidade_negocio_id = ${currentUnidadeNegocioId}
       and v.status <> 'Cancelada'
       and d.created_at >= ${inicio} and d.created_at < ${fim}`;
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
  return sql`
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
};
