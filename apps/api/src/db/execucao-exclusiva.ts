/**
 * One run at a time across API instances (issue #22 item 3): a periodic job wrapped in
 * `executarSozinho` runs in one process while another process's run of the same job is in
 * progress there — the later one skips its turn (the job runs again at its next tick).
 *
 * PostgreSQL: a transaction on the plain handle takes `pg_try_advisory_xact_lock(hashtext(nome))`
 * and stays open while `fn` runs (on other connections of the pool: `fn` gets the plain handle,
 * not that transaction); the lock ends with it, also when the process dies. Embedded PGlite
 * has one process and one connection (a transaction there would block `fn`): `fn` just runs.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { pgliteWriteCount } from './pglite-writes.ts';
import { queryRows } from './rows.ts';

/** The job's outcome, or `{ executou: false }` when another run held the lock. */
export type Execucao<T> = { executou: true; resultado: T } | { executou: false };

/**
 * Runs `fn(db)` unless another run named `nome` holds the lock (see the file's comment). Errors
 * of `fn` are thrown after the lock is released.
 */
export const executarSozinho = async <T>(db: Db, nome: string, fn: (db: Db) => Promise<T>): Promise<Execucao<T>> => {
  if (pgliteWriteCount(db) !== null) return { executou: true, resultado: await fn(db) };
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(hashtext(${nome})) as ok`);
    if (!lock?.ok) return { executou: false } as const;
    return { executou: true, resultado: await fn(db) } as const;
  });
};
