/**
 * New customer with CEP autofill and a first pet: the person is created first (multipart),
 * then the pet with the new person as tutor, then the customer's page opens.
 */
import type { Pet } from '@petshop/shared/pet';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, errors, json, type RecordedRequest } from '#test/fake-api.ts';
import { loginOutput, pessoaFixture } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

/** The customer's name field (not 'Nome do pet'). */
const NOME = /^Nome\s*\*?$/;
const PESSOA_ID = '55555555-5555-4555-8555-555555555555';
const CANINA = '66666666-6666-4666-8666-666666666666';
const BEAGLE = '77777777-7777-4777-8777-777777777777';

/** jsdom under load is slow to render a route after a save. */
const SLOW = { timeout: 5000 };

const dadosOf = (req: RecordedRequest): Record<string, unknown> => {
  const body = req.data;
  if (!(body instanceof FormData)) throw new Error('esperava multipart');
  return JSON.parse(String(body.get('dados'))) as Record<string, unknown>;
};

const pessoa = (dados: Record<string, unknown>) =>
  pessoaFixture({ id: PESSOA_ID, nome: String(dados.nome), createdAt: '2024-06-01T10:00:00-03:00' });

const setup = (petReply?: () => ReturnType<typeof json>) => {
  const order: string[] = [];
  const api = createFakeApi({
    'GET /auth/me': () => json(loginOutput().user),
    'GET /third/cep/01310100': () =>
      json({
        cep: '01310100',
        logradouro: 'Avenida Paulista',
        complemento: '',
        bairro: 'Bela Vista',
        cidade: 'São Paulo',
        uf: 'SP',
        codigoIbge: '3550308',
      }),
    'GET /animal/especies': () =>
      json({ items: [{ id: CANINA, nome: 'Canina', ativo: true }], total: 1, page: 1, pageSize: 100 }),
    'GET /animal/racas': (req) =>
      json({
        items:
          req.params.especieId === CANINA
            ? [{ id: BEAGLE, nome: 'Beagle', especieId: CANINA, especieNome: 'Canina', porte: 'medio', ativo: true }]
            : [],
        total: 1,
        page: 1,
        pageSize: 100,
      }),
    'POST /pessoal/pessoas': (req) => {
      order.push('pessoa');
      return json(pessoa(dadosOf(req)), 201);
    },
    'POST /animal/pets': () => {
      order.push('pet');
      return petReply ? petReply() : json({ id: 'pet-1' } as Partial<Pet>, 201);
    },
    [`GET /pessoal/pessoas/${PESSOA_ID}`]: () => json(pessoa({ nome: 'Joana Prado' })),
    'GET /animal/pets': () => json({ items: [], total: 0, page: 1, pageSize: 100 }),
  });
  return { api, order };
};

const choose = async (user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  // Mantine's dropdown transition never ends in jsdom: the option is there, but styled hidden.
  await user.click(await screen.findByRole('option', { name: option, hidden: true }, SLOW));
};

describe('new customer form', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it(
    'fills the address from the CEP, creates the person, then the first pet with them as tutor',
    { timeout: 60_000 },
    async () => {
      const { api, order } = setup();
      const { router } = renderApp('/clientes/form', { adapter: api.adapter });
      expect(await screen.findByRole('heading', { name: 'Novo cliente' }, SLOW)).toBeTruthy();
      const user = userEvent.setup({ delay: null });

      await user.type(screen.getByLabelText(NOME), 'Joana Prado');
      await user.type(screen.getByLabelText('CPF/CNPJ'), '52998224725');
      await user.type(screen.getByLabelText('Telefone 1'), '11987654321');
      await user.type(screen.getByLabelText('CEP'), '01310100');
      await waitFor(() => expect((screen.getByLabelText('Logradouro') as HTMLInputElement).value).toBe('Avenida Paulista'), SLOW);
      expect((screen.getByLabelText('Cidade') as HTMLInputElement).value).toBe('São Paulo');
      await user.type(screen.getByLabelText('Número'), '1000');
      await user.click(screen.getByRole('checkbox', { name: /Aceita receber comunicações de marketing/ }));

      await user.type(screen.getByLabelText('Nome do pet'), 'Pé de Feijão');
      await choose(user, /^Espécie/, 'Canina');
      await choose(user, /^Raça/, 'Beagle');
      // The breed's default size.
      await waitFor(() => expect((screen.getByRole('combobox', { name: /^Porte/ }) as HTMLInputElement).value).toBe('Médio'));
      await user.type(screen.getAllByLabelText('Data de nascimento')[1]!, '10022022');

      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`/clientes/${PESSOA_ID}`), SLOW);

      expect(order).toEqual(['pessoa', 'pet']);
      const [postPessoa] = api.requests.filter((r) => r.method === 'POST' && r.path === '/pessoal/pessoas');
      expect(dadosOf(postPessoa!)).toMatchObject({
        nome: 'Joana Prado',
        cpfCnpj: '52998224725',
        telefones: [{ numero: '11987654321', tipo: 'celular', whatsapp: true }],
        endereco: { cep: '01310100', logradouro: 'Avenida Paulista', cidade: 'São Paulo', uf: 'SP', numero: '1000' },
        consentimentoMarketing: true,
      });
      expect(dadosOf(postPessoa!)).not.toHaveProperty('primeiroPet');
      const [postPet] = api.requests.filter((r) => r.method === 'POST' && r.path === '/animal/pets');
      expect(dadosOf(postPet!)).toMatchObject({
        nome: 'Pé de Feijão',
        especieId: CANINA,
        racaId: BEAGLE,
        porte: 'medio',
        dataNascimento: '2022-02-10',
        tutores: [{ pessoaId: PESSOA_ID, principal: true }],
      });
      expect(await screen.findByRole('heading', { name: 'Joana Prado' }, SLOW)).toBeTruthy();
    },
  );

  it('Enter in the UF select picks the typed state and does not submit the form', { timeout: 60_000 }, async () => {
    const { api, order } = setup();
    const { router } = renderApp('/clientes/form', { adapter: api.adapter });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(NOME, {}, SLOW), 'Joana Prado');
    const uf = screen.getByRole('combobox', { name: /^UF/ }) as HTMLInputElement;
    await user.click(uf);
    await user.type(uf, 'SP{Enter}');
    await waitFor(() => expect(uf.value).toBe('SP'));
    // Enter in "Como conheceu" (an autocomplete) keeps the text and does not submit either.
    await user.type(screen.getByRole('combobox', { name: /^Como conheceu/ }), 'Vizinho{Enter}');
    expect(order).toEqual([]);
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
    expect(router.state.location.pathname).toBe('/clientes/form');

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/clientes/${PESSOA_ID}`), SLOW);
    expect(dadosOf(api.requests.find((r) => r.method === 'POST')!)).toMatchObject({
      endereco: { uf: 'SP' },
      comoConheceu: 'Vizinho',
    });
  });

  it('says in one line why the CEP filled nothing, and the address is typed by hand', { timeout: 60_000 }, async () => {
    const { api } = setup();
    api.handlers['GET /third/cep/99999999'] = () =>
      errors(503, { generalErrors: ['Serviço de CEP indisponível no momento. Preencha o endereço manualmente.'] });
    renderApp('/clientes/form', { adapter: api.adapter });
    const user = userEvent.setup({ delay: null });
    const cep = await screen.findByLabelText('CEP', {}, SLOW);
    await user.type(cep, '99999999');
    expect(await screen.findByText('Não foi possível consultar o CEP; preencha o endereço', {}, SLOW)).toBeTruthy();
    // Typing clears the line; an unknown CEP (404) says so.
    await user.clear(cep);
    expect(screen.queryByText('Não foi possível consultar o CEP; preencha o endereço')).toBeNull();
    await user.type(cep, '00000000');
    expect(await screen.findByText('CEP não encontrado; preencha o endereço', {}, SLOW)).toBeTruthy();
    await user.type(screen.getByLabelText('Logradouro'), 'Rua das Flores');
    expect((screen.getByLabelText('Logradouro') as HTMLInputElement).value).toBe('Rua das Flores');
  });

  it('creates no pet when the first-pet block is left blank', { timeout: 30_000 }, async () => {
    const { api, order } = setup();
    const { router } = renderApp('/clientes/form', { adapter: api.adapter });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(NOME, {}, SLOW), 'Joana Prado');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/clientes/${PESSOA_ID}`), SLOW);
    expect(order).toEqual(['pessoa']);
    // The blank phone row is not sent.
    expect(dadosOf(api.requests.find((r) => r.method === 'POST')!)).toMatchObject({ telefones: [] });
  });

  it(
    'validates the pet before sending anything, and keeps the customer when the pet is refused',
    { timeout: 60_000 },
    async () => {
      const { api, order } = setup(() => errors(400, { generalErrors: ['Espécie inativa'] }));
      const { router } = renderApp('/clientes/form', { adapter: api.adapter });
      const user = userEvent.setup({ delay: null });
      await user.type(await screen.findByLabelText(NOME, {}, SLOW), 'Joana Prado');
      await choose(user, /^Espécie/, 'Canina');
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      // A species without a name: the pet's own rule (name required), nothing sent.
      expect(await screen.findByText('Nome é obrigatório')).toBeTruthy();
      expect(order).toEqual([]);

      await user.type(screen.getByLabelText('Nome do pet'), 'Rex');
      await user.click(screen.getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`/clientes/${PESSOA_ID}`), SLOW);
      expect(order).toEqual(['pessoa', 'pet']);
      expect(router.state.location.search).toMatchObject({ tab: 'pets' });
      expect(await screen.findByText(/Cliente cadastrado, mas o pet não foi salvo: Espécie inativa/, {}, SLOW)).toBeTruthy();
    },
  );
});
