/**
 * Rooms (salas) and boxes of the selected unit (row-level security keeps other units' rows
 * out): the list and one row, the same shape for both tables, ordered by name ignoring case
 * and accents. Also the delete that is refused while other rows point to the row.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { ListRecursosQuery, Sala } from '@petshop/shared/agenda';
import type { Page } from '@petshop/shared/http';
import type { Db } from '../../db/client.ts';
import { runTogether } from '../../db/run-together.ts';
import type { boxes, salas, tiposAtendimento } from '../../db/schema/index.ts';
import { containsText } from '../../db/search.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { alphabetical, countWhere, pageOfRows, pageWindow } from '../inventario/shared.ts';

/** A room or a box: both tables have id, nome, ativo. */
export type RecursoTable = typeof salas | typeof boxes;
export type Recurso = Sala;

/** GET /api/agenda/salas and /boxes: `query` matches the name; filter ativo. */
export const listRecursos = async (tx: Db, table: RecursoTable, query: ListRecursosQuery): Promise<Page<Recurso>> => {
  const where: SQL | undefined = and(
    query.query ? containsText(table.nome, query.query) : undefined,
    query.ativo ? eq(table.ativo, query.ativo === 'true') : undefined,
  );
  const { limit, offset } = pageWindow(query);
  const [items, total] = await runTogether(
    tx
      .select({ id: table.id, nome: table.nome, ativo: table.ativo })
      .from(table)
      .where(where)
      .orderBy(...alphabetical(table.nome))
      .limit(limit)
      .offset(offset),
    countWhere(tx, table, where),
  );
  return pageOfRows(items, total, query);
};

/** One room or box of the selected unit, or null. */
export const findRecurso = async (tx: Db, table: RecursoTable, id: string): Promise<Recurso | null> => {
  const [row] = await tx.select({ id: table.id, nome: table.nome, ativo: table.ativo }).from(table).where(eq(table.id, id));
  return row ?? null;
};

type PgLikeError = { code?: string; cause?: PgLikeError };

/** The PostgreSQL error code (pg or PGlite) in the chain Drizzle wraps it in. */
const pgErrorCode = (error: unknown): string | undefined => {
  let current = error as PgLikeError | undefined;
  for (let i = 0; current && i < 4; i++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
    current = current.cause;
  }
  return undefined;
};

/**
 * Deletes row `id` of `table`: 404 (`naoEncontrado`) when the scope cannot see it; 400
 * (`emUso`) when a foreign key still points to it. The foreign keys are checked by PostgreSQL
 * without row-level security, so appointments of other units count too (a type is tenant-wide).
 */
export const excluirRecusandoEmUso = async (
  tx: Db,
  table: typeof salas | typeof boxes | typeof tiposAtendimento,
  id: string,
  messages: { naoEncontrado: string; emUso: string },
): Promise<void> => {
  let deleted: unknown[];
  try {
    deleted = await tx
      .delete(table as typeof salas)
      .where(eq(table.id, id))
      .returning({ id: table.id });
  } catch (error) {
    if (pgErrorCode(error) === '23503') throw badRequest(messages.emUso);
    throw error;
  }
  if (deleted.length === 0) throw notFound(messages.naoEncontrado);
};
