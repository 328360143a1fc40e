/**
 * The user form's CRMV (issue #19): a veterinarian's registration shows with its hint and is sent
 * in `dados`, the way the prescriptions and documents print it. Its discount limit (issue #22
 * item 4): shown as a percent with its hint, sent as a number, emptied to null (no limit).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERFIS } from '@petshop/shared/permissoes';
import type { Usuario } from '@petshop/shared/usuario';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { loginOutput, MATRIZ_ID } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };
const VET_ID = '55555555-5555-4555-8555-555555555555';

const usuario = (overrides: Partial<Usuario> = {}): Usuario => ({
  id: VET_ID,
  nome: 'Dra. Carla',
  email: 'carla@demo.com.br',
  cpf: null,
  telefone: null,
  crmv: 'CRMV-SP 12345',
  fotoUrl: null,
  ativo: true,
  descontoMaximo: null,
  operadorPlataforma: false,
  unidades: [{ unidadeNegocioId: MATRIZ_ID, unidadeNegocioNome: 'Matriz', perfilId: 'veterinario', perfilNome: 'Veterinário' }],
  createdAt: '2026-01-01T12:00:00.000Z',
  ...overrides,
});

const dadosDe = (body: unknown): Record<string, unknown> => {
  if (!(body instanceof FormData)) throw new Error('esperava multipart');
  return JSON.parse(String(body.get('dados'))) as Record<string, unknown>;
};

describe('user form: CRMV', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('shows the stored CRMV with its hint and sends the changed one', { timeout: 60_000 }, async () => {
    const api = createFakeApi({
      'GET /auth/me': () => json(loginOutput().user),
      [`GET /auth/usuarios/${VET_ID}`]: () => json(usuario()),
      [`PUT /auth/usuarios/${VET_ID}`]: (req) => json(usuario({ crmv: String(dadosDe(req.data).crmv) })),
      'GET /auth/perfis': () => json(Object.values(PERFIS).map((p) => ({ id: p.id, nome: p.nome, descricao: p.descricao }))),
      'GET /geral/unidades-negocio': () =>
        json({ items: [{ id: MATRIZ_ID, nomeFantasia: 'Matriz', ativo: true }], total: 1, page: 1, pageSize: 100 }),
      'GET /auth/usuarios': () => json({ items: [usuario()], total: 1, page: 1, pageSize: 20 }),
    });
    renderApp(`/configuracoes/geral/usuarios/form/${VET_ID}`, { adapter: api.adapter });
    await screen.findByRole('heading', { name: 'Editar usuário' }, SLOW);
    const crmv = screen.getByRole('textbox', { name: /^CRMV/ }) as HTMLInputElement;
    expect(crmv.value).toBe('CRMV-SP 12345');
    expect(screen.getByText('Para veterinários: aparece nas receitas e documentos (ex.: CRMV-SP 12345)')).toBeTruthy();

    const user = userEvent.setup({ delay: null });
    await user.clear(crmv);
    await user.type(crmv, 'CRMV-RJ 9876');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'PUT')).toBe(true));
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(dadosDe(put?.data)).toMatchObject({ nome: 'Dra. Carla', crmv: 'CRMV-RJ 9876' });
  });
});

describe('user form: discount limit', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  const apiCom = (atual: Usuario) =>
    createFakeApi({
      'GET /auth/me': () => json(loginOutput().user),
      [`GET /auth/usuarios/${VET_ID}`]: () => json(atual),
      [`PUT /auth/usuarios/${VET_ID}`]: () => json(atual),
      'GET /auth/perfis': () => json(Object.values(PERFIS).map((p) => ({ id: p.id, nome: p.nome, descricao: p.descricao }))),
      'GET /geral/unidades-negocio': () =>
        json({ items: [{ id: MATRIZ_ID, nomeFantasia: 'Matriz', ativo: true }], total: 1, page: 1, pageSize: 100 }),
      'GET /auth/usuarios': () => json({ items: [atual], total: 1, page: 1, pageSize: 20 }),
    });

  it(
    'shows the stored limit in percent with its hint, sends the typed one as a number and an empty one as no limit',
    { timeout: 60_000 },
    async () => {
      const api = apiCom(usuario({ descontoMaximo: 10 }));
      renderApp(`/configuracoes/geral/usuarios/form/${VET_ID}`, { adapter: api.adapter });
      await screen.findByRole('heading', { name: 'Editar usuário' }, SLOW);
      const campo = screen.getByRole('textbox', { name: /^Desconto máximo \(%\)/ }) as HTMLInputElement;
      expect(campo.value).toBe('10 %');
      expect(screen.getByText('Vazio: sem limite. Acima dele, a venda pede a autorização de um gerente')).toBeTruthy();

      const user = userEvent.setup({ delay: null });
      await user.clear(campo);
      await user.type(campo, '7,5');
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(api.requests.some((r) => r.method === 'PUT')).toBe(true));
      expect(dadosDe(api.requests.find((r) => r.method === 'PUT')?.data).descontoMaximo).toBe(7.5);
    },
  );

  it('an empty limit is sent as null (no limit)', { timeout: 60_000 }, async () => {
    const api = apiCom(usuario({ descontoMaximo: 10 }));
    renderApp(`/configuracoes/geral/usuarios/form/${VET_ID}`, { adapter: api.adapter });
    await screen.findByRole('heading', { name: 'Editar usuário' }, SLOW);
    const campo = screen.getByRole('textbox', { name: /^Desconto máximo \(%\)/ }) as HTMLInputElement;
    const user = userEvent.setup({ delay: null });
    await user.clear(campo);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(dadosDe(api.requests.find((r) => r.method === 'PUT')?.data).descontoMaximo).toBeNull();
  });
});
