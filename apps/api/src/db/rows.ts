/** Raw SQL rows on both drivers (PGlite and pg both answer `{ rows }`). */
import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

export const queryRows = async <T>(tx: Db, query: SQL): Promise<T[]> =>
  ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
