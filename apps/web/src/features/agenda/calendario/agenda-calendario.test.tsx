/**
 * /atendimentos/: the list view with its rows, and booking from "Novo atendimento": the pet
 * search fills the owner, the type its service and end, the pet's package is offered; the
 * API's clash (400) lands on the box field and as a general error with nothing lost, then the
 * booking goes through with the package.
 */
import type { Atendimento, Eventos, Pacote, TipoAtendimento } from '@petshop/shared/agenda';
import type { Pet } from '@petshop/shared/pet';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, errors, json } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 8000 };
const DIA = '2026-11-25';
const BOX1 = 'b0000000-0000-4000-8000-000000000001';
const BOX2 = 'b0000000-0000-4000-8000-000000000002';
const PET = 'a0000000-0000-4000-8000-000000000001';
const TUTOR1 = 'c0000000-0000-4000-8000-000000000001';
const TUTOR2 = 'c0000000-0000-4000-8000-000000000002';
const BANHO = 'd0000000-0000-4000-8000-000000000001';

const banho: TipoAtendimento = {
  id: BANHO,
  nome: 'Banho',
  area: 'BanhoTosa',
  duracaoMinutos: 60,
  cor: '#228be6',
  produtoId: 'e0000000-0000-4000-8000-000000000001',
  produtoNome: 'Banho porte médio',
  preco: 70,
  recurso: 'Box',
  ativo: true,
};

const pet = {
  id: PET,
  nome: 'Rex',
  racaNome: 'Beagle',
  tutores: [
    { pessoaId: TUTOR1, nome: 'Maria Silva', principal: true },
    { pessoaId: TUTOR2, nome: 'João Silva', principal: false },
  ],
} as Pet;

const pacote: Pacote = {
  id: 'f0000000-0000-4000-8000-000000000001',
  nome: 'Banho 4x',
  clienteId: TUTOR1,
  clienteNome: 'Maria Silva',
  petId: PET,
  petNome: 'Rex',
  tipoAtendimentoId: BANHO,
  tipoNome: 'Banho',
  sessoesTotal: 4,
  sessoesUsadas: 1,
  sessoesRestantes: 3,
  validoAte: '2027-01-31',
  status: 'Ativo',
  vendaId: null,
  vendaNumero: 1,
  createdAt: '2026-11-01T12:00:00Z',
};

const eventos: Eventos = {
  eventos: [],
  recursos: {
    boxes: [
      { id: BOX1, nome: 'Box 1', ativo: true },
      { id: BOX2, nome: 'Box 2', ativo: true },
    ],
    salas: [],
    profissionais: [],
  },
};

const atendimento = {
  id: 'aa000000-0000-4000-8000-000000000001',
  petNome: 'Thor',
  clienteNome: 'Ana Souza',
  tipoNome: 'Tosa completa',
  cor: '#40c057',
  inicio: `${DIA}T09:00`,
  fim: `${DIA}T10:30`,
  responsavelNome: 'Carla',
  boxNome: 'Box 2',
  salaNome: null,
  status: 'Confirmado',
  statusFinanceiro: 'EmAberto',
  servicos: [{ produtoId: 'x', descricao: 'Tosa', valor: 90 }],
} as unknown as Atendimento;

const detalhe = {
  ...atendimento,
  petId: PET,
  clienteId: TUTOR1,
  tipoAtendimentoId: BANHO,
  responsavelId: null,
  salaId: null,
  boxId: BOX2,
  observacoes: null,
  naoFazer: null,
  prioridade: 'Normal',
  atividade: 'Aguardando',
  levaETraz: null,
  vendaId: 'ab000000-0000-4000-8000-000000000001',
  vendaNumero: 321,
  pacote: null,
  historico: [
    { campo: 'status', de: 'Agendado', para: 'Confirmado', usuarioNome: 'Carla Recepção', em: '2026-11-24T13:05:00.000Z' },
  ],
};

const setup = () => {
  let tentativas = 0;
  const api = createFakeApi({
    'GET /auth/me': () => json(loginOutput().user),
    'GET /agenda/eventos': () => json(eventos),
    'GET /agenda/configuracoes': () =>
      json({
        horarios: [0, 1, 2, 3, 4, 5, 6].map((d) => ({ diaSemana: d, aberto: true, abre: '08:00', fecha: '18:00' })),
        intervaloMinutos: 30,
        petsPorProfissional: 1,
        petsPorBox: 1,
      }),
    'GET /agenda/atendimentos': () => json({ items: [atendimento], total: 1, page: 1, pageSize: 20 }),
    [`GET /agenda/atendimentos/${atendimento.id}`]: () => json(detalhe),
    [`PUT /agenda/atendimentos/${atendimento.id}/status`]: () => json({ ...detalhe, status: 'EmAtendimento' }),
    'GET /agenda/tipos-atendimento': () => json({ items: [banho], total: 1, page: 1, pageSize: 100 }),
    'GET /animal/pets': () => json({ items: [pet], total: 1, page: 1, pageSize: 10 }),
    [`GET /animal/pets/${PET}/pacotes`]: () => json([pacote]),
    'POST /agenda/atendimentos': () => {
      tentativas += 1;
      return tentativas === 1
        ? errors(400, {
            boxId: ['Box 1: Conflito com Thor (Ana Souza) · Tosa completa às 09:00'],
            generalErrors: ['Box 1: Conflito com Thor (Ana Souza) · Tosa completa às 09:00'],
          })
        : json({ id: 'novo', ids: ['novo'] }, 201);
    },
  });
  return api;
};

const choose = async (user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string, option: RegExp) => {
  await user.click(input);
  if (text) await user.type(input, text);
  await user.click(await screen.findByRole('option', { name: option, hidden: true }, SLOW));
};

describe('agenda /atendimentos/', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it(
    'lists the day’s appointments with pet, owner, type, resource, status and financial status',
    { timeout: 60_000 },
    async () => {
      const api = setup();
      renderApp(`/atendimentos/?data=${DIA}&visao=lista`, { adapter: api.adapter });
      const row = await screen.findByRole('row', { name: /Thor \(Ana Souza\) · Tosa completa às 09:00, Confirmado/ }, SLOW);
      expect(within(row).getByText('Box 2')).toBeTruthy();
      expect(within(row).getByText('Em aberto')).toBeTruthy();
      expect(within(row).getByText('R$ 90,00')).toBeTruthy();
      const list = api.requests.find((r) => r.path === '/agenda/atendimentos');
      expect(list?.params).toMatchObject({ dataInicio: DIA, dataFim: DIA, page: 1, pageSize: 20 });
    },
  );

  it('books with the package; a clash shows on the box and as a general error, nothing lost', { timeout: 60_000 }, async () => {
    const api = setup();
    renderApp(`/atendimentos/?data=${DIA}&visao=lista`, { adapter: api.adapter });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Novo atendimento' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Novo atendimento', hidden: true }, SLOW);

    await choose(user, within(dialog).getByLabelText(/^Pet/), 'Rex', /^Rex \(Beagle\) — Maria Silva/);
    // Two tutors: the first is chosen and the other can be picked.
    await waitFor(() => expect((within(dialog).getByLabelText(/^Tutor/) as HTMLInputElement).value).toBe('Maria Silva'));
    await choose(user, within(dialog).getByLabelText(/^Tipo de atendimento/), '', /^Banho$/);
    await choose(user, within(dialog).getByLabelText(/^Box/), '', /^Box 1$/);
    await user.clear(within(dialog).getByLabelText(/^Início/));
    await user.type(within(dialog).getByLabelText(/^Início/), '09:00');
    await user.clear(within(dialog).getByLabelText(/^Fim/));
    await user.type(within(dialog).getByLabelText(/^Fim/), '10:00');
    await user.type(within(dialog).getByLabelText('Não fazer'), 'Não cortar as unhas');

    // The type's service with its price, and the pet's package.
    expect(within(dialog).getByText('Banho porte médio')).toBeTruthy();
    expect(await within(dialog).findByText(/3 de 4 restantes: esta sessão será descontada/, {}, SLOW)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Agendar', hidden: true }));
    const alerta = await within(dialog).findByRole('alert', { hidden: true }, SLOW);
    expect(alerta.textContent).toContain('Conflito com Thor (Ana Souza)');
    expect(within(dialog).getAllByText(/Conflito com Thor/).length).toBeGreaterThan(1);
    expect((within(dialog).getByLabelText('Não fazer') as HTMLInputElement).value).toBe('Não cortar as unhas');

    await choose(user, within(dialog).getByLabelText(/^Box/), '', /^Box 2$/);
    await user.click(within(dialog).getByRole('button', { name: 'Agendar', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo atendimento', hidden: true })).toBeNull(), SLOW);

    const posts = api.requests.filter((r) => r.method === 'POST' && r.path === '/agenda/atendimentos');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.data && JSON.parse(String(posts[1]!.data))).toMatchObject({
      petId: PET,
      clienteId: TUTOR1,
      tipoAtendimentoId: BANHO,
      inicio: `${DIA}T09:00`,
      fim: `${DIA}T10:00`,
      boxId: BOX2,
      naoFazer: 'Não cortar as unhas',
      servicos: [{ produtoId: banho.produtoId, valor: 70 }],
      usarPacote: true,
      levaETraz: null,
      repeticao: null,
    });
  });

  it(
    'opens an appointment with its history, only the allowed status changes, and the sale to charge',
    { timeout: 60_000 },
    async () => {
      const api = setup();
      renderApp(`/atendimentos/?data=${DIA}&visao=lista`, { adapter: api.adapter });
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('row', { name: /Thor \(Ana Souza\)/ }, SLOW));
      const dialog = await screen.findByRole('dialog', { name: 'Atendimento', hidden: true }, SLOW);
      const acoes = await within(dialog).findByRole('group', { name: 'Alterar status', hidden: true }, SLOW);
      // Confirmado → Agendado, EmAtendimento, Pronto, Finalizado, Cancelado, NaoCompareceu (TRANSICOES_STATUS).
      expect(
        within(acoes)
          .getAllByRole('button', { hidden: true })
          .map((b) => b.textContent),
      ).toEqual(['Reabrir', 'Iniciar', 'Pronto', 'Finalizar', 'Cancelar atendimento', 'Não compareceu']);
      expect(within(dialog).getByText('Status: Agendado → Confirmado')).toBeTruthy();
      expect(within(dialog).getByText(/Carla Recepção · 24\/11\/2026 10:05/)).toBeTruthy();
      const cobrar = within(dialog).getByRole('link', { name: /Cobrar no PDV \(venda 321\)/, hidden: true });
      expect(cobrar.getAttribute('href')).toBe(`/vendas/pdv/${detalhe.vendaId}`);

      await user.click(within(acoes).getByRole('button', { name: 'Iniciar', hidden: true }));
      await waitFor(() => {
        const put = api.requests.find((r) => r.method === 'PUT' && r.path.endsWith('/status'));
        expect(put && JSON.parse(String(put.data))).toEqual({ status: 'EmAtendimento' });
      }, SLOW);
    },
  );
});
