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
 * The price: with several server processes, a user deactivated through one of them keeps access
 * through the others for at most `AUTH_CACHE_MS`. One process (the default deployment) sees the
 * change at once.
 */
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
