/**
 * The reports' two rollups (`itens_vendidos`, `pagamentos_vendidos`; relatorios/vendas-liquidas.ts)
 * written by the till for the sale it finalises, in that sale's own round trip (issue #20
 * follow-up, migration 0032): no deferred trigger, no second read of the sale at COMMIT. Every
 * other path (a sale finalised later, cancelled, paid off or returned; its payments changed) is
 * kept by the triggers of 0026–0032, which skip this sale because `marcarRollupsDaVenda` names it.
 *
 * The rows are computed by PostgreSQL with the triggers' own formulas on the values as stored
 * (numeric(14,2) money, numeric(14,3) quantities), so they equal the triggers' rows to the last
 * digit: receita = valor_total × (valor_liquido − frete) ÷ Σ valor_total, custo = quantidade ×
 * preco_custo, em = data_finalizacao = now(); payments Σ valor per method.
 */
import type { Db } from '../../../db/client.ts';
import { DeferredQuery } from '../../../db/deferred-query.ts';
import { executeText } from '../../../db/prepared-select.ts';

/**
 * Names sale `vendaId` in the transaction-local setting `app.rollups_venda`: the rollup triggers'
 * WHEN skip its insert or update and its payments' inserts (no event queued). Must be issued
 * BEFORE the sale's row is written, and `escreverRollupsDaVenda` after its items and payments.
 */
export const marcarRollupsDaVenda = (tx: Db, vendaId: string): Promise<void> =>
  executeText(tx, MARCAR, [vendaId]).then(() => undefined);

/**
 * The two statements' texts, fixed: run with `executeText` (no Drizzle `sql` template built per
 * sale: building the rollups' one, 11 parameters, cost more of the server's CPU than PostgreSQL
 * spends running it). db/pg-client.ts prepares each once per connection.
 */
const MARCAR = `select set_config('app.rollups_venda', $1, true)`;

export type RollupsDaVenda = {
  vendaId: string;
  clienteId: string | null;
  /** The sale row's user (its creator). */
  usuarioId: string;
  /** The sale's liquid value and freight (reais, numeric text as stored). */
  valorLiquido: string;
  valorEntregaFrete: string;
  /** Every item as stored: id, product, quantity (3 decimals), total and cost price (reais). */
  itens: readonly { id: string; produtoId: string; quantidade: string; valorTotal: string; precoCusto: string }[];
  /** Every payment of the sale (stored and new): method and value (reais). */
  pagamentos: readonly { formaPagamentoId: string; valor: string }[];
};

const lista = (values: readonly string[]) => values.join(',');

/**
 * One statement: the sale's `itens_vendidos` rows (one per item) and `pagamentos_vendidos` rows (one
 * per method), for a sale written Finalizada of type Venda in this transaction with no rollup rows
 * yet (a draft has none). Tenant and unit come from the scope (the columns' defaults, RLS checks).
 * Its text never changes (arrays travel as comma-separated text), so it is prepared once per connection.
 * Lazy (db/deferred-query.ts): issued when awaited or handed to `runTogether`, so it follows the
 * sale's items and payments handed before it.
 */
export const escreverRollupsDaVenda = (tx: Db, r: RollupsDaVenda): Promise<void> => new DeferredQuery(() => escrever(tx, r));

const ESCREVER = `with i as (
    select * from unnest(string_to_array($1, ',')::uuid[],
                         string_to_array($2, ',')::uuid[],
                         string_to_array($3, ',')::numeric(14,3)[],
                         string_to_array($4, ',')::numeric(14,2)[],
                         string_to_array($5, ',')::numeric(14,2)[])
             as i(id, produto_id, quantidade, valor_total, preco_custo)
  ),
  p as (
    insert into pagamentos_vendidos (venda_id, forma_pagamento_id, em, valor)
    select $6::uuid, f.forma, now(), sum(f.valor)
      from unnest(string_to_array($7, ',')::uuid[], string_to_array($8, ',')::numeric(14,2)[]) as f(forma, valor)
     group by f.forma
  )
  insert into itens_vendidos (venda_id, venda_item_id, produto_id, cliente_id, usuario_id, em, quantidade, receita, custo)
  select $6::uuid, i.id, i.produto_id, $9::uuid, $10::uuid, now(), i.quantidade,
         coalesce(i.valor_total * ($11::numeric(14,2) - $12::numeric(14,2)) / nullif(sum(i.valor_total) over (), 0), 0),
         i.quantidade * i.preco_custo
    from i`;

const escrever = (tx: Db, r: RollupsDaVenda): Promise<void> =>
  executeText(tx, ESCREVER, [
    lista(r.itens.map((i) => i.id)),
    lista(r.itens.map((i) => i.produtoId)),
    lista(r.itens.map((i) => i.quantidade)),
    lista(r.itens.map((i) => i.valorTotal)),
    lista(r.itens.map((i) => i.precoCusto)),
    r.vendaId,
    lista(r.pagamentos.map((p) => p.formaPagamentoId)),
    lista(r.pagamentos.map((p) => p.valor)),
    r.clienteId,
    r.usuarioId,
    r.valorLiquido,
    r.valorEntregaFrete,
  ]).then(() => undefined);
