/**
 * Payment methods of the scope's tenant (row-level security keeps other tenants out). The
 * destination account's name comes from a join that RLS limits to the selected unit: null
 * when the account belongs to another unit.
 */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { FormaPagamento, ListFormasPagamentoQuery, TipoFormaPagamento } from '@petshop/shared/forma-pagamento';
import type { Page } from '@petshop/shared/http';
import type { Db } from '../../db/client.ts';
import { contas, formasPagamento } from '../../db/schema/index.ts';
import { containsText } from '../../db/search.ts';
import { alphabetical, countWhere, pageOfRows, pageWindow } from '../inventario/shared.ts';

const select = (tx: Db) =>
  tx
    .select({
      id: formasPagamento.id,
      nome: formasPagamento.nome,
      tipo: formasPagamento.tipo,
      taxaPercentual: formasPagamento.taxaPercentual,
      diasRecebimento: formasPagamento.diasRecebimento,
      maxParcelas: formasPagamento.maxParcelas,
      contaDestinoId: formasPagamento.contaDestinoId,
      contaDestinoNome: contas.nome,
      adquirente: formasPagamento.adquirente,
      adquirenteCnpj: formasPagamento.adquirenteCnpj,
      ativo: formasPagamento.ativo,
    })
    .from(formasPagamento)
    .leftJoin(contas, eq(contas.id, formasPagamento.contaDestinoId));

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const toFormaPagamento = (row: Row): FormaPagamento => ({
  ...row,
  tipo: row.tipo as TipoFormaPagamento,
  taxaPercentual: Number(row.taxaPercentual),
});

/** Search by name (contains, accent-insensitive), `ativo` and `tipo` filters; ordered by name. */
export const listFormasPagamento = async (tx: Db, query: ListFormasPagamentoQuery): Promise<Page<FormaPagamento>> => {
  const filters: (SQL | undefined)[] = [];
  if (query.query) filters.push(containsText(formasPagamento.nome, query.query));
  if (query.ativo) filters.push(eq(formasPagamento.ativo, query.ativo === 'true'));
  if (query.tipo) filters.push(eq(formasPagamento.tipo, query.tipo));
  const where = and(...filters);
  const { limit, offset } = pageWindow(query);
  // One after the other: a transaction is one connection.
  const rows = await select(tx)
    .where(where)
    .orderBy(...alphabetical(formasPagamento.nome), asc(formasPagamento.id))
    .limit(limit)
    .offset(offset);
  const total = await countWhere(tx, formasPagamento, where);
  return pageOfRows(rows.map(toFormaPagamento), total, query);
};

export const findFormaPagamento = async (tx: Db, id: string): Promise<FormaPagamento | null> => {
  const [row] = await select(tx).where(eq(formasPagamento.id, id));
  return row ? toFormaPagamento(row) : null;
};
