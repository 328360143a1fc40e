/**
 * A Drizzle select read in pages through a server-side cursor (issue #22 item 2: "nothing blocks
 * the event loop"): an export of 10 000 rows read at once held the loop for the driver's parsing
 * and Drizzle's mapping of every row in one stretch (about 100 ms on a quiet machine, 300 ms on a
 * busy one). Here PostgreSQL runs the query once (`DECLARE … NO SCROLL CURSOR`, the select's
 * own text and parameters) and the rows come `FETCH n` at a time (500 by default), each page mapped by Drizzle as
 * the builder maps it (nested objects, left joins as null, column types), the event loop turning
 * between pages (`setImmediate`).
 *
 * A cursor lives in the caller's transaction (`request.scoped`, `withTenant`): row-level security
 * and the tenant scope apply as to any statement of it. One cursor at a time per transaction (its
 * name is fixed, so its DECLARE is one prepared statement per connection, db/pg-client.ts); it is
 * closed when the pages end or the reader stops early (`break`, `return`), and ends with the
 * transaction when a FETCH fails. Both
 * drivers: PostgreSQL and PGlite (where each FETCH is also a shorter stretch of the WebAssembly
 * database on the main thread than one query of every row).
 *
 * What it reads of Drizzle's internals is what db/prepared-select.ts reads (decision 004): the
 * session's `prepareQuery` and the builder's `config.fields` / `joinsNotNullableMap`.
 */
import * as drizzle from 'drizzle-orm';
import type { Db } from './client.ts';

/** Rows of one FETCH: small enough that parsing and mapping a page (and what the reader does with it) takes a few ms. */
export const ROWS_PER_PAGE = 500;

/** The cursor's name (see the file's comment: one per transaction at a time). */
const CURSOR = 'select_in_pages';

type SelectedFieldsOrdered = unknown[];
const { orderSelectedFields } = drizzle as unknown as { orderSelectedFields: (fields: unknown) => SelectedFieldsOrdered };

type PreparedQuery = { joinsNotNullableMap?: unknown; execute: () => Promise<unknown> };
type Session = {
  prepareQuery: (
    query: { sql: string; params: unknown[] },
    fields: SelectedFieldsOrdered | undefined,
    name: string | undefined,
    isResponseInArrayMode: boolean,
  ) => PreparedQuery;
};

/** A Drizzle select builder, built (`.where`, `.orderBy`, `.limit` applied) and not awaited. */
export type SelectBuilder<R> = PromiseLike<R[]> & { toSQL(): { sql: string; params: unknown[] } };

const sessionOf = (tx: Db): Session => (tx as unknown as { session: Session }).session;

/** Lets the event loop run what waits (other requests, timers) before the next page. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * The rows of `consulta` (its order and limit as built) in pages of at most `tamanho` rows, each
 * as the builder would answer them. `tx` must be a transaction. The first page comes after one
 * DECLARE and one FETCH; later pages after a turn of the event loop. An empty result yields no
 * page.
 */
export async function* selectInPages<R>(tx: Db, consulta: SelectBuilder<R>, tamanho = ROWS_PER_PAGE): AsyncGenerator<R[]> {
  if (typeof orderSelectedFields !== 'function')
    throw new Error('drizzle-orm sem orderSelectedFields: revise db/select-pages.ts');
  const { sql, params } = consulta.toSQL();
  const interno = consulta as unknown as { config: { fields: Record<string, unknown> }; joinsNotNullableMap: unknown };
  const campos = orderSelectedFields(interno.config.fields);
  const sessao = sessionOf(tx);
  await sessao
    .prepareQuery({ sql: `declare ${CURSOR} no scroll cursor for ${sql}`, params }, undefined, undefined, false)
    .execute();
  let falhou = false;
  try {
    for (let primeira = true; ; primeira = false) {
      if (!primeira) await nextTurn();
      const fetch = sessao.prepareQuery(
        { sql: `fetch ${Math.trunc(tamanho)} from ${CURSOR}`, params: [] },
        campos,
        undefined,
        true,
      );
      fetch.joinsNotNullableMap = interno.joinsNotNullableMap;
      const pagina = (await fetch.execute()) as R[];
      if (pagina.length > 0) yield pagina;
      if (pagina.length < tamanho) break;
    }
  } catch (error) {
    // A failed FETCH aborted the transaction: the cursor ends with it (a CLOSE would fail too).
    falhou = true;
    throw error;
  } finally {
    if (!falhou) await sessao.prepareQuery({ sql: `close ${CURSOR}`, params: [] }, undefined, undefined, false).execute();
  }
}
