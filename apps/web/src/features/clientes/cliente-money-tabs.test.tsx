/**
 * The customer's open sales and summary tabs (DOMAIN.md §3, issue #4 item 8), drawn from the
 * API's answers: open sales opening the till with the way back, receivables with past due ones
 * marked, the total; the summary with the link to the credits.
 */
import type { PessoaResumo, VendasEmAberto } from '@petshop/shared/pessoa-resumo';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { loginOutput, pessoaFixture } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };
const ID = '99999999-9999-4999-8999-999999999999';
const VENDA = '0e000000-0000-4000-8000-000000000001';

const pessoa = pessoaFixture({ id: ID });

const emAberto: VendasEmAberto = {
  vendas: [
    {
      id: VENDA,
      numero: 31,
      tipo: 'Venda',
      status: 'EmAberto',
      statusOrcamento: null,
      validadeOrcamento: null,
      emAtendimento: false,
      cliente: { id: ID, nome: 'Carla Dias' },
      usuario: { id: 'u1', nome: 'Ana Souza' },
      quantidadeItens: 3,
      valorLiquido: 150,
      valorPago: 50,
      valorEmAberto: 100,
      formasPagamento: ['Dinheiro'],
      createdAt: '2024-05-02T10:15:00-03:00',
      dataFinalizacao: null,
    },
  ],
  receitas: [
    {
      id: 'r1',
      descricao: 'Venda nº 20 – parcela 1/2',
      parcela: 1,
      totalParcelas: 2,
      dataVencimento: '2024-04-10',
      valor: 60,
      valorPago: 10,
      valorRestante: 50,
      status: 'BaixaParcial',
      vendaId: '0e000000-0000-4000-8000-000000000020',
      vendaNumero: 20,
      vencida: true,
    },
    {
      id: 'r2',
      descricao: 'Venda nº 20 – parcela 2/2',
      parcela: 2,
      totalParcelas: 2,
      dataVencimento: '2099-05-10',
      valor: 60,
      valorPago: 0,
      valorRestante: 60,
      status: 'EmAberto',
      vendaId: '0e000000-0000-4000-8000-000000000020',
      vendaNumero: 20,
      vencida: false,
    },
  ],
  totalEmAberto: 210,
};

const resumo: PessoaResumo = {
  totalGasto: 2345.6,
  quantidadeCompras: 12,
  ticketMedio: 195.47,
  ultimaCompra: '2024-05-02T13:30:00-03:00',
  saldoEmAberto: 210,
  saldoCredito: 35.5,
};

const setup = (overrides: Partial<{ emAberto: VendasEmAberto; resumo: PessoaResumo }> = {}) =>
  createFakeApi({
    'GET /auth/me': () => json(loginOutput().user),
    [`GET /pessoal/pessoas/${ID}`]: () => json(pessoa),
    'GET /animal/pets': () => json({ items: [], total: 0, page: 1, pageSize: 100 }),
    [`GET /pessoal/pessoas/${ID}/vendas-em-aberto`]: () => json(overrides.emAberto ?? emAberto),
    [`GET /pessoal/pessoas/${ID}/resumo`]: () => json(overrides.resumo ?? resumo),
  });

describe("customer's money tabs", () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('lists the open sales and receivables with the total, past due ones marked', async () => {
    const api = setup();
    const { router } = renderApp(`/clientes/${ID}?tab=vendas-em-aberto`, { adapter: api.adapter });
    expect(await screen.findByLabelText('Total em aberto', {}, SLOW)).toHaveProperty('textContent', 'R$ 210,00');
    expect(api.requests.some((r) => r.path.endsWith('/resumo'))).toBe(false);

    const vendas = screen.getByRole('table', { name: 'Vendas em aberto' });
    const venda = within(vendas).getByRole('row', { name: 'Abrir venda nº 31' });
    expect(within(venda).getByText('02/05/2024 10:15')).toBeTruthy();
    expect(within(venda).getByText('R$ 150,00')).toBeTruthy();
    expect(within(venda).getByText('R$ 100,00')).toBeTruthy();

    const receitas = screen.getByRole('table', { name: 'Contas a receber' });
    const vencida = within(receitas).getByRole('row', { name: 'Venda nº 20 – parcela 1/2 (vencida)' });
    expect(within(vencida).getByText('10/04/2024')).toBeTruthy();
    expect(within(vencida).getByText('Vencida')).toBeTruthy();
    expect(within(vencida).getByText('R$ 50,00')).toBeTruthy();
    const futura = within(receitas).getByRole('row', { name: 'Venda nº 20 – parcela 2/2' });
    expect(within(futura).queryByText('Vencida')).toBeNull();
    expect(screen.getByText('1 parcela vencida: R$ 50,00')).toBeTruthy();

    await userEvent.setup({ delay: null }).click(venda);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/vendas/pdv/${VENDA}`), SLOW);
    expect(router.state.location.search).toMatchObject({ returnTo: `/clientes/${ID}?tab=vendas-em-aberto` });
  });

  it('says when nothing is open', async () => {
    const api = setup({ emAberto: { vendas: [], receitas: [], totalEmAberto: 0 } });
    renderApp(`/clientes/${ID}?tab=vendas-em-aberto`, { adapter: api.adapter });
    expect(await screen.findByText('Nada em aberto', {}, SLOW)).toBeTruthy();
  });

  it('shows the summary with the credit balance and the way to the credits', async () => {
    const api = setup();
    const { router } = renderApp(`/clientes/${ID}`, { adapter: api.adapter });
    await screen.findByRole('heading', { name: 'Carla Dias' }, SLOW);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('tab', { name: 'Resumo' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: 'resumo' }));

    const valor = (label: string) => within(screen.getByRole('region', { name: label })).getAllByText(/./)[1]?.textContent;
    expect(await screen.findByRole('region', { name: 'Total gasto' }, SLOW)).toBeTruthy();
    expect(valor('Total gasto')).toBe('R$ 2.345,60');
    expect(valor('Compras')).toBe('12');
    expect(valor('Ticket médio')).toBe('R$ 195,47');
    expect(valor('Última compra')).toBe('02/05/2024');
    expect(valor('Saldo em aberto')).toBe('R$ 210,00');
    expect(valor('Saldo de crédito')).toBe('R$ 35,50');
    expect(screen.getByRole('link', { name: 'Ver créditos' }).getAttribute('href')).toBe(`/clientes/${ID}/creditos`);
    const compras = screen.getByRole('link', { name: 'Compras dos últimos 12 meses' }).getAttribute('href') ?? '';
    expect(compras).toContain('/vendas/lista-de-vendas?');
    expect(compras).toContain(`clienteId=${ID}`);

    // The open balance leads to the open sales tab.
    await user.click(screen.getByRole('button', { name: 'Ver em aberto' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: 'vendas-em-aberto' }));
    expect(await screen.findByRole('table', { name: 'Vendas em aberto' }, SLOW)).toBeTruthy();
  });
});
