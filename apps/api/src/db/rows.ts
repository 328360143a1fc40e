/** Raw SQL rows on both drivers (PGlite and pg both answer `{ rows }`). */
import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

export const queryRows = async <T>(tx: Db, query: SQL): Promise<T[]> =>
  ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * A numeric column (pg answers numeric as text to keep precision) as a number: '12.30' → 12.3;
 * null/undefined → 0. Money and quantities have at most 3 decimals, exact enough as doubles for
 * JSON; arithmetic on them goes through cents (`toCents`).
 */
export const num = (value: string | number | null | undefined): number =>
  value === null || value === undefined ? 0 : Number(value);
