/**
 * The sales list bound to its search params: today's period by default (the unit's day), the
 * filters and totals sent to the API, a row opening the sale at the till with the way back, and
 * 'Devolver' opening the return of a finalised sale.
 */
import type { Page } from '@petshop/shared/http';
import type { ResumoVenda, Venda, VendaResumo } from '@petshop/shared/venda';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json, type RecordedRequest } from '#test/fake-api.ts';
import { loginOutput, pessoaFixture } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };
const V1 = '0a000000-0000-4000-8000-000000000001';
const V2 = '0a000000-0000-4000-8000-000000000002';

const CARLA = '0b000000-0000-4000-8000-000000000001';
const carla = pessoaFixture({ id: CARLA, cpfCnpj: '52998224725' });

const resumoVenda = (over: Partial<VendaResumo>): VendaResumo => ({
  id: V1,
  numero: 7,
  tipo: 'Venda',
  status: 'Finalizada',
  statusOrcamento: null,
  validadeOrcamento: null,
  emAtendimento: false,
  cliente: { id: CARLA, nome: 'Carla Dias' },
  usuario: { id: 'u1', nome: 'Ana Souza' },
  quantidadeItens: 2,
  valorLiquido: 1234.56,
  valorPago: 1234.56,
  valorEmAberto: 0,
  formasPagamento: ['Dinheiro', 'Cartão de crédito'],
  createdAt: '2024-03-09T13:00:00-03:00',
  dataFinalizacao: '2024-03-09T13:05:00-03:00',
  ...over,
});

const vendas: VendaResumo[] = [
  resumoVenda({}),
  resumoVenda({
    id: V2,
    numero: 8,
    status: 'EmAberto',
    cliente: null,
    valorPago: 10,
    valorEmAberto: 90,
    valorLiquido: 100,
    formasPagamento: [],
  }),
  // Cancelled with R$ 50,00 still open at the time (older servers answered it): nothing is open.
  resumoVenda({
    id: 'a1a1a1a1-a1a1-4a1a-8a1a-a1a1a1a1a1a1',
    numero: 9,
    status: 'Cancelada',
    valorPago: 50,
    valorEmAberto: 50,
    valorLiquido: 100,
  }),
];

const resumo: ResumoVenda = {
  quantidade: 2,
  valorBruto: 1400,
  valorDescontos: 65.44,
  valorLiquido: 1334.56,
  valorPago: 1244.56,
  valorEmAberto: 90,
  ticketMedio: 1234.56,
  porFormaPagamento: [],
  porStatus: [],
};

const venda: Venda = {
  id: V1,
  sId: V1,
  numero: 7,
  tipo: 'Venda',
  status: 'Finalizada',
  statusOrcamento: null,
  validadeOrcamento: null,
  emAtendimento: false,
  caixaId: null,
  usuario: { id: 'u1', nome: 'Ana Souza' },
  cliente: null,
  pet: null,
  itens: [],
  financeiros: [],
  devolucoes: [],
  valorBruto: 0,
  valorDescontoItens: 0,
  desconto: 0,
  tipoDesconto: 'Valor',
  valorDescontos: 0,
  valorEntregaFrete: 0,
  valorLiquido: 0,
  valorPago: 0,
  valorEmAberto: 0,
  valorTroco: 0,
  observacoes: null,
  createdAt: '2024-03-09T13:00:00-03:00',
  dataFinalizacao: '2024-03-09T13:05:00-03:00',
  dataCancelamento: null,
  motivoCancelamento: null,
  snapshot: null,
};

const setup = () =>
  createFakeApi({
    'GET /auth/me': () => json(loginOutput().user),
    'GET /comercial/vendas': (req: RecordedRequest) =>
      json({
        items: req.params.statuses === 'EmAberto' ? vendas.filter((v) => v.status === 'EmAberto') : vendas,
        total: 2,
        page: 1,
        pageSize: 20,
      } satisfies Page<VendaResumo>),
    'GET /comercial/vendas/resumo-venda': () => json(resumo),
    [`GET /comercial/pdv/${V1}`]: () => json(venda),
    'GET /pessoal/pessoas': (req: RecordedRequest) =>
      json({ items: req.params.query === 'carla' ? [carla] : [], total: 1, page: 1, pageSize: 10 }),
    [`GET /pessoal/pessoas/${CARLA}`]: () => json(carla),
    'GET /animal/pets': () => json({ items: [], total: 0, page: 1, pageSize: 100 }),
  });

const listCalls = (api: ReturnType<typeof setup>) => api.requests.filter((r) => r.path === '/comercial/vendas');

describe('sales list', () => {
  beforeEach(() => {
    useSessionStore.getState().login(loginOutput());
    // 01:30 UTC on the 10th is still the 9th in São Paulo: the unit's day, not UTC's.
    vi.useFakeTimers({ now: new Date('2024-03-10T01:30:00Z'), toFake: ['Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it("asks for today's sales by default and shows the totals of the filters", async () => {
    const api = setup();
    const { router } = renderApp('/vendas/lista-de-vendas', { adapter: api.adapter });
    expect(await screen.findByRole('row', { name: 'Abrir venda nº 7' }, SLOW)).toBeTruthy();
    expect(listCalls(api)[0]?.params).toEqual({ page: 1, pageSize: 20, dataInicio: '2024-03-09', dataFim: '2024-03-09' });
    const resumoCall = api.requests.find((r) => r.path === '/comercial/vendas/resumo-venda');
    expect(resumoCall?.params).toEqual({ dataInicio: '2024-03-09', dataFim: '2024-03-09' });
    expect((screen.getByRole('textbox', { name: 'Data inicial' }) as HTMLInputElement).value).toBe('09/03/2024');
    expect((screen.getByRole('textbox', { name: 'Data final' }) as HTMLInputElement).value).toBe('09/03/2024');
    // The defaults stay out of the URL.
    expect(router.state.location.searchStr).toBe('');

    const totais = screen.getByRole('region', { name: 'Totais do período' });
    expect(within(totais).getByLabelText('Líquido').textContent).toBe('R$ 1.334,56');
    expect(within(totais).getByLabelText('Em aberto').textContent).toBe('R$ 90,00');

    const row = screen.getByRole('row', { name: 'Abrir venda nº 7' });
    expect(within(row).getByText('Carla Dias')).toBeTruthy();
    expect(within(row).getByText('09/03/2024 13:05')).toBeTruthy();
    expect(within(row).getAllByText('Dinheiro e Cartão de crédito').length).toBeGreaterThan(0);
    expect(within(row).getByText('Finalizada')).toBeTruthy();
    const aberta = screen.getByRole('row', { name: 'Abrir venda nº 8' });
    expect(within(aberta).getByText('Consumidor')).toBeTruthy();
    expect(within(aberta).getByText('Em aberto')).toBeTruthy();
    // Only finalised sales can be returned.
    expect(within(aberta).queryByRole('button', { name: /Devolver/ })).toBeNull();
    const cancelada = screen.getByRole('row', { name: 'Abrir venda nº 9' });
    // R$ 50,00 once (what was paid); Em aberto shows a dash, not what was open when cancelled.
    expect(within(cancelada).getAllByText(/50,00/)).toHaveLength(1);
    expect(within(cancelada).getAllByText('—').length).toBeGreaterThan(0);
  });

  it('sends the chosen statuses and period, keeping them in the URL', async () => {
    const api = setup();
    const { router } = renderApp('/vendas/lista-de-vendas?dataInicio=2024-03-01&statuses=%5B%22EmAberto%22%5D', {
      adapter: api.adapter,
    });
    expect(await screen.findByRole('row', { name: 'Abrir venda nº 8' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('row', { name: 'Abrir venda nº 7' })).toBeNull();
    expect(listCalls(api).at(-1)?.params).toEqual({
      page: 1,
      pageSize: 20,
      dataInicio: '2024-03-01',
      dataFim: '2024-03-09',
      statuses: 'EmAberto',
    });
    expect(router.state.location.search).toMatchObject({ dataInicio: '2024-03-01', statuses: ['EmAberto'] });

    // Adding a status from the multi-select.
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Cancelada', hidden: true }, SLOW));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ statuses: ['EmAberto', 'Cancelada'] }), SLOW);
    await waitFor(() => expect(listCalls(api).at(-1)?.params.statuses).toBe('EmAberto,Cancelada'), SLOW);
  });

  it('opens a sale at the till with the way back, and the return of a finalised sale', async () => {
    const api = setup();
    const { router } = renderApp('/vendas/lista-de-vendas?query=carla', { adapter: api.adapter });
    const row = await screen.findByRole('row', { name: 'Abrir venda nº 7' }, SLOW);
    expect(listCalls(api).at(-1)?.params.query).toBe('carla');

    const user = userEvent.setup({ delay: null });
    await user.click(within(row).getByRole('button', { name: 'Devolver itens da venda nº 7' }));
    expect(await screen.findByRole('dialog', { name: 'Devolução da venda nº 7', hidden: true }, SLOW)).toBeTruthy();
    expect(api.requests.some((r) => r.path === `/comercial/pdv/${V1}`)).toBe(true);
    // The return modal does not open the row.
    expect(router.state.location.pathname).toBe('/vendas/lista-de-vendas');
    await user.click(screen.getByRole('button', { name: 'Cancelar', hidden: true }));

    await user.click(screen.getByRole('row', { name: 'Abrir venda nº 8' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/vendas/pdv/${V2}`), SLOW);
    expect(router.state.location.search).toMatchObject({ returnTo: '/vendas/lista-de-vendas?query=carla' });
  });

  it('filters by a customer picked by name, and shows the one in the URL', async () => {
    const api = setup();
    const { router } = renderApp('/vendas/lista-de-vendas', { adapter: api.adapter });
    await screen.findByRole('row', { name: 'Abrir venda nº 7' }, SLOW);
    const user = userEvent.setup({ delay: null });
    const cliente = screen.getByRole('combobox', { name: 'Cliente' });
    await user.click(cliente);
    await user.type(cliente, 'carla');
    await user.click(await screen.findByRole('option', { name: 'Carla Dias · 529.982.247-25', hidden: true }, SLOW));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ clienteId: CARLA }), SLOW);
    await waitFor(() => expect(listCalls(api).at(-1)?.params.clienteId).toBe(CARLA), SLOW);
  });

  it('shows the customer of the URL by name and offers the way back', async () => {
    const api = setup();
    const { router } = renderApp(`/vendas/lista-de-vendas?clienteId=${CARLA}&returnTo=%2Fclientes%2F${CARLA}`, {
      adapter: api.adapter,
    });
    await screen.findByRole('row', { name: 'Abrir venda nº 7' }, SLOW);
    await waitFor(
      () =>
        expect((screen.getByRole('combobox', { name: 'Cliente' }) as HTMLInputElement).value).toBe('Carla Dias · 529.982.247-25'),
      SLOW,
    );
    expect(listCalls(api)[0]?.params.clienteId).toBe(CARLA);
    await userEvent.setup({ delay: null }).click(screen.getByRole('link', { name: 'Voltar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/clientes/${CARLA}`), SLOW);
  });
});
