/**
 * Financial accounts of the selected unit (row-level security keeps other units and tenants
 * out), each with its balance: saldo_inicial + Σ movimentacoes_financeiras.valor (DOMAIN.md §7).
 */
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Conta, ListContasQuery, TipoConta } from '@petshop/shared/conta';
import type { Page } from '@petshop/shared/http';
import type { Db } from '../../db/client.ts';
import { contas } from '../../db/schema/index.ts';
import { containsText } from '../../db/search.ts';
import { alphabetical, countWhere, pageOfRows, pageWindow } from '../inventario/shared.ts';

const select = (tx: Db) =>
  tx
    .select({
      id: contas.id,
      nome: contas.nome,
      tipo: contas.tipo,
      banco: contas.banco,
      agencia: contas.agencia,
      numeroConta: contas.numeroConta,
      saldoInicial: contas.saldoInicial,
      // "contas"."id" by hand: in a one-table select Drizzle renders ${contas.id} as a bare "id",
      // which inside the subquery would mean m.id.
      saldo: sql<string>`${contas.saldoInicial} + coalesce((select sum(m.valor) from movimentacoes_financeiras m where m.conta_id = "contas"."id"), 0)`,
      ativo: contas.ativo,
    })
    .from(contas);

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const toConta = (row: Row): Conta => ({
  ...row,
  tipo: row.tipo as TipoConta,
  saldoInicial: Number(row.saldoInicial),
  saldo: Number(row.saldo),
});

/** Search by name or bank (contains, accent-insensitive), `ativo` and `tipo` filters; ordered by name. */
export const listContas = async (tx: Db, query: ListContasQuery): Promise<Page<Conta>> => {
  const filters: (SQL | undefined)[] = [];
  if (query.query) filters.push(or(containsText(contas.nome, query.query), containsText(contas.banco, query.query)));
  if (query.ativo) filters.push(eq(contas.ativo, query.ativo === 'true'));
  if (query.tipo) filters.push(eq(contas.tipo, query.tipo));
  const where = and(...filters);
  const { limit, offset } = pageWindow(query);
  const rows = await select(tx)
    .where(where)
    .orderBy(...alphabetical(contas.nome), asc(contas.id))
    .limit(limit)
    .offset(offset);
  const total = await countWhere(tx, contas, where);
  return pageOfRows(rows.map(toConta), total, query);
};

export const findConta = async (tx: Db, id: string): Promise<Conta | null> => {
  const [row] = await select(tx).where(eq(contas.id, id));
  return row ? toConta(row) : null;
};
