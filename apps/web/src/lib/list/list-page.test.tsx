import type { Usuario } from '@petshop/shared/usuario';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeApi, json, type RecordedRequest } from '#test/fake-api.ts';
import { FILIAL_ID, loginOutput, MATRIZ_ID } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';
import { useSessionStore } from '../session/session-store.ts';

const usuario = (i: number): Usuario => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  nome: `Pessoa ${i}`,
  email: `pessoa${i}@demo.com.br`,
  cpf: null,
  telefone: null,
  crmv: null,
  fotoUrl: null,
  ativo: i % 2 === 0,
  descontoMaximo: null,
  operadorPlataforma: false,
  unidades: [
    { unidadeNegocioId: MATRIZ_ID, unidadeNegocioNome: 'Matriz', perfilId: 'caixa', perfilNome: 'Caixa / Vendedor' },
    { unidadeNegocioId: FILIAL_ID, unidadeNegocioNome: 'Filial', perfilId: 'gerente', perfilNome: 'Gerente' },
  ],
  createdAt: '2024-05-01T12:00:00-03:00',
});

const TOTAL = 57;

const listHandler = (req: RecordedRequest) => {
  const page = Number(req.params.page);
  const pageSize = Number(req.params.pageSize);
  const items = Array.from({ length: Math.max(0, Math.min(pageSize, TOTAL - (page - 1) * pageSize)) }, (_, i) =>
    usuario((page - 1) * pageSize + i + 1),
  );
  return json(req.params.query === 'ninguém' ? { items: [], total: 0, page, pageSize } : { items, total: TOTAL, page, pageSize });
};

const listCalls = (requests: RecordedRequest[]) => requests.filter((r) => r.path === '/auth/usuarios');

describe('list page bound to search params', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('reads page, pageSize and query from the URL and writes them back', async () => {
    const api = createFakeApi({ 'GET /auth/usuarios': listHandler, 'GET /auth/me': () => json(loginOutput().user) });
    const { router } = renderApp('/configuracoes/geral/usuarios?page=2&pageSize=10&query=%22pes%22', { adapter: api.adapter });

    expect(await screen.findByText('Pessoa 11')).toBeTruthy();
    expect(listCalls(api.requests).at(-1)?.params).toMatchObject({ page: 2, pageSize: 10, query: 'pes' });
    expect((screen.getByRole('searchbox', { name: 'Buscar' }) as HTMLInputElement).value).toBe('pes');
    expect(screen.getByText('11–20 de 57')).toBeTruthy();
    expect(screen.getAllByText('Matriz (Caixa / Vendedor) e Filial (Gerente)')).toHaveLength(10);

    // Pagination writes the page.
    await userEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 3, pageSize: 10 }));
    expect(await screen.findByText('Pessoa 21')).toBeTruthy();

    // Typing a search goes to the URL (throttled) and back to page 1.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'ninguém' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ query: 'ninguém' }));
    expect(router.state.location.search).not.toHaveProperty('page'); // page 1 is the default, left out of the URL
    expect(await screen.findByText('Nenhum registro encontrado')).toBeTruthy();

    // Filters are search params too.
    await userEvent.click(screen.getByText('Inativos'));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ ativo: false }));
    expect(listCalls(api.requests).at(-1)?.params).toMatchObject({ ativo: 'false', query: 'ninguém' });
  });

  it('uses the spec defaults and opens the edit form on a row click', async () => {
    const api = createFakeApi({
      'GET /auth/usuarios': listHandler,
      'GET /auth/me': () => json(loginOutput().user),
      [`GET /auth/usuarios/${usuario(1).id}`]: () => json(usuario(1)),
      'GET /auth/perfis': () => json([]),
      'GET /geral/unidades-negocio': () => json({ items: [], total: 0, page: 1, pageSize: 100 }),
    });
    const { router } = renderApp('/configuracoes/geral/usuarios', { adapter: api.adapter });
    const row = await screen.findByRole('row', { name: 'Editar Pessoa 1' });
    expect(listCalls(api.requests)[0]?.params).toMatchObject({ page: 1, pageSize: 20 });
    expect(listCalls(api.requests)[0]?.params.query).toBeUndefined();
    expect(screen.getByText('1–20 de 57')).toBeTruthy();
    expect(within(row).getByText('Pessoa 1')).toBeTruthy();
    await userEvent.click(row);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/configuracoes/geral/usuarios/form/${usuario(1).id}`));
    expect(await screen.findByRole('heading', { name: 'Editar usuário' })).toBeTruthy();
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('pessoa1@demo.com.br');
  });

  it('shows an error state with a retry', async () => {
    let fail = true;
    const api = createFakeApi({
      'GET /auth/usuarios': (req) => (fail ? { status: 500, body: {} } : listHandler(req)),
      'GET /auth/me': () => json(loginOutput().user),
    });
    renderApp('/configuracoes/geral/usuarios', { adapter: api.adapter });
    expect(await screen.findByText('Não foi possível carregar a lista')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Pessoa 1')).toBeTruthy();
  });
});
