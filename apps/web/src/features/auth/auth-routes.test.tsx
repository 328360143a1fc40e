import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, errors, json } from '#test/fake-api.ts';
import { FILIAL_ID, loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

describe('authentication and access', () => {
  beforeEach(() => useSessionStore.getState().clear());

  it('sends a visitor to /login with toRedirect, shows wrong credentials, then returns to the page', async () => {
    const api = createFakeApi({
      'POST /auth/login': (req) => {
        const body = JSON.parse(String(req.data)) as { senha: string };
        return body.senha === 'demo1234' ? json(loginOutput()) : errors(400, { generalErrors: ['E-mail ou senha inválidos'] });
      },
      'GET /auth/me': () => json(loginOutput().user),
    });
    const { router } = renderApp('/configuracoes?tab=%22geral%22', { adapter: api.adapter });
    await screen.findByRole('button', { name: 'Entrar' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toMatchObject({ toRedirect: '/configuracoes?tab=geral' });
    expect(screen.getByRole('link', { name: 'Criar conta' }).getAttribute('href')).toBe('/dados-pessoais');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'ana@demo.com.br');
    await user.type(screen.getByLabelText('Senha'), 'errada123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('E-mail ou senha inválidos')).toBeTruthy();

    await user.clear(screen.getByLabelText('Senha'));
    await user.type(screen.getByLabelText('Senha'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { name: 'Configurações' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/configuracoes');
    expect(useSessionStore.getState().unidadeNegocio?.nome).toBe('Matriz');
  });

  it('never redirects after login to another site', async () => {
    const api = createFakeApi({ 'POST /auth/login': () => json(loginOutput()), 'GET /auth/me': () => json(loginOutput().user) });
    const { router } = renderApp('/login?toRedirect=%22%2F%2Fevil.com%22', { adapter: api.adapter });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'ana@demo.com.br');
    await user.type(screen.getByLabelText('Senha'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends a logged-in user away from /login, and greets them at home', async () => {
    useSessionStore.getState().login(loginOutput());
    const api = createFakeApi({ 'GET /auth/me': () => json(loginOutput().user) });
    const { router } = renderApp('/login', { adapter: api.adapter });
    expect(await screen.findByRole('heading', { name: /^(Bom dia|Boa tarde|Boa noite), Ana$/ })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByLabelText('Data de hoje').textContent).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(screen.getByLabelText('Unidade selecionada').textContent).toBe('Matriz');
  });

  it('clears the session when /auth/me answers 401', async () => {
    useSessionStore.getState().login(loginOutput());
    const api = createFakeApi({ 'GET /auth/me': () => errors(401, { generalErrors: ['Acesso não autorizado'] }) });
    const { router } = renderApp('/produtos', { adapter: api.adapter });
    await screen.findByRole('button', { name: 'Entrar' });
    expect(router.state.location.search).toMatchObject({ toRedirect: '/produtos' });
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('hides the sections the selected unit profile cannot open and refuses them', async () => {
    useSessionStore.getState().login(loginOutput());
    useSessionStore.getState().selectUnidade(FILIAL_ID); // Caixa / Vendedor
    const api = createFakeApi({ 'GET /auth/me': () => json(loginOutput().user) });
    renderApp('/financeiro', { adapter: api.adapter });
    expect(await screen.findByText('Seu perfil nesta unidade não tem acesso a esta área')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getByRole('link', { name: 'Vendas' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Financeiro' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Configurações' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Gerenciador' })).toBeNull();
    expect(within(nav).getByText('Versão 0.9.0')).toBeTruthy();
  });

  it('restricts the manager area to platform operators', async () => {
    useSessionStore.getState().login(loginOutput());
    const api = createFakeApi({ 'GET /auth/me': () => json(loginOutput().user) });
    renderApp('/manager', { adapter: api.adapter });
    expect(await screen.findByText('Acesso restrito aos operadores da plataforma')).toBeTruthy();
    expect(api.requests.some((r) => r.path.startsWith('/manager'))).toBe(false);
  });

  it('shows Not Found for an unknown address', async () => {
    useSessionStore.getState().login(loginOutput());
    const api = createFakeApi({ 'GET /auth/me': () => json(loginOutput().user) });
    renderApp('/nao-existe', { adapter: api.adapter });
    expect(await screen.findByText('Not Found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar ao início' })).toBeTruthy();
  });
});
