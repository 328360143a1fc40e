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
 *
 * Lots (issue #5 item 2), only for products with `controla_lote` (the others cost no extra
 * query): the ledger gets one row per lot touched (`lote_id`), the lot rows are updated after
 * the balance, so the balance row's lock (taken first by every writer) serialises every lot
 * change of a product and no two writers can deadlock on lots.
 * - An entry with `lotes` upserts each lot (unit + product + number; a later entry of the same
 *   number adds to it and keeps the dates the new entry leaves null). An entry of `loteId`
 *   adds to that lot. Other entries go to no lot, except reversals (below).
 * - An out with `loteId` takes from that lot (as much as it has); the rest, and every other
 *   out, consumes lots first-expired-first-out (earliest `data_validade`, no expiry last,
 *   then oldest), locking them `for update` in that order; what the lots do not cover is a
 *   row without lot. The insufficient-stock check stays on the product balance.
 * - Reversals go back to the lots of the origin document, read from the ledger: an
 *   `estorno_venda` / `entrada_devolucao` entry refills the lots the sale's `saida_venda`
 *   consumed (less what earlier reversals of that sale already put back), newest consumption
 *   first (within one sale: the latest expiry first, the reverse of FEFO); a
 *   `cancelamento_compra` out takes first from the lots the purchase's `entrada_compra` rows
 *   filled (less what earlier cancellations took, at most what each lot still has), then FEFO.
 *   The document is `origemLotesId` when given, else `origemId` (for an `entrada_devolucao`
 *   of origem 'devolucao': the sale of that return). What the origin's lots do not cover
 *   goes to no lot.
 */
import { eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TipoMovimentacaoEstoque } from '@petshop/shared/estoque';
import { formatQuantidade } from '@petshop/shared/format';
import type { Db } from '../../db/client.ts';
import { preparedSelect } from '../../db/prepared-select.ts';
import { queryRows } from '../../db/rows.ts';
import { movimentacoesEstoque, produtos, unidadesMedida } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { movimentarLotes, type ParteLote } from './lotes-movimento.ts';

export type { TipoMovimentacaoEstoque };

export type LinhaEstoque = {
  produtoId: string;
  /** Signed, in the product's unit: + in, − out. */
  quantidade: number;
  /** Cost per unit for entries (reais); outs use the balance's average cost. */
  custoUnitario?: number;
  /**
   * Lots of an entry of a lot-controlled product (purchases): their quantities add up to
   * `quantidade` (else 400, general message naming the product; lots on an out line: 400).
   * Ignored for products that do not control lots. Outs of such products consume lots
   * first-expired-first-out by themselves.
   */
  lotes?: readonly { numero: string; dataFabricacao: string | null; dataValidade: string | null; quantidade: number }[];
  /**
   * An existing lot of the product (lot-controlled products only; ignored for the others):
   * an entry adds to it, an out takes from it first (the rest FEFO). 400 when the lot is not
   * the product's in the scope's unit.
   */
  loteId?: string | null;
};

export type MovimentoEstoque = {
  tipo: TipoMovimentacaoEstoque;
  /** 'vacina': a dose applied at the clinic (issue #19), origemId = the applied dose. */
  origem: 'venda' | 'devolucao' | 'compra' | 'ajuste' | 'granel' | 'vacina';
  origemId?: string | null;
  usuarioId: string;
  observacao?: string | null;
  /** Whether a line may leave the balance below zero (the unit's setting; adjustments may). */
  permitirNegativo: boolean;
  /**
   * The document whose lots a reversal goes back into / out of (see the file's comment):
   * the sale for `estorno_venda` / `entrada_devolucao`, the purchase for `cancelamento_compra`.
   * Default `origemId` (for an `entrada_devolucao` of origem 'devolucao', that return's sale).
   */
  origemLotesId?: string | null;
  /**
   * The caller's own read of these products in this transaction (`listProdutosEstoque`), so
   * they are not read twice. Default: read here.
   */
  produtos?: ReadonlyMap<string, ProdutoEstoque>;
};

export type SaldoMovimentado = { produtoId: string; saldo: number };

/** What moving a product's stock needs to know of it (`listProdutosEstoque`). */
export type ProdutoEstoque = {
  id: string;
  nome: string;
  tipo: string;
  controlaEstoque: boolean;
  controlaLote: boolean;
  sigla: string;
  permiteVendaFracionada: boolean;
};

const colunasProdutoEstoque = {
  id: produtos.id,
  nome: produtos.nome,
  tipo: produtos.tipo,
  controlaEstoque: produtos.controlaEstoque,
  controlaLote: produtos.controlaLote,
  sigla: unidadesMedida.sigla,
  permiteVendaFracionada: unidadesMedida.permiteVendaFracionada,
};

/**
 * Products `ids` of the tenant with their unit of measure, by id (absent ids are missing): what
 * `ProdutoEstoque` needs, plus the caller's `extras` columns of `produtos` (a sale reads its
 * prices in the same statement and passes the result on as `MovimentoEstoque.produtos`).
 */
export const listProdutosEstoque = async <T extends ProdutoEstoque = ProdutoEstoque>(
  tx: Db,
  ids: readonly string[],
  /** Columns of `produtos` beyond `ProdutoEstoque`, named as in `T`: a constant of the caller's module. */
  extras: Record<string, PgColumn> = SEM_EXTRAS,
): Promise<Map<string, T>> => {
  if (ids.length === 0) return new Map();
  const rows = (await produtosQuery(extras)(tx, { ids: [...new Set(ids)] })) as unknown as T[];
  return new Map(rows.map((p) => [p.id, p] as const));
};

const SEM_EXTRAS: Record<string, PgColumn> = {};

/** The statement of `listProdutosEstoque` per `extras` object, built once (db/prepared-select.ts). */
const queries = new WeakMap<Record<string, PgColumn>, ReturnType<typeof buildProdutosQuery>>();
const buildProdutosQuery = (extras: Record<string, PgColumn>) =>
  preparedSelect((qb) =>
    qb
      .select({ ...colunasProdutoEstoque, ...extras })
      .from(produtos)
      .innerJoin(unidadesMedida, eq(unidadesMedida.id, produtos.unidadeMedidaId))
      .where(sql`${produtos.id} = any(${sql.placeholder('ids')})`),
  );
const produtosQuery = (extras: Record<string, PgColumn>) => {
  let consulta = queries.get(extras);
  if (!consulta) {
    consulta = buildProdutosQuery(extras);
    queries.set(extras, consulta);
  }
  return consulta;
};

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
  const byId = movimento.produtos ?? (await listProdutosEstoque(tx, ids));
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
  // order), instead of one round trip per product. The same statement writes the ledger rows of
  // the products without lots (`m`), from the balance it just produced: one statement and one
  // round trip fewer. Lot products get theirs below, once their lots have moved.
  const valores = sql.join(
    aplicar.map(
      (l) =>
        sql`(${l.produtoId}::uuid, ${l.delta}::numeric, ${l.custoEntrada}::numeric, ${!byId.get(l.produtoId)!.controlaLote}::boolean)`,
    ),
    sql`, `,
  );
  const linhasLedger = sql`m as (
      insert into movimentacoes_estoque (produto_id, tipo, quantidade, custo_unitario, saldo_resultante, origem, origem_id, observacao, usuario_id)
      select e.produto_id, ${movimento.tipo}::text, v.delta, coalesce(v.custo, e.custo_medio), e.quantidade, ${movimento.origem}::text,
             ${movimento.origemId ?? null}::uuid, ${movimento.observacao ?? null}::text, ${movimento.usuarioId}::uuid
        from e join v on v.produto_id = e.produto_id
       where v.sem_lote)`;
  type Saldo = { produto_id: string; quantidade: string; custo_medio: string };
  let rows: Saldo[];
  if (aplicar.every((l) => l.custoEntrada === null)) {
    rows = await queryRows<Saldo>(
      tx,
      sql`with v (produto_id, delta, custo, sem_lote) as (values ${valores}),
          e as (
            insert into estoques (produto_id, quantidade)
            select v.produto_id, v.delta from v order by v.produto_id
            on conflict (unidade_negocio_id, produto_id) do update set
              quantidade = estoques.quantidade + excluded.quantidade, updated_at = now()
            returning produto_id, quantidade, custo_medio),
          ${linhasLedger}
          select produto_id, quantidade, custo_medio from e`,
    );
  } else {
    // Entries with a cost also move the weighted average: lock (and create) the rows in order,
    // then one update computes balance and average from the locked values.
    await tx.execute(sql`insert into estoques (produto_id)
        select v.produto_id from (values ${valores}) as v(produto_id, delta, custo, sem_lote) order by v.produto_id
        on conflict (unidade_negocio_id, produto_id) do update set updated_at = now()`);
    rows = await queryRows<Saldo>(
      tx,
      sql`with v (produto_id, delta, custo, sem_lote) as (values ${valores}),
          e as (
            update estoques e set
              quantidade = e.quantidade + v.delta,
              custo_medio = case
                when v.custo is not null and e.quantidade + v.delta > 0
                  then round((greatest(e.quantidade, 0) * e.custo_medio + v.delta * v.custo) / (greatest(e.quantidade, 0) + v.delta), 4)
                else e.custo_medio end,
              updated_at = now()
            from v
            where e.produto_id = v.produto_id
            returning e.produto_id, e.quantidade, e.custo_medio),
          ${linhasLedger}
          select produto_id, quantidade, custo_medio from e`,
    );
  }
  const resultado = new Map(rows.map((r) => [r.produto_id, r] as const));

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

  // Lots: only products that control them (no query at all for the others).
  const partes = new Map<string, ParteLote[]>();
  for (const l of aplicar) {
    const produto = byId.get(l.produtoId)!;
    if (!produto.controlaLote) continue;
    partes.set(
      l.produtoId,
      await movimentarLotes(
        tx,
        {
          produtoId: l.produtoId,
          nome: produto.nome,
          unidade: { sigla: produto.sigla, permiteVendaFracionada: produto.permiteVendaFracionada },
          milesimos: l.milesimos,
          linhas: linhas.filter((linha) => linha.produtoId === l.produtoId),
        },
        movimento,
      ),
    );
  }

  // The ledger rows of the lot products: one per lot touched, each with the balance right
  // after it (the others were written with their balance above).
  const ledger: (typeof movimentacoesEstoque.$inferInsert)[] = [];
  for (const l of aplicar) {
    const dosLotes = partes.get(l.produtoId);
    if (!dosLotes) continue;
    const row = resultado.get(l.produtoId)!;
    let saldo = Math.round(Number(row.quantidade) * 1000) - l.milesimos;
    for (const parte of dosLotes) {
      saldo += parte.milesimos;
      ledger.push({
        produtoId: l.produtoId,
        tipo: movimento.tipo,
        custoUnitario: l.custoEntrada ?? row.custo_medio,
        origem: movimento.origem,
        origemId: movimento.origemId ?? null,
        observacao: movimento.observacao ?? null,
        usuarioId: movimento.usuarioId,
        quantidade: (parte.milesimos / 1000).toFixed(3),
        saldoResultante: (saldo / 1000).toFixed(3),
        loteId: parte.loteId,
      });
    }
  }
  if (ledger.length > 0) await tx.insert(movimentacoesEstoque).values(ledger);
  return saldos;
};
