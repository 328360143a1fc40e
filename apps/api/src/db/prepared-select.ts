/**
 * A SELECT of the till's hot path built once per process instead of once per call.
 *
 * Drizzle builds a statement's text from its builder on every call: for the sale the till
 * answers after every write (`findVenda`: 4 joins, 3 JSON subqueries, every column of the sale)
 * that is about 0.2 ms of CPU per call, more than PostgreSQL takes to run it. `preparedSelect`
 * builds the query once with `sql.placeholder` for its inputs (Drizzle's own prepared-statement
 * mechanism, `.prepare()`, is bound to one connection, so it cannot outlive a transaction), and
 * each call runs that text on the caller's transaction with Drizzle's own row mapping: the
 * answer is exactly what the builder would answer (nested objects, left joins as null, column
 * types). db/pg-client.ts then prepares it once per connection like any other statement.
 */
import * as drizzle from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { DeferredQuery } from './deferred-query.ts';
import type { Db } from './client.ts';

/** Drizzle's field list of a selection in answer order (exported at runtime, not in its types). */
type SelectedFieldsOrdered = unknown[];
const { orderSelectedFields } = drizzle as unknown as { orderSelectedFields: (fields: unknown) => SelectedFieldsOrdered };

/** What a Drizzle select builder exposes (its result type and what `_prepare` reads). */
type Consulta<R> = { readonly _: { readonly result: R }; toSQL(): { sql: string; params: unknown[] } };

type Montada = {
  texto: string;
  params: unknown[];
  campos: SelectedFieldsOrdered;
  joinsNotNullableMap: unknown;
};

type PreparedQuery = { joinsNotNullableMap?: unknown; execute: (valores?: Record<string, unknown>) => Promise<unknown> };
type Session = {
  prepareQuery: (
    query: { sql: string; params: unknown[] },
    campos: SelectedFieldsOrdered | undefined,
    name: string | undefined,
    isResponseInArrayMode: boolean,
  ) => PreparedQuery;
};

/**
 * Drizzle's session of `tx` (marked internal, present on every database and transaction): its
 * `prepareQuery` takes an already built query, which is what `tx.execute()` and the builders make
 * before calling it. The one place the hot path reaches into Drizzle's session.
 */
const sessaoDe = (tx: Db): Session => (tx as unknown as { session: Session }).session;

/**
 * Runs `texto` with `params` in the caller's transaction through Drizzle's session (both drivers,
 * with its type parsers), at once. Answers the rows keyed by the names PostgreSQL answers.
 */
export const executeText = async <R>(tx: Db, texto: string, params: unknown[]): Promise<R[]> =>
  ((await sessaoDe(tx).prepareQuery({ sql: texto, params }, undefined, undefined, false).execute()) as { rows: R[] }).rows;

/**
 * `montar` builds the select on a QueryBuilder, with `sql.placeholder('nome')` where each call's
 * values go. Answers a function running it on a transaction with those values (every
 * placeholder needs one; Drizzle throws otherwise), answering the rows as the builder would.
 */
export const preparedSelect = <R>(montar: (qb: QueryBuilder) => Consulta<R>) => {
  let montada: Montada | undefined;
  // Lazy, as Drizzle's builders (db/deferred-query.ts): issued when awaited, in order with its neighbours.
  return (tx: Db, valores: Record<string, unknown>): Promise<R> => new DeferredQuery(() => executar(tx, valores));
  function executar(tx: Db, valores: Record<string, unknown>): Promise<R> {
    if (!montada) {
      if (typeof orderSelectedFields !== 'function')
        throw new Error('drizzle-orm sem orderSelectedFields: revise db/prepared-select.ts');
      const consulta = montar(new QueryBuilder());
      const { sql, params } = consulta.toSQL();
      // Internal fields of Drizzle's select builder, as its `_prepare` reads them.
      const interno = consulta as unknown as { config: { fields: Record<string, unknown> }; joinsNotNullableMap: unknown };
      montada = {
        texto: sql,
        params,
        campos: orderSelectedFields(interno.config.fields),
        joinsNotNullableMap: interno.joinsNotNullableMap,
      };
    }
    const preparada = sessaoDe(tx).prepareQuery({ sql: montada.texto, params: montada.params }, montada.campos, undefined, true);
    preparada.joinsNotNullableMap = montada.joinsNotNullableMap;
    return preparada.execute(valores) as Promise<R>;
  }
};
