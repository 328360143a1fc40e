/**
 * The customer page's LGPD menu (issue #22 item 6): hidden without the permission dados-pessoais;
 * "Exportar dados (JSON)" downloads under the API's file name; "Anonimizar cliente" explains what
 * is erased and kept, enables the red button only once ANONIMIZAR is typed, shows the API's field
 * error, and afterwards the page shows the anonymised customer with the badge "Anonimizado".
 */
import { NOME_ANONIMIZADO } from '@petshop/shared/lgpd';
import type { Pessoa } from '@petshop/shared/pessoa';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, errors, json } from '#test/fake-api.ts';
import { FILIAL_ID, loginOutput, pessoaFixture } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 10_000 };
const ID = '99999999-9999-4999-8999-999999999999';

const base = pessoaFixture({
  id: ID,
  cpfCnpj: '52998224725',
  telefones: [{ numero: '11987654321', tipo: 'celular', whatsapp: true }],
  consentimentoMarketing: true,
});

const setup = () => {
  let pessoa: Pessoa = { ...base };
  let recusar = true;
  const api = createFakeApi({
    'GET /auth/me': () => json(loginOutput().user),
    [`GET /pessoal/pessoas/${ID}`]: () => json(pessoa),
    'GET /animal/pets': () => json({ items: [], total: 0, page: 1, pageSize: 100 }),
    [`GET /pessoal/pessoas/${ID}/lgpd/exportar`]: () =>
      json(new Blob(['{}']), 200, {
        'content-disposition': 'attachment; filename="dados-pessoais-carla-dias-2026-11-27.json"',
      }),
    [`POST /pessoal/pessoas/${ID}/lgpd/anonimizar`]: () => {
      if (recusar) return errors(400, { motivo: ['Motivo muito longo'] });
      pessoa = {
        ...pessoa,
        nome: NOME_ANONIMIZADO,
        cpfCnpj: null,
        telefones: [],
        consentimentoMarketing: false,
        ativo: false,
      };
      return json(pessoa);
    },
  });
  return { api, aceitar: () => (recusar = false) };
};

describe('customer page: LGPD', () => {
  beforeEach(() => {
    useSessionStore.getState().login(loginOutput());
    URL.createObjectURL = vi.fn(() => 'blob:lgpd');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('is hidden without the permission dados-pessoais', SLOW, async () => {
    const semPermissao = loginOutput().user.unidadesNegocio.map((u) => ({
      ...u,
      permissoes: u.permissoes.filter((p) => p !== 'dados-pessoais'),
    }));
    useSessionStore.getState().login(loginOutput({ unidadesNegocio: semPermissao }));
    useSessionStore.getState().selectUnidade(FILIAL_ID);
    const { api } = setup();
    renderApp(`/clientes/${ID}`, { adapter: api.adapter });
    expect(await screen.findByRole('heading', { name: 'Carla Dias' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'LGPD' })).toBeNull();
  });

  it('exports the JSON under the API name, and anonymises after ANONIMIZAR is typed', { timeout: 40_000 }, async () => {
    const { api, aceitar } = setup();
    const clique = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const nomes: string[] = [];
    clique.mockImplementation(function (this: HTMLAnchorElement) {
      nomes.push(this.download);
    });
    renderApp(`/clientes/${ID}`, { adapter: api.adapter });
    expect(await screen.findByRole('heading', { name: 'Carla Dias' }, SLOW)).toBeTruthy();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: 'LGPD' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Exportar dados (JSON)', hidden: true }, SLOW));
    await waitFor(() => expect(nomes).toEqual(['dados-pessoais-carla-dias-2026-11-27.json']), SLOW);
    const exportacao = api.requests.find((r) => r.path === `/pessoal/pessoas/${ID}/lgpd/exportar`)!;
    expect(exportacao.params).toEqual({ formato: 'json' });

    await user.click(screen.getByRole('menuitem', { name: 'Anonimizar cliente', hidden: true }));
    const modal = await screen.findByRole('dialog', { name: 'Anonimizar cliente (LGPD)' }, SLOW);
    expect(within(modal).getByText('Serão apagados')).toBeTruthy();
    expect(within(modal).getByText(/Documentos fiscais \(NF-e\/NFC-e\) já autorizados/)).toBeTruthy();
    const botao = within(modal).getByRole('button', { name: 'Anonimizar cliente' });
    expect(botao.hasAttribute('disabled')).toBe(true);
    await user.type(within(modal).getByRole('textbox', { name: /^Motivo/ }), 'Pedido do titular por e-mail');
    await user.type(within(modal).getByRole('textbox', { name: 'Digite ANONIMIZAR para confirmar' }), 'ANONIMIZA');
    expect(botao.hasAttribute('disabled')).toBe(true);
    await user.type(within(modal).getByRole('textbox', { name: 'Digite ANONIMIZAR para confirmar' }), 'R');
    expect(botao.hasAttribute('disabled')).toBe(false);

    await user.click(botao);
    expect(await within(modal).findByText('Motivo muito longo', {}, SLOW)).toBeTruthy();
    aceitar();
    await user.click(botao);
    expect(await screen.findByRole('heading', { name: NOME_ANONIMIZADO }, SLOW)).toBeTruthy();
    expect(screen.getByText('Anonimizado')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reativar cliente' })).toBeNull();
    const envios = api.requests.filter((r) => r.method === 'POST');
    const body = envios.at(-1)!.data;
    expect(typeof body === 'string' ? JSON.parse(body) : body).toEqual({
      confirmacao: 'ANONIMIZAR',
      motivo: 'Pedido do titular por e-mail',
    });
  });
});
