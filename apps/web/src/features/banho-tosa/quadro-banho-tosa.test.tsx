/**
 * The grooming board on its route: today's bath-and-grooming appointments asked for (not
 * cancelled nor no-shows) and grouped in five columns with their counts; a move by the card's
 * menu is shown at once and sent to PUT /{id}/atividade; a refused move goes back to its column
 * with the server's message; Pronto sent to PUT /{id}/status; a Banhista/Tosador (banho-tosa
 * only) uses the board and is not offered the till.
 */
import type { Atendimento } from '@petshop/shared/agenda';
import type { Page } from '@petshop/shared/http';
import { PERFIS } from '@petshop/shared/permissoes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ATENDIMENTO_ID, atendimentoFixture, VENDA_ID } from './atendimento-fixture.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, errors, json, type FakeHandler, type RecordedRequest } from '#test/fake-api.ts';
import { loginOutput, MATRIZ_ID } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 20_000 };
const LUNA_ID = '0e000000-0000-4000-8000-0000000000b1';

const page = (items: Atendimento[]): Page<Atendimento> => ({ items, total: items.length, page: 1, pageSize: 100 });

/** The fake API keeps the appointments: a successful write changes what the next GET answers. */
const setup = (handlers: Record<string, FakeHandler> = {}, user = loginOutput().user) => {
  const atendimentos = new Map<string, Atendimento>([
    [ATENDIMENTO_ID, atendimentoFixture({ vendaId: VENDA_ID, vendaNumero: 12 })],
    [LUNA_ID, atendimentoFixture({ id: LUNA_ID, petNome: 'Luna', atividade: 'Tosa', status: 'EmAtendimento' })],
  ]);
  const api = createFakeApi({
    'GET /auth/me': () => json(user),
    'GET /agenda/atendimentos': () => json(page([...atendimentos.values()])),
    [`PUT /agenda/atendimentos/${ATENDIMENTO_ID}/atividade`]: (req: RecordedRequest) => {
      const { atividade } = JSON.parse(String(req.data)) as { atividade: Atendimento['atividade'] };
      const atual = { ...atendimentos.get(ATENDIMENTO_ID)!, atividade };
      atendimentos.set(ATENDIMENTO_ID, atual);
      return json(atual);
    },
    [`PUT /agenda/atendimentos/${LUNA_ID}/status`]: (req: RecordedRequest) => {
      const { status } = JSON.parse(String(req.data)) as { status: Atendimento['status'] };
      const atual = { ...atendimentos.get(LUNA_ID)!, status };
      atendimentos.set(LUNA_ID, atual);
      return json(atual);
    },
    ...handlers,
  });
  return { api, atendimentos };
};

const coluna = async (nome: string) => screen.findByRole('region', { name: nome }, SLOW);
const card = async (colunaNome: string, pet: string) =>
  within(await coluna(colunaNome)).findByRole('article', { name: pet }, SLOW);

const moverPeloMenu = async (pet: string, destino: string) => {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: `Ações de ${pet}` }, SLOW));
  await user.click(await screen.findByRole('menuitem', { name: destino, hidden: true }, SLOW));
};

describe('grooming board', () => {
  beforeEach(() => {
    useSessionStore.getState().login(loginOutput());
    vi.useFakeTimers({ now: new Date('2024-03-09T12:25:00Z'), toFake: ['Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it("asks for the unit's bath-and-grooming day and groups the pets by activity", async () => {
    const { api } = setup();
    renderApp('/banho-tosa', { adapter: api.adapter });
    const rex = await card('Aguardando', 'Rex');
    expect(rex.textContent).toContain('há 25 min');
    expect(await card('Tosa', 'Luna')).toBeTruthy();
    expect(within(await coluna('Aguardando')).getByText('1')).toBeTruthy();
    expect(within(await coluna('Banho')).getByText('Nenhum pet')).toBeTruthy();
    const get = api.requests.find((r) => r.method === 'GET' && r.path === '/agenda/atendimentos')!;
    expect(get.params).toMatchObject({ area: 'BanhoTosa', pageSize: 100, data: '2024-03-09', page: 1 });
    expect(String(get.params.status).split(',')).toEqual(['Agendado', 'Confirmado', 'EmAtendimento', 'Pronto', 'Finalizado']);
  });

  it('moves a card by its menu: shown at once, sent to the API, kept after the refetch', async () => {
    let liberar: () => void = () => undefined;
    const { api, atendimentos } = setup();
    // The PUT answers only when released: the card must already be in Banho meanwhile.
    const pendente = new Promise<void>((resolve) => (liberar = resolve));
    const adapter = api.adapter;
    renderApp('/banho-tosa', {
      adapter: async (config) => {
        if (config.method === 'put') await pendente;
        return adapter(config);
      },
    });
    await card('Aguardando', 'Rex');
    await moverPeloMenu('Rex', 'Banho');
    expect(await card('Banho', 'Rex')).toBeTruthy();
    expect(atendimentos.get(ATENDIMENTO_ID)!.atividade).toBe('Aguardando');
    liberar();
    await waitFor(() => expect(atendimentos.get(ATENDIMENTO_ID)!.atividade).toBe('Banho'), SLOW);
    const put = api.requests.find((r) => r.method === 'PUT')!;
    expect(JSON.parse(String(put.data))).toEqual({ atividade: 'Banho' });
    await waitFor(
      () => expect(api.requests.filter((r) => r.method === 'GET' && r.path === '/agenda/atendimentos').length).toBeGreaterThan(1),
      SLOW,
    );
    expect(await card('Banho', 'Rex')).toBeTruthy();
  });

  it('puts a refused move back in its column and shows the reason', async () => {
    const { api } = setup({
      [`PUT /agenda/atendimentos/${ATENDIMENTO_ID}/atividade`]: () =>
        errors(400, { atividade: ['Atendimento cancelado não muda de atividade'] }),
    });
    renderApp('/banho-tosa', { adapter: api.adapter });
    await card('Aguardando', 'Rex');
    await moverPeloMenu('Rex', 'Secagem');
    expect(
      await screen.findByText('Não foi possível mover Rex para Secagem: Atendimento cancelado não muda de atividade', {}, SLOW),
    ).toBeTruthy();
    expect(await card('Aguardando', 'Rex')).toBeTruthy();
    expect(within(await coluna('Secagem')).queryByRole('article', { name: 'Rex' })).toBeNull();
    expect(api.requests.some((r) => r.method === 'PUT' && r.path.endsWith('/atividade'))).toBe(true);
  });

  it('lets a Banhista/Tosador mark a pet Pronto, without the till', { timeout: 60_000 }, async () => {
    const banhista = loginOutput({
      unidadesNegocio: [
        {
          id: MATRIZ_ID,
          nome: 'Matriz',
          perfil: { id: 'banhista', nome: 'Banhista / Tosador' },
          permissoes: [...PERFIS.banhista.permissoes],
          timeZone: 'America/Sao_Paulo',
        },
      ],
    });
    useSessionStore.getState().login(banhista);
    const { api, atendimentos } = setup({}, banhista.user);
    renderApp('/banho-tosa', { adapter: api.adapter });
    const user = userEvent.setup({ delay: null });
    await card('Tosa', 'Luna');
    await user.click(screen.getByRole('button', { name: 'Ações de Rex' }));
    expect(await screen.findByRole('menuitem', { name: 'Banho', hidden: true }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Abrir no PDV', hidden: true })).toBeNull();
    await user.keyboard('{Escape}');
    // Rex's menu has gone (its items would otherwise answer for Luna's "Pronto").
    await waitFor(() => expect(screen.queryAllByRole('menuitem', { hidden: true })).toHaveLength(0), SLOW);
    await moverPeloMenu('Luna', 'Pronto');
    await waitFor(() => expect(atendimentos.get(LUNA_ID)!.status).toBe('Pronto'), SLOW);
    const put = api.requests.find((r) => r.method === 'PUT' && r.path === `/agenda/atendimentos/${LUNA_ID}/status`)!;
    expect(JSON.parse(String(put.data))).toEqual({ status: 'Pronto' });
    expect(await screen.findByText('Luna está pronto: o tutor será avisado', {}, SLOW)).toBeTruthy();
  });
});
