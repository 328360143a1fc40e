/**
 * The application client loads axios on first use (issue #22 item 8): calls made before it is
 * loaded wait for it and behave as the client's own; `http.defaults` set before the load reach
 * the client; a failed load is a network failure and the next call tries again.
 */
import { HTTP_MESSAGES } from '@petshop/shared/http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, json } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import type { ApiError } from './api-error.ts';

const notifyError = vi.fn();

beforeEach(() => {
  vi.resetModules();
  notifyError.mockReset();
  vi.doMock('../notify.ts', () => ({ notifyError, notifySuccess: vi.fn() }));
});

afterEach(() => {
  vi.doUnmock('../notify.ts');
  vi.doUnmock('./http-client.ts');
});

/** A fresh http.ts (client not loaded yet) with a logged-in session. */
const freshHttp = async () => {
  const [{ http, preloadHttp }, { useSessionStore }] = await Promise.all([
    import('./http.ts'),
    import('../session/session-store.ts'),
  ]);
  useSessionStore.getState().login(loginOutput());
  return { http, preloadHttp, token: () => useSessionStore.getState().accessToken };
};

describe('the application client before axios is loaded', () => {
  it('makes the first call once the client loads, with the adapter, headers and token renewal of the loaded client', async () => {
    const { http, token } = await freshHttp();
    const api = createFakeApi({
      'POST /vendas': () => json({ id: 'v1' }, 201, { 'x-new-authorization': 'Bearer renovado' }),
    });
    http.defaults.adapter = api.adapter;
    const { data } = await http.post<{ id: string }>('/vendas', { total: 10 });
    expect(data).toEqual({ id: 'v1' });
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]?.headers.authorization).toMatch(/^Bearer /);
    expect(api.requests[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(token()).toBe('renovado');
    // Loaded: the same instance answers, and its defaults are the ones set before.
    expect(http.defaults.adapter).toBe(api.adapter);
    expect(typeof http.interceptors.request.use).toBe('function');
  });

  it('fails as a network failure when the client cannot be loaded, silently for silent calls, and tries again on the next call', async () => {
    vi.doMock('./http-client.ts', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { http } = await freshHttp();
    const erro = await http.get('/auth/me').catch((e: unknown) => e as ApiError);
    expect(erro).toMatchObject({ name: 'ApiError', kind: 'network', status: null, url: '/auth/me' });
    expect(notifyError).toHaveBeenCalledWith(HTTP_MESSAGES.network);

    notifyError.mockReset();
    const silenciosa = await http.post('/third/cep', {}, { silent: true }).catch((e: unknown) => e as ApiError);
    expect(silenciosa).toMatchObject({ kind: 'network' });
    expect(notifyError).not.toHaveBeenCalled();

    vi.doUnmock('./http-client.ts');
    const api = createFakeApi({ 'GET /auth/me': () => json({ ok: true }) });
    http.defaults.adapter = api.adapter;
    await expect(http.get('/auth/me')).resolves.toMatchObject({ data: { ok: true } });
  });
});
