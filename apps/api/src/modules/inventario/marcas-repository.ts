/** Brands of the scope's tenant (row-level security keeps other tenants out). */
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Page } from '@petshop/shared/http';
import type { ListMarcasQuery, Marca } from '@petshop/shared/marca';
import type { Db } from '../../db/client.ts';
import { marcas } from '../../db/schema/index.ts';
import { containsText } from '../../db/search.ts';
import { alphabetical, countWhere, pageOfRows, pageWindow } from './shared.ts';

const columns = { id: marcas.id, nome: marcas.nome, ativo: marcas.ativo };

/** Search by name (contains, accent-insensitive), `ativo` filter; ordered by name. */
export const listMarcas = async (tx: Db, query: ListMarcasQuery): Promise<Page<Marca>> => {
  const filters: (SQL | undefined)[] = [];
  if (query.query) filters.push(containsText(marcas.nome, query.query));
  if (query.ativo) filters.push(eq(marcas.ativo, query.ativo === 'true'));
  const where = and(...filters);
  const { limit, offset } = pageWindow(query);
  // One after the other: a transaction is one connection (pg warns on overlapping queries).
  const items = await tx
    .select(columns)
    .from(marcas)
    .where(where)
    .orderBy(...alphabetical(marcas.nome), asc(marcas.id))
    .limit(limit)
    .offset(offset);
  const total = await countWhere(tx, marcas, where);
  return pageOfRows(items, total, query);
};

export const findMarca = async (tx: Db, id: string): Promise<Marca | null> => {
  const [row] = await tx.select(columns).from(marcas).where(eq(marcas.id, id));
  return row ?? null;
};
