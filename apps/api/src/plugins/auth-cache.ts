/**
 * A short-lived memory of who is behind a token, so that a burst of requests (a till scanning
 * barcodes, a screen loading its reference data) does not re-read the same user on every one.
 *
 * What is kept: the `AuthContext` read by plugins/auth.ts for a (server, user, tenant, token
 * version), for `AUTH_CACHE_MS` at most. What ends it early: `clearAuthCache()`, called by every
 * write that changes who may do what (a user saved, deactivated or given another password, a
 * unit created (its creator joins it) or deactivated, a tenant (de)activated). A changed
 * password also changes the token version, so the old token's entry is never consulted by the
 * new one.
 *
 * Several server processes on one PostgreSQL (issue #22 item 3): `clearAuthCache()` only reaches
 * its own process, so every entry is also keyed by `auth_versao.versao`, a number that database
 * triggers bump in the same transaction as any such write (migration 0033_instancias: a user's
 * `ativo`, `token_version` or platform flag, their units, a unit's or a tenant's `ativo`).
 * plugins/auth.ts reads it on every authenticated request ({@link lerAuthVersao}: one row by
 * primary key) before looking the entry up, so a session revoked through one instance is refused
 * by all of them at once. On embedded PGlite the server is the database's only process and
 * `clearAuthCache()` suffices: no read.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import type { AuthContext } from './auth.ts';

/** How long an entry lives, in milliseconds. */
export const AUTH_CACHE_MS = 5_000;
/** Entries kept at most; the oldest go first (a Map keeps insertion order). */
const MAX_ENTRIES = 10_000;

const entries = new Map<string, { auth: AuthContext; expira: number }>();

/** The cached context for `chave`, or undefined when absent or expired. */
export const findCachedAuth = (chave: string, agora = Date.now()): AuthContext | undefined => {
  const entry = entries.get(chave);
  if (!entry) return undefined;
  if (entry.expira <= agora) {
    entries.delete(chave);
    return undefined;
  }
  return entry.auth;
};

/**
 * Remembers `auth` under `chave` for `AUTH_CACHE_MS`. The context is frozen (with its units):
 * later requests share it, so changing it by accident throws instead of leaking.
 */
export const cacheAuth = (chave: string, auth: AuthContext, agora = Date.now()): void => {
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  for (const unidade of auth.unidades) Object.freeze(unidade);
  Object.freeze(auth.unidades);
  entries.set(chave, { auth: Object.freeze(auth), expira: agora + AUTH_CACHE_MS });
};

/** Forgets every entry: call it after any write to users, their units, units or tenants. */
export const clearAuthCache = (): void => entries.clear();

/**
 * The current auth version (PostgreSQL only, see the file's comment): bumped by triggers on
 * every write that changes who may do what; an entry cached under another version is not used.
 */
export const lerAuthVersao = (db: Db): Promise<number> => {
  let lote = lotesAuthVersao.get(db);
  if (!lote) {
    lote = { atual: null, seguinte: null };
    lotesAuthVersao.set(db, lote);
  }
  const esse = lote;
  const emitir = (): Promise<number> => {
    const leitura = queryRows<{ versao: string | number }>(db, sql`select versao from auth_versao where id = 1`).then(([row]) =>
      Number(row?.versao ?? 0),
    );
    esse.atual = leitura;
    const soltar = () => {
      if (esse.atual === leitura) esse.atual = null;
    };
    leitura.then(soltar, soltar);
    return leitura;
  };
  // Shared by the requests of a moment, as the agenda's version (agenda-cache.ts lerVersao): a
  // request joins only a read issued after it arrived, so it sees every revocation committed
  // before it; a burst of N requests costs two reads, not N, and they go on together.
  if (!esse.atual) return emitir();
  esse.seguinte ??= esse.atual
    .then(
      () => undefined,
      () => undefined,
    )
    .then(() => {
      esse.seguinte = null;
      return emitir();
    });
  return esse.seguinte;
};

/** The auth version read in flight per database handle, and the one that follows it. */
const lotesAuthVersao = new WeakMap<Db, { atual: Promise<number> | null; seguinte: Promise<number> | null }>();
