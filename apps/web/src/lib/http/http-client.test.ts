import { HTTP_MESSAGES } from '@petshop/shared/http';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { createHttpClient, type HttpClientDeps } from './http-client.ts';
import { http, setLoginRedirect } from './http.ts';
import { createFakeApi, errors, json } from '#test/fake-api.ts';
import { loginOutput, MATRIZ_ID } from '#test/fixtures.ts';
import { useSessionStore } from '../session/session-store.ts';

const setup = (handlers: Parameters<typeof createFakeApi>[0]) => {
  const api = createFakeApi(handlers);
  let token: string | null = 'old-token';
  const deps = {
    getAccessToken: () => token,
    getUnidadeId: () => MATRIZ_ID,
    setAccessToken: vi.fn((next: string) => {
      token = next;
    }),
    onUnauthorized: vi.fn(),
    notifyError: vi.fn(),
    adapter: api.adapter,
  } satisfies HttpClientDeps;
  return { client: createHttpClient(deps), deps, api, token: () => token };
};

const failure = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('a chamada deveria falhar');
};

describe('HTTP client', () => {
  it('reads the errors of a refused file request (a JSON body delivered as a blob) and keeps the whole map', async () => {
    const corpo = { errors: { generalErrors: ['Nenhum documento fiscal em 11/2026'], produtoIds: ['a', 'b'] } };
    const { client } = setup({
      'GET /arquivo': () => ({ status: 400, body: new Blob([JSON.stringify(corpo)], { type: 'application/json' }) }),
    });
    const error = await failure(client.get('/arquivo', { responseType: 'blob' }));
    expect(error.generalErrors).toEqual(['Nenhum documento fiscal em 11/2026']);
    expect(error.errors.produtoIds).toEqual(['a', 'b']);
  });

  it('sends the bearer token, the selected unit and the origin under /api', async () => {
    const { client, api } = setup({ 'GET /auth/me': () => json({}) });
    await client.get('/auth/me');
    const [request] = api.requests;
    expect(request?.config.baseURL).toBe('/api');
    expect(request?.config.timeout).toBe(0);
    expect(request?.config.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(request?.config.xsrfHeaderName).toBe('X-XSRF-TOKEN');
    expect(request?.headers.authorization).toBe('Bearer old-token');
    expect(request?.headers['x-unidade-negocio']).toBe(MATRIZ_ID);
    expect(request?.headers['x-origin']).toBe('web');
  });

  it('gives every write an Idempotency-Key and keeps the one a form passes', async () => {
    const { client, api } = setup({ 'POST /x': () => json({}), 'DELETE /x': () => json({}), 'GET /x': () => json({}) });
    await client.get('/x');
    await client.post('/x', {});
    await client.delete('/x');
    await client.post('/x', {}, { headers: { 'Idempotency-Key': 'form-key' } });
    const keys = api.requests.map((r) => r.headers['idempotency-key']);
    expect(keys[0]).toBeUndefined();
    expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(keys[2]);
    expect(keys[3]).toBe('form-key');
  });

  it('replaces the stored token with x-new-authorization, on success and on error answers', async () => {
    const { client, deps, token } = setup({
      'GET /ok': () => json({}, 200, { 'x-new-authorization': 'renewed-1' }),
      'GET /fails': () => ({ status: 400, body: { errors: {} }, headers: { 'x-new-authorization': 'renewed-2' } }),
    });
    await client.get('/ok');
    expect(deps.setAccessToken).toHaveBeenLastCalledWith('renewed-1');
    expect(token()).toBe('renewed-1');
    await failure(client.get('/fails'));
    expect(token()).toBe('renewed-2');
  });

  it('maps 400 to field errors (first message of each field) and general errors, without a notification', async () => {
    const { client, deps } = setup({
      'POST /auth/usuarios': () =>
        errors(400, {
          'endereco.cep': ['CEP inválido', 'outra'],
          email: ['E-mail inválido'],
          generalErrors: ['Verifique os dados'],
        }),
    });
    const error = await failure(client.post('/auth/usuarios', {}));
    expect(error.status).toBe(400);
    expect(error.kind).toBe('validation');
    expect(error.fieldErrors).toEqual({ 'endereco.cep': 'CEP inválido', email: 'E-mail inválido' });
    expect(error.generalErrors).toEqual(['Verifique os dados']);
    expect(error.message).toBe('Verifique os dados');
    expect(deps.notifyError).not.toHaveBeenCalled();
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('maps 404 with its general message', async () => {
    const { client } = setup({ 'GET /auth/usuarios/x': () => errors(404, { generalErrors: ['Usuário não encontrado'] }) });
    const error = await failure(client.get('/auth/usuarios/x'));
    expect(error.kind).toBe('not-found');
    expect(error.displayMessages).toEqual(['Usuário não encontrado']);
  });

  it('on 401 notifies "Acesso não autorizado" and tells whether it was the current-user call', async () => {
    const { client, deps } = setup({
      'GET /auth/me': () => errors(401, { generalErrors: [HTTP_MESSAGES.unauthorized] }),
      'GET /auth/usuarios': () => errors(401, { generalErrors: [HTTP_MESSAGES.unauthorized] }),
    });
    await failure(client.get('/auth/usuarios'));
    expect(deps.onUnauthorized).toHaveBeenLastCalledWith({ isCurrentUserCall: false });
    await failure(client.get('/auth/me'));
    expect(deps.onUnauthorized).toHaveBeenLastCalledWith({ isCurrentUserCall: true });
    expect(deps.notifyError).toHaveBeenCalledWith('Acesso não autorizado');
  });

  it('notifies 500, 403 and network failures with the spec messages', async () => {
    const { client, deps } = setup({
      'GET /boom': () => ({ status: 500, body: { message: 'stack trace' } }),
      'GET /forbidden': () => ({ status: 403, body: {} }),
      'GET /offline': () => 'network-error',
    });
    const server = await failure(client.get('/boom'));
    expect(server.kind).toBe('server');
    expect(server.message).toBe('Erro interno no servidor');
    expect(deps.notifyError).toHaveBeenLastCalledWith('Erro interno no servidor');

    await failure(client.get('/forbidden'));
    expect(deps.notifyError).toHaveBeenLastCalledWith('Você não tem permissão para esta ação');

    const network = await failure(client.get('/offline'));
    expect(network.status).toBeNull();
    expect(network.kind).toBe('network');
    expect(deps.notifyError).toHaveBeenLastCalledWith('Não foi possível se comunicar com o servidor');
  });

  it('keeps silent calls silent', async () => {
    const { client, deps } = setup({ 'GET /third/cep/00000000': () => 'network-error' });
    await failure(client.get('/third/cep/00000000', { silent: true }));
    expect(deps.notifyError).not.toHaveBeenCalled();
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('the application client', () => {
  beforeEach(() => {
    useSessionStore.getState().login(loginOutput());
  });

  it('on 401 from /auth/me clears the session and sends the user to /login with the current page', async () => {
    const api = createFakeApi({ 'GET /auth/me': () => errors(401, { generalErrors: [HTTP_MESSAGES.unauthorized] }) });
    http.defaults.adapter = api.adapter;
    const redirect = vi.fn();
    setLoginRedirect(redirect, () => '/configuracoes/geral/usuarios?page=2');
    await failure(http.get('/auth/me'));
    expect(redirect).toHaveBeenCalledWith('/configuracoes/geral/usuarios?page=2');
    expect(useSessionStore.getState()).toMatchObject({ user: null, accessToken: null, isAuthenticated: false });
  });

  it('on 401 from another call ends the session but remembers the user for the login form', async () => {
    const api = createFakeApi({ 'GET /auth/usuarios': () => errors(401, {}) });
    http.defaults.adapter = api.adapter;
    const redirect = vi.fn();
    setLoginRedirect(redirect, () => '/configuracoes');
    await failure(http.get('/auth/usuarios'));
    expect(redirect).toHaveBeenCalledWith('/configuracoes');
    expect(useSessionStore.getState()).toMatchObject({ accessToken: null, isAuthenticated: false });
    expect(useSessionStore.getState().user?.email).toBe('ana@demo.com.br');
  });

  it('does not bounce to /login when already on an authentication page', async () => {
    const api = createFakeApi({ 'GET /auth/usuarios': () => errors(401, {}) });
    http.defaults.adapter = api.adapter;
    const redirect = vi.fn();
    setLoginRedirect(redirect, () => '/login?toRedirect=%2F');
    await failure(http.get('/auth/usuarios'));
    expect(redirect).not.toHaveBeenCalled();
  });
});
