/**
 * State shared by several API instances on one PostgreSQL (issue #22 item 3): what used to live
 * in each process's memory and must be seen by all of them. Not tenant-owned (no RLS): read and
 * written only through the table owner's handle (`app.db`), outside tenant-scoped transactions.
 */
import { bigint, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Request counters of `@fastify/rate-limit` (`plugins/rate-limit-store.ts`): one row per route
 * and key (e.g. the login's IP + e-mail), the window's start and the requests counted in it.
 * Rows whose window ended are deleted by the store (at most once a minute per process).
 */
export const limitesRequisicao = pgTable('limites_requisicao', {
  /** Route (`POST /api/auth/login`) and the route's key (IP, IP + e-mail). */
  chave: text('chave').primaryKey(),
  /** The window's start, in ms since the epoch (the database's clock). */
  inicioMs: bigint('inicio_ms', { mode: 'number' }).notNull(),
  /** The window's length in ms (the route's `timeWindow`). */
  janelaMs: integer('janela_ms').notNull(),
  /** Requests counted since `inicioMs`. */
  contagem: integer('contagem').notNull(),
});

/**
 * One row (id 1): a number that database triggers bump whenever who may do what changes (a
 * user's `ativo`, `token_version` or platform flag, their units, a unit's or a tenant's `ativo`).
 * plugins/auth.ts keeps an `AuthContext` in memory only while this number is unchanged, so a
 * session revoked through one instance is refused by every instance at once.
 */
export const authVersao = pgTable('auth_versao', {
  id: smallint('id').primaryKey().default(1),
  versao: bigint('versao', { mode: 'number' }).notNull().default(1),
});
