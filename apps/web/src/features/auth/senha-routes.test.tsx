import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ESQUECI_SENHA_MENSAGEM } from '@petshop/shared/auth';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, errors, json } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

describe('esqueci minha senha', () => {
  beforeEach(() => useSessionStore.getState().clear());

  it('goes from the login to the request page with the typed e-mail and shows the one answer', async () => {
    const api = createFakeApi({ 'POST /auth/esqueci-senha': () => json({ mensagem: ESQUECI_SENHA_MENSAGEM }) });
    const { router } = renderApp('/login', { adapter: api.adapter });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'ana@demo.com.br');
    await user.click(screen.getByRole('link', { name: 'Esqueci minha senha' }));
    expect(await screen.findByRole('heading', { name: 'Esqueci minha senha' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/esqueci-senha');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('ana@demo.com.br');

    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain(ESQUECI_SENHA_MENSAGEM);
    expect(status.textContent).toContain('60 minutos');
    expect(api.requests.filter((r) => r.path === '/auth/esqueci-senha').map((r) => JSON.parse(String(r.data)))).toEqual([
      { email: 'ana@demo.com.br' },
    ]);
    expect(screen.getByRole('link', { name: 'Voltar para o login' }).getAttribute('href')).toBe('/login');
  });

  it('refuses an invalid e-mail without calling the API', async () => {
    const api = createFakeApi();
    renderApp('/esqueci-senha', { adapter: api.adapter });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'nao-e-email');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByText('E-mail inválido')).toBeTruthy();
    expect(api.requests).toEqual([]);
  });
});

describe('redefinir senha', () => {
  beforeEach(() => useSessionStore.getState().clear());

  it('checks the confirmation, sends the token, ends the local session and shows the success on the login', async () => {
    useSessionStore.getState().login(loginOutput());
    const api = createFakeApi({
      'POST /auth/redefinir-senha': () => json({ ok: true }),
      'GET /auth/me': () => json(loginOutput().user),
    });
    const { router } = renderApp('/redefinir-senha?token=abc_DEF-123', { adapter: api.adapter });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nova senha'), 'nova-senha-forte');
    await user.type(screen.getByLabelText('Confirmação da nova senha'), 'outra-senha-123');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('A confirmação não confere com a nova senha')).toBeTruthy();
    expect(api.requests.some((r) => r.path === '/auth/redefinir-senha')).toBe(false);

    await user.clear(screen.getByLabelText('Confirmação da nova senha'));
    await user.type(screen.getByLabelText('Confirmação da nova senha'), 'nova-senha-forte');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('Senha redefinida')).toBeTruthy();
    expect(screen.getByText('Entre com a nova senha.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
    const sent = api.requests.filter((r) => r.path === '/auth/redefinir-senha').map((r) => JSON.parse(String(r.data)));
    expect(sent).toEqual([{ token: 'abc_DEF-123', novaSenha: 'nova-senha-forte', confirmacaoSenha: 'nova-senha-forte' }]);
  });

  it('shows an invalid or expired link and offers a new one', async () => {
    const api = createFakeApi({
      'POST /auth/redefinir-senha': () => errors(400, { generalErrors: ['Link inválido ou expirado'] }),
    });
    renderApp('/redefinir-senha?token=usado', { adapter: api.adapter });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nova senha'), 'nova-senha-forte');
    await user.type(screen.getByLabelText('Confirmação da nova senha'), 'nova-senha-forte');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Link inválido ou expirado');
    expect(screen.getByRole('link', { name: 'Pedir um novo link' }).getAttribute('href')).toBe('/esqueci-senha');
  });

  it('without a token says the link is invalid', async () => {
    renderApp('/redefinir-senha', { adapter: createFakeApi().adapter });
    expect((await screen.findByRole('alert')).textContent).toContain('Link inválido ou expirado');
    expect(screen.queryByLabelText('Nova senha')).toBeNull();
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toBeTruthy();
  });
});
