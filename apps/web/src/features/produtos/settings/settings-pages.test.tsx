/**
 * The config-driven settings screens (lib/crud with a CrudResource): list, create, edit and
 * delete of a brand, through the real routes and a fake API speaking the contract.
 */
import type { Marca } from '@petshop/shared/marca';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, errors, json, type FakeHandler, type RecordedRequest } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

/** A tiny in-memory /inventario/marcas. */
const marcasApi = (initial: Marca[]) => {
  const rows = [...initial];
  const body = (req: RecordedRequest) => JSON.parse(String(req.data)) as { nome: string; ativo: boolean };
  const handlers: Record<string, FakeHandler> = {
    'GET /auth/me': () => json(loginOutput().user),
    'GET /inventario/marcas': (req) => {
      const query = typeof req.params.query === 'string' ? req.params.query.toLowerCase() : '';
      const ativo = req.params.ativo;
      const items = rows.filter(
        (m) => m.nome.toLowerCase().includes(query) && (ativo === undefined || String(m.ativo) === String(ativo)),
      );
      return json({ items, total: items.length, page: 1, pageSize: 20 });
    },
    'POST /inventario/marcas': (req) => {
      const dados = body(req);
      if (rows.some((m) => m.nome === dados.nome)) return errors(400, { nome: ['Já existe uma marca com este nome'] });
      const marca = { id: id(rows.length + 100), ...dados };
      rows.push(marca);
      return json(marca, 201);
    },
  };
  for (const marca of initial) {
    const path = `/inventario/marcas/${marca.id}`;
    handlers[`GET ${path}`] = () => json(rows.find((m) => m.id === marca.id));
    handlers[`PUT ${path}`] = (req) => {
      const index = rows.findIndex((m) => m.id === marca.id);
      rows[index] = { id: marca.id, ...body(req) };
      return json(rows[index]);
    };
    handlers[`DELETE ${path}`] = () => {
      if (marca.nome === 'Golden') return errors(400, { generalErrors: ['Marca usada por produtos: desative-a'] });
      rows.splice(
        rows.findIndex((m) => m.id === marca.id),
        1,
      );
      return json({ ok: true });
    };
  }
  return { api: createFakeApi(handlers), rows };
};

describe('settings screens built from a resource config', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('lists, filters by situation and creates a brand, with server field errors on the field', async () => {
    const { api, rows } = marcasApi([
      { id: id(1), nome: 'Golden', ativo: true },
      { id: id(2), nome: 'Premier', ativo: false },
    ]);
    const { router } = renderApp('/configuracoes/produtos/marcas', { adapter: api.adapter });
    expect(await screen.findByRole('heading', { name: 'Marcas' })).toBeTruthy();
    expect(await screen.findByRole('row', { name: 'Editar Golden' })).toBeTruthy();
    expect(within(screen.getByRole('row', { name: 'Editar Premier' })).getByText('Inativo')).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('Ativos'));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ ativo: true }));
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Editar Premier' })).toBeNull());

    await user.click(screen.getByRole('link', { name: 'Novo' }));
    expect(await screen.findByRole('heading', { name: 'Nova marca' })).toBeTruthy();
    await user.type(screen.getByLabelText(/^Nome/), 'Golden');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Já existe uma marca com este nome')).toBeTruthy();

    await user.clear(screen.getByLabelText(/^Nome/));
    await user.type(screen.getByLabelText(/^Nome/), 'Royal Canin');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/configuracoes/produtos/marcas'));
    expect(rows.map((m) => m.nome)).toContain('Royal Canin');
    const posted = api.requests.filter((r) => r.method === 'POST').at(-1);
    expect(JSON.parse(String(posted?.data))).toEqual({ nome: 'Royal Canin', ativo: true });
  });

  it('opens a row in its form (loaded first), saves with PUT and shows why a delete was refused', async () => {
    const { api } = marcasApi([
      { id: id(1), nome: 'Golden', ativo: true },
      { id: id(2), nome: 'Premier', ativo: true },
    ]);
    const { router } = renderApp('/configuracoes/produtos/marcas', { adapter: api.adapter });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('row', { name: 'Editar Premier' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/configuracoes/produtos/marcas/form/${id(2)}`));
    expect(await screen.findByRole('heading', { name: 'Editar marca' })).toBeTruthy();
    const nome = screen.getByLabelText(/^Nome/) as HTMLInputElement;
    expect(nome.value).toBe('Premier');
    await user.click(screen.getByRole('switch', { name: /Ativa/ }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/configuracoes/produtos/marcas'));
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(put?.path).toBe(`/inventario/marcas/${id(2)}`);
    expect(JSON.parse(String(put?.data))).toEqual({ nome: 'Premier', ativo: false });

    await user.click(await screen.findByRole('button', { name: 'Excluir Golden' }));
    await user.click(await screen.findByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Marca usada por produtos: desative-a')).toBeTruthy();
  });

  it('shows the settings cards of products and pets as available', async () => {
    const api = createFakeApi({ 'GET /auth/me': () => json(loginOutput().user) });
    renderApp('/configuracoes?tab=pet', { adapter: api.adapter });
    expect((await screen.findByRole('link', { name: /^Raças / })).getAttribute('href')).toBe('/configuracoes/pet/racas');
    expect(screen.getByRole('link', { name: /^Pelagens / })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Espécies / })).toBeTruthy();
  });
});
