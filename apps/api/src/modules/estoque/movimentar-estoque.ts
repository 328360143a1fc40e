/**
 * The one way stock changes (DOMAIN.md §4; issue #4 item 4): moves the balance of products in
 * the scope's unit and writes the ledger, inside the caller's transaction.
 *
 * Concurrency: the balance row is upserted with `quantidade = quantidade + delta`, which takes
 * its row lock until the transaction ends; the result is checked after the update, so two
 * tills selling the last units at once are serialised and the second one sees the first's
 * result (no lost update, no oversell). Lines are applied in product id order so two sales
 * with the same products never deadlock.
 *
 * Products that are services or do not control stock are skipped (no balance, no ledger).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { formatQuantidade } from '@petshop/shared/format';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { movimentacoesEstoque, produtos, unidadesMedida } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';

export type TipoMovimentacaoEstoque =
  | 'entrada_compra'
  | 'saida_venda'
  | 'entrada_devolucao'
  | 'estorno_venda'
  | 'ajuste_entrada'
  | 'ajuste_saida'
  | 'saida_granel'
  | 'entrada_granel'
  | 'cancelamento_compra';

export type LinhaEstoque = {
  produtoId: string;
  /** Signed, in the product's unit: + in, − out. */
  quantidade: number;
  /** Cost per unit for entries (reais); outs use the balance's average cost. */
  custoUnitario?: number;
  /**
   * Lots of an entry of a lot-controlled product (purchases): their quantities add up to
   * `quantidade`. Outs of such products consume lots first-expired-first-out by themselves.
   */
  lotes?: readonly { numero: string; dataFabricacao: string | null; dataValidade: string | null; quantidade: number }[];
};

export type MovimentoEstoque = {
  tipo: TipoMovimentacaoEstoque;
  origem: 'venda' | 'devolucao' | 'compra' | 'ajuste' | 'granel';
  origemId?: string | null;
  usuarioId: string;
  observacao?: string | null;
  /** Whether a line may leave the balance below zero (the unit's setting; adjustments may). */
  permitirNegativo: boolean;
};

export type SaldoMovimentado = { produtoId: string; saldo: number };

/**
 * Applies `linhas` (several lines of one product are summed). 400 with the product's name and
 * what is available when an out would take a controlled product below zero and
 * `permitirNegativo` is false; the caller's transaction then rolls back everything.
 * Entries with a cost update the weighted average cost. Answers the resulting balances.
 */
export const movimentarEstoque = async (
  tx: Db,
  linhas: readonly LinhaEstoque[],
  movimento: MovimentoEstoque,
): Promise<SaldoMovimentado[]> => {
  const porProduto = new Map<string, { quantidade: number; custo: number | undefined }>();
  for (const l of linhas) {
    const atual = porProduto.get(l.produtoId);
    // Thousandths keep the sum exact.
    const q = Math.round(l.quantidade * 1000);
    porProduto.set(l.produtoId, { quantidade: (atual?.quantidade ?? 0) + q, custo: l.custoUnitario ?? atual?.custo });
  }
  if (porProduto.size === 0) return [];
  const ids = [...porProduto.keys()].sort();
  const info = await tx
    .select({
      id: produtos.id,
      nome: produtos.nome,
      tipo: produtos.tipo,
      controlaEstoque: produtos.controlaEstoque,
      sigla: unidadesMedida.sigla,
      permiteVendaFracionada: unidadesMedida.permiteVendaFracionada,
    })
    .from(produtos)
    .innerJoin(unidadesMedida, eq(unidadesMedida.id, produtos.unidadeMedidaId))
    .where(inArray(produtos.id, ids));
  const byId = new Map(info.map((p) => [p.id, p]));
  type Linha = { produtoId: string; milesimos: number; delta: string; custoEntrada: string | null };
  const aplicar: Linha[] = [];
  for (const produtoId of ids) {
    const produto = byId.get(produtoId);
    if (!produto) throw badRequest('Produto não encontrado');
    if (produto.tipo === 'servico' || !produto.controlaEstoque) continue;
    const { quantidade: milesimos, custo } = porProduto.get(produtoId)!;
    if (milesimos === 0) continue;
    const custoEntrada = custo !== undefined && milesimos > 0 ? custo.toFixed(4) : null;
    aplicar.push({ produtoId, milesimos, delta: (milesimos / 1000).toFixed(3), custoEntrada });
  }
  if (aplicar.length === 0) return [];

  // Every balance in one statement (two with costs), rows in product id order (the lock
  // order), instead of one round trip per product.
  const resultado = new Map<string, { quantidade: string; custo_medio: string }>();
  const ordem = sql`order by v.produto_id`;
  if (aplicar.every((l) => l.custoEntrada === null)) {
    const valores = sql.join(
      aplicar.map((l) => sql`(${l.produtoId}::uuid, ${l.delta}::numeric)`),
      sql`, `,
    );
    const rows = await queryRows<{ produto_id: string; quantidade: string; custo_medio: string }>(
      tx,
      sql`insert into estoques (produto_id, quantidade)
          select v.produto_id, v.delta from (values ${valores}) as v(produto_id, delta) ${ordem}
          on conflict (unidade_negocio_id, produto_id) do update set
            quantidade = estoques.quantidade + excluded.quantidade, updated_at = now()
          returning produto_id, quantidade, custo_medio`,
    );
    for (const r of rows) resultado.set(r.produto_id, r);
  } else {
    // Entries with a cost also move the weighted average: lock (and create) the rows in order,
    // then one update computes balance and average from the locked values.
    const valores = sql.join(
      aplicar.map((l) => sql`(${l.produtoId}::uuid, ${l.delta}::numeric, ${l.custoEntrada}::numeric)`),
      sql`, `,
    );
    await tx.execute(sql`insert into estoques (produto_id)
        select v.produto_id from (values ${valores}) as v(produto_id, delta, custo) ${ordem}
        on conflict (unidade_negocio_id, produto_id) do update set updated_at = now()`);
    const rows = await queryRows<{ produto_id: string; quantidade: string; custo_medio: string }>(
      tx,
      sql`update estoques e set
            quantidade = e.quantidade + v.delta,
            custo_medio = case
              when v.custo is not null and e.quantidade + v.delta > 0
                then round((greatest(e.quantidade, 0) * e.custo_medio + v.delta * v.custo) / (greatest(e.quantidade, 0) + v.delta), 4)
              else e.custo_medio end,
            updated_at = now()
          from (values ${valores}) as v(produto_id, delta, custo)
          where e.produto_id = v.produto_id
          returning e.produto_id, e.quantidade, e.custo_medio`,
    );
    for (const r of rows) resultado.set(r.produto_id, r);
  }

  const saldos: SaldoMovimentado[] = [];
  for (const l of aplicar) {
    const row = resultado.get(l.produtoId)!;
    const saldo = Number(row.quantidade);
    if (l.milesimos < 0 && saldo < 0 && !movimento.permitirNegativo) {
      const produto = byId.get(l.produtoId)!;
      const unidade = { sigla: produto.sigla, permiteVendaFracionada: produto.permiteVendaFracionada };
      const disponivel = Math.max(0, saldo - l.milesimos / 1000);
      throw badRequest(`Estoque insuficiente de "${produto.nome}": disponível ${formatQuantidade(disponivel, unidade)}`);
    }
    saldos.push({ produtoId: l.produtoId, saldo });
  }
  // The ledger: one insert for all lines.
  await tx.insert(movimentacoesEstoque).values(
    aplicar.map((l) => {
      const row = resultado.get(l.produtoId)!;
      return {
        produtoId: l.produtoId,
        tipo: movimento.tipo,
        quantidade: l.delta,
        custoUnitario: l.custoEntrada ?? row.custo_medio,
        saldoResultante: row.quantidade,
        origem: movimento.origem,
        origemId: movimento.origemId ?? null,
        observacao: movimento.observacao ?? null,
        usuarioId: movimento.usuarioId,
      };
    }),
  );
  return saldos;
};
