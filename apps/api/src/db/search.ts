/**
 * Accent- and case-insensitive text search (issue #3: "joao" finds "João"), backed by the
 * `f_busca` function of migration 0001 (lower(unaccent(text))). Index the searched
 * expression with pg_trgm so "contains" stays fast on large tables:
 *   index('x_busca_idx').using('gin', sql`f_busca(${t.nome}) gin_trgm_ops`)
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Escapes LIKE wildcards in user input. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `column` contains `text`, ignoring case and accents. */
export const containsText = (column: AnyPgColumn | SQL, text: string): SQL =>
  sql`f_busca(${column}) like '%' || f_busca(${escapeLike(text)}) || '%'`;

/** `column` starts with `text`, ignoring case and accents. */
export const startsWithText = (column: AnyPgColumn | SQL, text: string): SQL =>
  sql`f_busca(${column}) like f_busca(${escapeLike(text)}) || '%'`;
