/**
 * The customer page: loaded first, sections saved on their own, deactivation with the whole
 * person (nulls as absent), and a refused delete explained with an offer to deactivate.
 */
import type { Pessoa } from '@petshop/shared/pessoa';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, errors, json, type RecordedRequest } from '#test/fake-api.ts';
import { loginOutput, pessoaFixture } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };
const ID = '99999999-9999-4999-8999-999999999999';

const base = pessoaFixture({
  id: ID,
  cpfCnpj: '52998224725',
  dataNascimento: '1990-06-20',
  sexo: 'F',
  telefones: [{ numero: '11987654321', tipo: 'celular', whatsapp: true }],
  consentimentoMarketing: true,
  consentimentoMarketingEm: '2024-05-01T12:00:00-03:00',
  pets: [{ id: 'p1', nome: 'Thor', especieNome: 'Canina', ativo: true, dataObito: null }],
});

const setup = () => {
  let pessoa = { ...base };
  const api = createFakeApi({
    'GET /auth/me': () => json(loginOutput().user),
    [`GET /pessoal/pessoas/${ID}`]: () => json(pessoa),
    'GET /animal/pets': () => json({ items: [], total: 0, page: 1, pageSize: 100 }),
    [`PUT /pessoal/pessoas/${ID}`]: (req: RecordedRequest) => {
      const dados = JSON.parse(String((req.data as FormData).get('dados'))) as { ativo: boolean };
      pessoa = { ...pessoa, ativo: dados.ativo };
      return json(pessoa);
    },
    [`PUT /pessoal/pessoas/${ID}/contato`]: (req) => {
      const dados = JSON.parse(String(req.data)) as Pick<Pessoa, 'email' | 'telefones'>;
      pessoa = { ...pessoa, email: dados.email ?? null, telefones: dados.telefones };
      return json(pessoa);
    },
    [`DELETE /pessoal/pessoas/${ID}`]: () =>
      errors(400, { generalErrors: ['Este cliente tem pets e não pode ser excluído. Desative-o.'] }),
  });
  return api;
};

describe('customer page', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('shows the header, saves the contact section alone and deactivates with the whole person', { timeout: 30_000 }, async () => {
    const api = setup();
    renderApp(`/clientes/${ID}`, { adapter: api.adapter });
    expect(await screen.findByRole('heading', { name: 'Carla Dias' }, SLOW)).toBeTruthy();
    expect(screen.getByText('Aceita marketing')).toBeTruthy();
    expect(screen.getAllByText('529.982.247-25').length).toBeGreaterThan(0);
    expect(screen.getByRole('tab', { name: /Pets/ })).toBeTruthy();
    // Tabs of later issues (packages) are not shown.
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Dados',
      'Pets1',
      'Pacotes',
      'Vendas em aberto',
      'Resumo',
    ]);
    // The money tabs load when opened, not with the page.
    expect(api.requests.some((r) => r.path.endsWith('/vendas-em-aberto') || r.path.endsWith('/resumo'))).toBe(false);

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Editar contato' }));
    const contato = screen.getByRole('form', { name: 'Contato' });
    await user.type(within(contato).getByLabelText('E-mail'), 'carla@exemplo.com.br');
    await user.click(within(contato).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('carla@exemplo.com.br', {}, SLOW)).toBeTruthy();
    const put = api.requests.find((r) => r.path.endsWith('/contato'));
    expect(JSON.parse(String(put?.data))).toEqual({
      email: 'carla@exemplo.com.br',
      telefones: [{ numero: '11987654321', tipo: 'celular', whatsapp: true }],
    });

    await user.click(screen.getByRole('button', { name: 'Desativar cliente' }));
    expect(await screen.findByRole('button', { name: 'Reativar cliente' }, SLOW)).toBeTruthy();
    const whole = api.requests.find((r) => r.method === 'PUT' && r.path === `/pessoal/pessoas/${ID}`);
    const dados = JSON.parse(String((whole?.data as FormData).get('dados'))) as Record<string, unknown>;
    expect(dados).toMatchObject({ nome: 'Carla Dias', cpfCnpj: '52998224725', dataNascimento: '1990-06-20', ativo: false });
    expect(dados).not.toHaveProperty('rg');
  });

  it('explains a refused delete and offers to deactivate instead', { timeout: 30_000 }, async () => {
    const api = setup();
    renderApp(`/clientes/${ID}`, { adapter: api.adapter });
    await screen.findByRole('heading', { name: 'Carla Dias' }, SLOW);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    // Mantine's modal transition never ends in jsdom: its content is there, styled hidden.
    const confirm = await screen.findByRole('dialog', { name: 'Confirmar exclusão', hidden: true }, SLOW);
    await user.click(within(confirm).getByRole('button', { name: 'Excluir', hidden: true }));
    const refused = await screen.findByRole('dialog', { name: 'Não foi possível excluir', hidden: true }, SLOW);
    expect(within(refused).getByText('Este cliente tem pets e não pode ser excluído. Desative-o.')).toBeTruthy();
    await user.click(within(refused).getByRole('button', { name: 'Desativar cliente', hidden: true }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'PUT')).toBe(true), SLOW);
  });
});
