/** Small pieces the catalogue's repositories share: ordering, paging and counting. */
import { count, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ListQuery, Page } from '@petshop/shared/http';
import type { Db } from '../../db/client.ts';

/**
 * Alphabetical order ignoring case and accents ('água' before 'Banho', 'Serviços de' before
 * 'Serviços V'), the same on every server whatever its default collation (f_busca gives
 * lower case without accents, compared in "C"): `f_busca(col) collate "C", col`. Products
 * keep that key stored (`produtos.nome_busca`).
 */
export const alphabetical = (column: AnyPgColumn): SQL[] => [sql`f_busca(${column}) collate "C"`, sql`${column}`];

/** `limit`/`offset` of a list query. */
export const pageWindow = (query: ListQuery) => ({ limit: query.pageSize, offset: (query.page - 1) * query.pageSize });

/** Counts the rows of `table` matching `where`. */
export const countWhere = async (tx: Db, table: PgTable, where: SQL | undefined): Promise<number> => {
  const [row] = await tx.select({ value: count() }).from(table).where(where);
  return row?.value ?? 0;
};

/** The `{ items, total, page, pageSize }` answer. */
export const pageOfRows = <T>(items: T[], total: number, query: ListQuery): Page<T> => ({
  items,
  total,
  page: query.page,
  pageSize: query.pageSize,
});
