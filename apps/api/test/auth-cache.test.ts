/** plugins/auth-cache.ts: entries live AUTH_CACHE_MS and go at once when cleared. */
import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../src/plugins/auth.ts';
import { AUTH_CACHE_MS, cacheAuth, findCachedAuth, clearAuthCache } from '../src/plugins/auth-cache.ts';

const auth: AuthContext = {
  usuarioId: 'u',
  tenantId: 't',
  nome: 'Ana',
  operadorPlataforma: false,
  tokenVersion: 0,
  unidades: [{ unidadeNegocioId: 'n', perfilId: 'caixa' }],
};

describe('auth cache', () => {
  it('answers an entry until it expires', () => {
    cacheAuth('a', auth, 1_000);
    expect(findCachedAuth('a', 1_000)).toBe(auth);
    expect(findCachedAuth('a', 1_000 + AUTH_CACHE_MS - 1)).toBe(auth);
    expect(findCachedAuth('a', 1_000 + AUTH_CACHE_MS)).toBeUndefined();
    expect(findCachedAuth('b', 1_000)).toBeUndefined();
  });

  it('forgets everything when cleared', () => {
    cacheAuth('a', auth);
    cacheAuth('b', auth);
    clearAuthCache();
    expect(findCachedAuth('a')).toBeUndefined();
    expect(findCachedAuth('b')).toBeUndefined();
  });
});
