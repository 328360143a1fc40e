/**
 * /vendas/: today's figures of the selected unit, revenue per payment method, the last sales,
 * and shortcuts only for what the profile may open.
 */
import { PERMISSOES } from '@petshop/shared/permissoes';
import type { ResumoVenda, VendaResumo } from '@petshop/shared/venda';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { adminUser, loginOutput, MATRIZ_ID } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };

const resumo: ResumoVenda = {
  quantidade: 5,
  valorBruto: 1100,
  valorDescontos: 100,
  valorLiquido: 1000,
  valorPago: 900,
  valorEmAberto: 100,
  ticketMedio: 250,
  porFormaPagamento: [
    { formaPagamentoId: 'f1', nome: 'Dinheiro', tipo: 'dinheiro', valor: 400 },
    { formaPagamentoId: 'f2', nome: 'PIX', tipo: 'pix', valor: 500 },
    { formaPagamentoId: 'f3', nome: 'Boleto', tipo: 'boleto', valor: 0 },
  ],
  porStatus: [
    { status: 'Finalizada', quantidade: 4, valorLiquido: 900 },
    { status: 'EmAberto', quantidade: 1, valorLiquido: 100 },
    { status: 'Cancelada', quantidade: 2, valorLiquido: 0 },
  ],
};

const venda: VendaResumo = {
  id: '0f000000-0000-4000-8000-000000000001',
  numero: 15,
  tipo: 'Venda',
  status: 'Finalizada',
  statusOrcamento: null,
  validadeOrcamento: null,
  emAtendimento: false,
  cliente: null,
  usuario: { id: 'u1', nome: 'Ana Souza' },
  quantidadeItens: 1,
  valorLiquido: 89.9,
  valorPago: 89.9,
  valorEmAberto: 0,
  formasPagamento: ['PIX'],
  createdAt: '2024-03-09T16:40:00-03:00',
  dataFinalizacao: '2024-03-09T16:42:00-03:00',
};

const setup = () =>
  createFakeApi({
    'GET /auth/me': () => json(useSessionStore.getState().user),
    'GET /comercial/vendas/resumo-venda': () => json(resumo),
    'GET /comercial/vendas': () => json({ items: [venda], total: 1, page: 1, pageSize: 10 }),
  });

describe('sales overview', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2024-03-09T20:00:00Z'), toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it("shows today's figures, revenue per payment method and the last sales", async () => {
    useSessionStore.getState().login(loginOutput());
    const api = setup();
    renderApp('/vendas', { adapter: api.adapter });
    const card = (label: string) => within(screen.getByRole('region', { name: label }));
    expect(await screen.findByRole('region', { name: 'Vendas hoje' }, SLOW)).toBeTruthy();
    expect(card('Vendas hoje').getByText('5')).toBeTruthy();
    expect(card('Vendas hoje').getByText('2 canceladas')).toBeTruthy();
    expect(card('Faturamento').getByText('R$ 1.000,00')).toBeTruthy();
    expect(card('Ticket médio').getByText('R$ 250,00')).toBeTruthy();
    expect(card('Em aberto').getByText('R$ 100,00')).toBeTruthy();
    expect(card('Em aberto').getByText('1 venda em aberto')).toBeTruthy();
    expect(api.requests.find((r) => r.path === '/comercial/vendas/resumo-venda')?.params).toEqual({
      dataInicio: '2024-03-09',
      dataFim: '2024-03-09',
    });

    const formas = screen.getByRole('list', { name: 'Pagamentos por forma' });
    expect(
      within(formas)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['DinheiroR$ 400,00', 'PIXR$ 500,00']);

    const row = await screen.findByRole('row', { name: 'Abrir venda nº 15' }, SLOW);
    expect(within(row).getByText('16:42')).toBeTruthy();
    expect(within(row).getByText('R$ 89,90')).toBeTruthy();

    for (const atalho of ['Ponto de venda', 'Lista de vendas', 'Movimentações de caixa']) {
      expect(screen.getByRole('link', { name: atalho })).toBeTruthy();
    }
  });

  it('offers only the shortcuts the profile may open', async () => {
    const [matriz] = adminUser().unidadesNegocio;
    if (!matriz) throw new Error('fixture');
    useSessionStore
      .getState()
      .login(
        loginOutput({ unidadesNegocio: [{ ...matriz, id: MATRIZ_ID, permissoes: [PERMISSOES.vendas, PERMISSOES.clientes] }] }),
      );
    const api = setup();
    renderApp('/vendas', { adapter: api.adapter });
    expect(await screen.findByRole('link', { name: 'Ponto de venda' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lista de vendas' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Movimentações de caixa' })).toBeNull();
  });
});
