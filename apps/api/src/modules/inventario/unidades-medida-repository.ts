/** Units of measure of the scope's tenant (row-level security keeps other tenants out). */
import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import type { Page } from '@petshop/shared/http';
import type { ListUnidadesMedidaQuery, UnidadeMedida } from '@petshop/shared/unidade-medida';
import type { Db } from '../../db/client.ts';
import { unidadesMedida } from '../../db/schema/index.ts';
import { containsText } from '../../db/search.ts';
import { countWhere, pageOfRows, pageWindow } from './shared.ts';

const columns = {
  id: unidadesMedida.id,
  sigla: unidadesMedida.sigla,
  descricao: unidadesMedida.descricao,
  permiteVendaFracionada: unidadesMedida.permiteVendaFracionada,
  ativo: unidadesMedida.ativo,
};

/** Search by sigla or description (accent-insensitive), `ativo` filter; ordered by sigla. */
export const listUnidadesMedida = async (tx: Db, query: ListUnidadesMedidaQuery): Promise<Page<UnidadeMedida>> => {
  const filters: (SQL | undefined)[] = [];
  if (query.query)
    filters.push(or(containsText(unidadesMedida.sigla, query.query), containsText(unidadesMedida.descricao, query.query)));
  if (query.ativo) filters.push(eq(unidadesMedida.ativo, query.ativo === 'true'));
  const where = and(...filters);
  const { limit, offset } = pageWindow(query);
  // One after the other: a transaction is one connection (pg warns on overlapping queries).
  const items = await tx
    .select(columns)
    .from(unidadesMedida)
    .where(where)
    .orderBy(asc(unidadesMedida.sigla))
    .limit(limit)
    .offset(offset);
  const total = await countWhere(tx, unidadesMedida, where);
  return pageOfRows(items, total, query);
};

export const findUnidadeMedida = async (tx: Db, id: string): Promise<UnidadeMedida | null> => {
  const [row] = await tx.select(columns).from(unidadesMedida).where(eq(unidadesMedida.id, id));
  return row ?? null;
};
