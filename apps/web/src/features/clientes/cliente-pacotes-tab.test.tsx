/**
 * The customer's Pacotes tab (issue #17 item 6; DOMAIN.md §3), drawn from
 * GET /pessoal/pessoas/{id}/pacotes: a row per package with pet, type, "3 de 4 restantes" and
 * its bar, valid until, status; active first; the sale opening the till with the way back; an
 * empty state.
 */
import type { Pacote } from '@petshop/shared/agenda';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { loginOutput, pessoaFixture } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };
const ID = '99999999-9999-4999-8999-999999999999';
const VENDA = '0e000000-0000-4000-8000-000000000007';

const pacote = (over: Partial<Pacote>): Pacote => ({
  id: 'p1',
  nome: 'Pacote 4 banhos',
  clienteId: ID,
  clienteNome: 'Carla Dias',
  petId: 'pet1',
  petNome: 'Thor',
  tipoAtendimentoId: 't1',
  tipoNome: 'Banho',
  sessoesTotal: 4,
  sessoesUsadas: 1,
  sessoesRestantes: 3,
  validoAte: '2099-01-20',
  status: 'Ativo',
  vendaId: VENDA,
  vendaNumero: 57,
  createdAt: '2024-05-02T10:15:00-03:00',
  ...over,
});

const pacotes: Pacote[] = [
  pacote({
    id: 'p0',
    nome: 'Pacote 8 banhos',
    sessoesTotal: 8,
    sessoesUsadas: 8,
    sessoesRestantes: 0,
    status: 'Esgotado',
    vendaId: null,
    vendaNumero: null,
  }),
  pacote({
    id: 'p2',
    nome: 'Pacote 4 hidratações',
    petId: null,
    petNome: null,
    tipoNome: 'Hidratação',
    validoAte: '2024-03-01',
    status: 'Expirado',
  }),
  pacote({}),
];

const setup = (lista: Pacote[] = pacotes) =>
  createFakeApi({
    'GET /auth/me': () => json(loginOutput().user),
    [`GET /pessoal/pessoas/${ID}`]: () => json(pessoaFixture({ id: ID })),
    'GET /animal/pets': () => json({ items: [], total: 0, page: 1, pageSize: 100 }),
    [`GET /pessoal/pessoas/${ID}/pacotes`]: () => json(lista),
  });

describe("customer's Pacotes tab", () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('lists the packages, active first, with sessions left, validity, status and the sale', async () => {
    const api = setup();
    const { router } = renderApp(`/clientes/${ID}?tab=pacotes`, { adapter: api.adapter });
    const tabela = await screen.findByRole('table', { name: 'Pacotes' }, SLOW);
    const linhas = within(tabela).getAllByRole('row').slice(1);
    expect(linhas.map((l) => l.getAttribute('aria-label'))).toEqual([
      'Pacote 4 banhos',
      'Pacote 8 banhos',
      'Pacote 4 hidratações',
    ]);

    const ativo = linhas[0]!;
    expect(within(ativo).getByText('Thor')).toBeTruthy();
    expect(within(ativo).getByText('Banho')).toBeTruthy();
    expect(within(ativo).getByText('3 de 4 restantes')).toBeTruthy();
    expect(within(ativo).getByText('20/01/2099')).toBeTruthy();
    expect(within(ativo).getByText('Ativo')).toBeTruthy();
    const barra = within(ativo).getByRole('progressbar', { name: 'Sessões restantes de Pacote 4 banhos' });
    expect(barra.getAttribute('aria-valuenow')).toBe('75');

    const esgotado = linhas[1]!;
    expect(within(esgotado).getByText('0 de 8 restantes')).toBeTruthy();
    expect(within(esgotado).getByText('Esgotado')).toBeTruthy();
    expect(within(esgotado).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(within(esgotado).queryByRole('link')).toBeNull();

    const expirado = linhas[2]!;
    expect(within(expirado).getByText('Qualquer pet')).toBeTruthy();
    expect(within(expirado).getByText('Expirado')).toBeTruthy();
    expect(within(expirado).getByText('01/03/2024')).toBeTruthy();

    // Phones read the same packages as cards, in the same order.
    const cartoes = within(screen.getByRole('list', { name: 'Pacotes (lista)' })).getAllByRole('listitem');
    expect(cartoes.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Pacote 4 banhos',
      'Pacote 8 banhos',
      'Pacote 4 hidratações',
    ]);
    expect(within(cartoes[0]!).getByText('Thor · Banho · válido até 20/01/2099')).toBeTruthy();
    expect(within(cartoes[0]!).getByText('3 de 4 restantes')).toBeTruthy();

    await userEvent.setup({ delay: null }).click(within(ativo).getByRole('link', { name: 'Abrir venda nº 57' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/vendas/pdv/${VENDA}`), SLOW);
    expect(router.state.location.search).toMatchObject({ returnTo: `/clientes/${ID}?tab=pacotes` });
  });

  it('loads the packages only when the tab is opened', async () => {
    const api = setup();
    const { router } = renderApp(`/clientes/${ID}`, { adapter: api.adapter });
    await screen.findByRole('heading', { name: 'Carla Dias' }, SLOW);
    expect(api.requests.some((r) => r.path.endsWith('/pacotes'))).toBe(false);
    await userEvent.setup({ delay: null }).click(screen.getByRole('tab', { name: 'Pacotes' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: 'pacotes' }));
    expect(await screen.findByRole('table', { name: 'Pacotes' }, SLOW)).toBeTruthy();
  });

  it('says when the customer has no package', async () => {
    const api = setup([]);
    renderApp(`/clientes/${ID}?tab=pacotes`, { adapter: api.adapter });
    expect(await screen.findByText('Nenhum pacote', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Pacotes' })).toBeNull();
  });
});
