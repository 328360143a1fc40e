/**
 * Independent steps of one transaction, run together. On PostgreSQL their statements leave in
 * one write and are answered in one round trip (db/pg-client.ts pipelines); on PGlite they run
 * one after the other, as before.
 */

/** Whether `error` (Drizzle wraps the driver's error as `cause`) is PostgreSQL's 25P02. */
const transacaoAbortada = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '25P02' || e?.cause?.code === '25P02';
};

/**
 * Awaits every step and answers their results in order. Unlike `Promise.all`, it waits for
 * every step to end before throwing: no step is still issuing statements when the caller's
 * transaction rolls back (a straggler would run after the ROLLBACK, outside the transaction).
 * It throws the first failure in the given order that is not a consequence of another.
 */
export const runTogether = async <T extends readonly unknown[]>(...passos: { [K in keyof T]: Promise<T[K]> }): Promise<T> => {
  const resultados = await Promise.allSettled(passos);
  const falhas = resultados.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as unknown);
  // A step's statement after another step's failure fails with 25P02 ("current transaction is
  // aborted"): the cause is the other failure.
  if (falhas.length > 0) throw falhas.find((e) => !transacaoAbortada(e)) ?? falhas[0];
  return resultados.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
};
