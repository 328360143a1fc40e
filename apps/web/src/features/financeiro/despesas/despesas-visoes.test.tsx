/**
 * Issue #15 items 2 and 3 on /financeiro/despesas/ against a fake API: the list opens on what is
 * due now (open, due from today, nearest first), the overdue ones counted in red beside it and a
 * click away, "Todas" shows every payable; a payable's baixa offers Boleto and Transferência
 * bancária (and not the customer's credit).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { despesaFixture, fid, opcoesHandlers, pagina } from '../titulos/titulos-fixture.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json, type FakeHandler } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };
const moeda = (texto: string | null) => (texto ?? '').replace(/\s/g, ' ');

const forma = (id: number, nome: string, tipo: string) => ({
  id: fid(id),
  nome,
  tipo,
  taxaPercentual: 0,
  diasRecebimento: 0,
  maxParcelas: 1,
  contaDestinoId: null,
  contaDestinoNome: null,
  adquirente: null,
  adquirenteCnpj: null,
  ativo: true,
});

const setup = () => {
  const vencida = despesaFixture({
    id: fid(11),
    descricao: 'Energia',
    dataVencimento: '2020-01-10',
    vencida: true,
    parcela: 1,
    totalParcelas: 1,
  });
  const proxima = despesaFixture({ id: fid(12), descricao: 'Aluguel da loja', totalParcelas: 1 });
  return createFakeApi({
    ...(opcoesHandlers as Record<string, FakeHandler>),
    'GET /financeiro/formas-pagamento': () =>
      json({
        items: [
          forma(951, 'Boleto', 'boleto'),
          forma(952, 'Crédito do cliente', 'credito_cliente'),
          forma(953, 'Dinheiro', 'dinheiro'),
          forma(954, 'Transferência bancária', 'transferencia'),
        ],
        total: 4,
        page: 1,
        pageSize: 100,
      }),
    'GET /auth/me': () => json(loginOutput().user),
    'GET /financeiro/despesas': (req) =>
      req.params.status === 'Vencida'
        ? json(pagina([vencida], { quantidade: 2, valor: 150, valorEmAberto: 150, valorVencido: 150 }))
        : json(pagina([proxima])),
  });
};

const listas = (api: ReturnType<typeof setup>) =>
  api.requests.filter((r) => r.path === '/financeiro/despesas' && r.params.pageSize === 20);

describe('payables list: what is due now first', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it(
    'opens on open payables due from today, counts the overdue in red, and shows them or all on a click',
    { timeout: 30_000 },
    async () => {
      const api = setup();
      const { router } = renderApp('/financeiro/despesas', { adapter: api.adapter });
      await screen.findByRole('row', { name: 'Abrir Aluguel da loja' }, SLOW);
      const hoje = hojeNaUnidade();
      expect(listas(api).at(-1)!.params).toMatchObject({ status: 'EmAberto,BaixaParcial', dataInicio: hoje, page: 1 });
      expect(listas(api).at(-1)!.params.dataFim).toBeUndefined();
      // The URL stays clean: the default view is not written into it.
      expect(router.state.location.search).not.toHaveProperty('status');

      const visoes = screen.getByRole('group', { name: 'Visão das despesas' });
      expect(within(visoes).getByRole('button', { name: 'A vencer' }).getAttribute('aria-pressed')).toBe('true');
      const vencidas = await within(visoes).findByRole('button', { name: /^Vencidas: 2/ }, SLOW);
      expect(moeda(vencidas.textContent)).toBe('Vencidas: 2 · R$ 150,00');
      expect(vencidas.getAttribute('data-variant')).not.toBe('filled');

      const user = userEvent.setup({ delay: null });
      await user.click(vencidas);
      await waitFor(() => expect(listas(api).at(-1)!.params).toMatchObject({ status: 'Vencida' }));
      expect(listas(api).at(-1)!.params.dataInicio).toBeUndefined();
      expect(router.state.location.search).toMatchObject({ status: ['Vencida'] });
      expect(
        within(visoes)
          .getByRole('button', { name: /^Vencidas/ })
          .getAttribute('aria-pressed'),
      ).toBe('true');

      await user.click(within(visoes).getByRole('button', { name: 'Todas' }));
      await waitFor(() => expect(router.state.location.search).toMatchObject({ visao: 'todas' }));
      await waitFor(() => {
        const ultima = listas(api).at(-1)!.params;
        expect(ultima.status).toBeUndefined();
        expect(ultima.dataInicio).toBeUndefined();
      });
      expect(listas(api).at(-1)!.params.visao).toBeUndefined();

      // A period asked is sent as asked, without the default status.
      await router.navigate({ to: '/financeiro/despesas', search: { dataInicio: '2025-01-01', dataFim: '2025-01-31' } as never });
      await waitFor(() => expect(listas(api).at(-1)!.params).toMatchObject({ dataInicio: '2025-01-01', dataFim: '2025-01-31' }));
      expect(listas(api).at(-1)!.params.status).toBeUndefined();
    },
  );

  it("a payable's baixa offers boleto and bank transfer, not the customer's credit", { timeout: 30_000 }, async () => {
    const api = setup();
    renderApp('/financeiro/despesas', { adapter: api.adapter });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Baixar Aluguel da loja' }, SLOW));
    const modal = await screen.findByRole('dialog', { name: 'Baixar despesa' }, SLOW);
    const campo = within(modal).getByRole('combobox', { name: 'Forma de pagamento' });
    await user.click(campo);
    const lista = await waitFor(() => document.getElementById(campo.getAttribute('aria-controls') ?? '')!);
    const transferencia = await within(lista).findByRole('option', { name: 'Transferência bancária', hidden: true }, SLOW);
    const opcoes = within(lista)
      .getAllByRole('option', { hidden: true })
      .map((o) => o.textContent);
    expect(opcoes).toEqual(['Boleto', 'Dinheiro', 'Transferência bancária']);
    await user.click(transferencia);
    expect(opcoes).not.toContain('Crédito do cliente');
    await user.click(within(modal).getByRole('button', { name: 'Baixar' }));
    await waitFor(() => expect(api.requests.some((r) => r.method === 'PATCH')).toBe(true));
    const baixa = api.requests.find((r) => r.method === 'PATCH')!;
    expect(baixa.path).toBe(`/financeiro/despesas/${fid(12)}/baixa`);
    expect(typeof baixa.data === 'string' ? JSON.parse(baixa.data) : baixa.data).toMatchObject({ formaPagamentoId: fid(954) });
  });
});
