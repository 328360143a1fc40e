/**
 * The ABC screens (issue #20) against a fake API: the Pareto data mapping (rank order, each
 * revenue under its class's bar series, the cumulative line), the default period of 12 months
 * sent when the URL has none, the class badges, the class cards and the totals row, the class
 * filter and the customers' "Consumidor não identificado" card.
 */
import type { CurvaAbcClientesResposta, CurvaAbcProdutosResposta } from '@petshop/shared/relatorios-abc';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { json } from '#test/fake-api.ts';
import { renderScreen } from '#test/render-screen.tsx';
import { loginOutput } from '#test/fixtures.ts';
import { CurvaAbcClientesPage } from './curva-abc-clientes-page.tsx';
import { CurvaAbcProdutosPage } from './curva-abc-produtos-page.tsx';
import { comPeriodoPadraoAbc } from './curva-abc-periodo.ts';
import type { CurvaAbcClientesSearch, CurvaAbcProdutosSearch } from './curva-abc-search.ts';
import { COR_CLASSE, pontosPareto } from './pareto.ts';

const SLOW = { timeout: 30_000 };

const CLASSES = [
  { classe: 'A' as const, itens: 2, faturamento: 476, participacao: 89.31 },
  { classe: 'B' as const, itens: 1, faturamento: 57, participacao: 10.69 },
  { classe: 'C' as const, itens: 0, faturamento: 0, participacao: 0 },
];

const PARETO = [
  { posicao: 3, nome: 'Petisco', faturamento: 57, acumulado: 100, classe: 'B' as const },
  { posicao: 1, nome: 'Ração', faturamento: 360, acumulado: 67.54, classe: 'A' as const },
  { posicao: 2, nome: 'Shampoo', faturamento: 116, acumulado: 89.31, classe: 'A' as const },
];

const produtos: CurvaAbcProdutosResposta = {
  items: [
    {
      posicao: 1,
      produtoId: '00000000-0000-4000-8000-000000000001',
      produto: 'Ração',
      codigo: 'RP10',
      quantidade: 4,
      faturamento: 360,
      participacao: 67.54,
      acumulado: 67.54,
      classe: 'A',
    },
    {
      posicao: 3,
      produtoId: '00000000-0000-4000-8000-000000000003',
      produto: 'Petisco',
      codigo: 'PB65',
      quantidade: 12,
      faturamento: 57,
      participacao: 10.69,
      acumulado: 100,
      classe: 'B',
    },
  ],
  total: 2,
  page: 1,
  pageSize: 20,
  totais: { itens: 2, quantidade: 16, faturamento: 417, participacao: 78.23, faturamentoCurva: 533, classes: CLASSES },
  periodo: { dataInicio: '2025-12-01', dataFim: '2026-11-30' },
  criterio: 'Vendas finalizadas no período.',
  pareto: PARETO,
  itensCurva: 3,
};

const clientes: CurvaAbcClientesResposta = {
  items: [
    {
      posicao: 1,
      clienteId: '00000000-0000-4000-8000-0000000000a1',
      cliente: 'Ana Souza',
      compras: 2,
      ticketMedio: 211.5,
      ultimaCompra: '2026-03-05',
      faturamento: 423,
      participacao: 79.36,
      acumulado: 79.36,
      classe: 'A',
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
  totais: {
    itens: 1,
    compras: 2,
    faturamento: 423,
    participacao: 79.36,
    faturamentoCurva: 533,
    classes: CLASSES,
    naoIdentificado: { compras: 4, faturamento: 250 },
    faturamentoGeral: 783,
  },
  periodo: { dataInicio: '2025-12-01', dataFim: '2026-11-30' },
  criterio: 'Vendas sem cliente identificado ficam fora da curva.',
  pareto: PARETO,
  itensCurva: 3,
};

const montar = (tela: ReactNode) =>
  renderScreen(
    {
      'GET /relatorios/curva-abc-produtos': () => json(produtos),
      'GET /relatorios/curva-abc-clientes': () => json(clientes),
      'GET /inventario/categorias-produto': () => json({ items: [], total: 0, page: 1, pageSize: 100 }),
    },
    tela,
  );

function TelaProdutos() {
  const [search, setSearch] = useState<CurvaAbcProdutosSearch>({ page: 1, pageSize: 20 });
  return (
    <CurvaAbcProdutosPage
      search={search}
      onSearchChange={(patch) => setSearch((p) => ({ ...p, ...patch, page: (patch.page as number | undefined) ?? 1 }))}
    />
  );
}

function TelaClientes() {
  const [search, setSearch] = useState<CurvaAbcClientesSearch>({ page: 1, pageSize: 20 });
  return (
    <CurvaAbcClientesPage
      search={search}
      onSearchChange={(patch) => setSearch((p) => ({ ...p, ...patch, page: (patch.page as number | undefined) ?? 1 }))}
    />
  );
}

describe('Pareto data and the default period', () => {
  it('maps the points in rank order, each revenue under its class, with the cumulative line', () => {
    expect(pontosPareto(PARETO)).toEqual([
      { posicao: '1º', nome: 'Ração', faturamento: 360, acumulado: 67.54, classe: 'A', A: 360, B: null, C: null },
      { posicao: '2º', nome: 'Shampoo', faturamento: 116, acumulado: 89.31, classe: 'A', A: 116, B: null, C: null },
      { posicao: '3º', nome: 'Petisco', faturamento: 57, acumulado: 100, classe: 'B', A: null, B: 57, C: null },
    ]);
    expect(pontosPareto([])).toEqual([]);
    expect(new Set(Object.values(COR_CLASSE)).size).toBe(3);
  });

  it('fills in the last 12 whole months when the URL has no period, and keeps a chosen one', () => {
    const semPeriodo: CurvaAbcProdutosSearch = { page: 1, pageSize: 20 };
    expect(comPeriodoPadraoAbc(semPeriodo, '2026-11-27')).toEqual({
      page: 1,
      pageSize: 20,
      dataInicio: '2025-12-01',
      dataFim: '2026-11-30',
    });
    expect(comPeriodoPadraoAbc({ dataInicio: '2026-03-01', dataFim: '2026-03-31' }, '2026-11-27')).toEqual({
      dataInicio: '2026-03-01',
      dataFim: '2026-03-31',
    });
  });
});

describe('/relatorios/curva-abc-produtos and curva-abc-clientes', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it(
    'products: badges, class cards, totals row, Pareto figure; 12 months by default; the class filter reaches the API',
    SLOW,
    async () => {
      const user = userEvent.setup();
      const api = montar(<TelaProdutos />);
      const tabela = await screen.findByRole('table', { name: 'Curva ABC de produtos' });
      await within(tabela).findByText('Ração');
      expect(within(tabela).getByLabelText('Classe A').closest('.mantine-Badge-root')?.getAttribute('style') ?? '').toContain(
        `--mantine-color-${COR_CLASSE.A}`,
      );
      within(tabela).getByLabelText('Classe B');
      const totais = within(tabela).getByTestId('relatorio-totais');
      expect(
        within(totais)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(['Total', '2 produtos', '', '16', 'R$ 417,00', '78,23 %', '', '']);
      const cartaoA = screen.getByTestId('resumo-classe-A');
      expect(cartaoA.textContent).toContain('2 produtos');
      expect(cartaoA.textContent).toContain('R$ 476,00 · 89,3 %');
      expect(screen.getByTestId('resumo-classe-C').textContent).toContain('0 produtos');
      screen.getByRole('figure', { name: 'Gráfico de Pareto: faturamento e participação acumulada' });
      // No period in the URL: the screen reads the last 12 months, and that preset is the active one.
      const primeira = api.requests.find((r) => r.path === '/relatorios/curva-abc-produtos')!;
      expect(primeira.params.dataInicio).toMatch(/^\d{4}-\d{2}-01$/);
      expect(screen.getByRole('button', { name: 'Últimos 12 meses' }).getAttribute('aria-pressed')).toBe('true');

      await user.click(screen.getByRole('radio', { name: 'A' }));
      await waitFor(() =>
        expect(api.requests.some((r) => r.path === '/relatorios/curva-abc-produtos' && r.params.classe === 'A')).toBe(true),
      );
      await user.click(screen.getByRole('radio', { name: 'Todas' }));
      await waitFor(() => expect(api.requests.at(-1)?.params.classe).toBeUndefined());
    },
  );

  it('customers: the unidentified sales card beside the classes, the row with purchases and ticket', SLOW, async () => {
    montar(<TelaClientes />);
    const tabela = await screen.findByRole('table', { name: 'Curva ABC de clientes' });
    await within(tabela).findByText('Ana Souza');
    const card = screen.getByTestId('resumo-nao-identificado');
    expect(card.textContent).toContain('Consumidor não identificado');
    expect(card.textContent).toContain('R$ 250,00');
    expect(card.textContent).toContain('4 vendas sem cliente');
    expect(card.textContent).toContain('R$ 783,00');
    const linha = within(tabela).getByText('Ana Souza').closest('tr')!;
    expect(linha.textContent).toContain('R$ 211,50');
    expect(linha.textContent).toContain('05/03/2026');
  });
});
