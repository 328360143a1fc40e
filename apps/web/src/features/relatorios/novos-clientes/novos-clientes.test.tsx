/**
 * /relatorios/novos-clientes through the real route and a fake API speaking the contract
 * (issue #20): the rows (the name links to the customer, the phone formatted), the totals row as
 * the exports say it, the stat cards, and the "Como conheceu" filter going to the URL and the API.
 */
import type { NovosClientesResposta } from '@petshop/shared/relatorios-clientes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 10_000 };
const ANA = '00000000-0000-4000-8000-000000000001';
const BRUNO = '00000000-0000-4000-8000-000000000002';

const resposta = (comoConheceu?: string): NovosClientesResposta => {
  const items = [
    {
      pessoaId: ANA,
      nome: 'Ana Ribeiro',
      cadastradoEm: '2026-10-05',
      comoConheceu: 'Instagram',
      telefone: '11987654321',
      primeiraCompraEm: '2026-10-06',
      primeiraCompraValor: 100,
      totalComprado: 110,
    },
    {
      pessoaId: BRUNO,
      nome: 'Bruno Teixeira',
      cadastradoEm: '2026-10-31',
      comoConheceu: 'Indicação',
      telefone: null,
      primeiraCompraEm: null,
      primeiraCompraValor: null,
      totalComprado: 0,
    },
  ].filter((l) => !comoConheceu || l.comoConheceu === comoConheceu);
  const comCompra = items.filter((l) => l.primeiraCompraEm).length;
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 20,
    totais: {
      clientes: items.length,
      comCompra,
      conversao: Math.round((comCompra * 10_000) / items.length) / 100,
      totalComprado: items.reduce((s, l) => s + l.totalComprado, 0),
    },
    periodo: { dataInicio: '2026-10-01', dataFim: '2026-10-31' },
    criterio: 'Clientes cadastrados no período.',
    agrupamento: 'dia',
    grafico: [{ inicio: '2026-10-05', fim: '2026-10-05', clientes: 1, porOrigem: { Instagram: 1 } }],
    origens: [
      { comoConheceu: 'Indicação', clientes: 1, comCompra: 0 },
      { comoConheceu: 'Instagram', clientes: 1, comCompra: 1 },
    ].filter((o) => !comoConheceu || o.comoConheceu === comoConheceu),
  };
};

describe('/relatorios/novos-clientes', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('shows the rows, the totals row and the cards; the Como conheceu filter goes to the API', { timeout: 30_000 }, async () => {
    const api = createFakeApi({
      'GET /auth/me': () => json(loginOutput().user),
      'GET /relatorios/novos-clientes': (req) => json(resposta(req.params.comoConheceu as string | undefined)),
    });
    const { router } = renderApp('/relatorios/novos-clientes?dataInicio=2026-10-01&dataFim=2026-10-31', { adapter: api.adapter });
    const tabela = await screen.findByRole('table', { name: 'Novos clientes' }, SLOW);
    const ana = await within(tabela).findByRole('link', { name: 'Ana Ribeiro' }, SLOW);
    expect(ana.getAttribute('href')).toBe(`/clientes/${ANA}`);
    const linhas = within(tabela).getAllByRole('row');
    expect(
      within(linhas[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Ana Ribeiro', '05/10/2026', '(11) 98765-4321', 'Instagram', '06/10/2026', 'R$ 100,00', 'R$ 110,00']);
    expect(
      within(screen.getByTestId('relatorio-totais'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Total', '', '', '2 clientes, 1 com compra (50,00 %)', '', '', 'R$ 110,00']);
    expect(screen.getByRole('group', { name: 'Conversão' }).textContent).toContain('50,00 %');
    expect(api.requests.find((r) => r.path === '/relatorios/novos-clientes')!.params).toEqual({
      page: 1,
      pageSize: 20,
      dataInicio: '2026-10-01',
      dataFim: '2026-10-31',
    });

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getAllByLabelText('Como conheceu').find((e) => e.tagName === 'INPUT')!);
    await user.click(await screen.findByRole('option', { name: 'Instagram', hidden: true }, SLOW));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ comoConheceu: 'Instagram' }), SLOW);
    await waitFor(
      () =>
        expect(within(screen.getByTestId('relatorio-totais')).getAllByRole('cell')[3]!.textContent).toBe(
          '1 cliente, 1 com compra (100,00 %)',
        ),
      SLOW,
    );
    expect(api.requests.filter((r) => r.path === '/relatorios/novos-clientes').at(-1)!.params).toMatchObject({
      comoConheceu: 'Instagram',
      page: 1,
    });
  });
});
