/**
 * The sales report screens (issue #20) against a fake API: vendas-por-produto's table (money,
 * quantities and percentages formatted in pt-BR), the totals row of ALL products, the stat
 * cards, the chart card, and its filters (category with the parent's name, brand, order) sent to
 * the API; vendas-por-categoria's tree indented by level with "Sem categoria" last and its donut
 * legend.
 */
import type { VendasPorCategoriaResposta, VendasPorProdutoResposta } from '@petshop/shared/relatorios-vendas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { json } from '#test/fake-api.ts';
import { renderScreen } from '#test/render-screen.tsx';
import { loginOutput } from '#test/fixtures.ts';
import { VendasPorCategoriaPage } from '../vendas-por-categoria/vendas-por-categoria-page.tsx';
import { VendasPorProdutoPage } from './vendas-por-produto-page.tsx';
import type { VendasPorProdutoSearch } from './vendas-por-produto-search.ts';

const SLOW = { timeout: 30_000 };
const ESPERA = { timeout: 5000 };
const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const ALIMENTACAO = '33333333-3333-4333-8333-333333333333';
const RACOES = '44444444-4444-4444-8444-444444444444';
const PREMIER = '55555555-5555-4555-8555-555555555555';
const periodo = { dataInicio: '2026-03-01', dataFim: '2026-03-31' };

const porProduto: VendasPorProdutoResposta = {
  items: [
    {
      produtoId: P1,
      nome: 'Ração Premium Cães 10 kg',
      codigo: 'RP10',
      codigoBarras: '7890000000017',
      categoria: 'Rações Secas',
      marca: 'Premier',
      quantidade: 4,
      faturamento: 1360,
      custo: 240,
      margem: 1120,
      margemPercentual: 82.35,
      participacao: 67.54,
    },
    {
      produtoId: P2,
      nome: 'Petisco Bifinho 65 g',
      codigo: 'PB65',
      codigoBarras: null,
      categoria: null,
      marca: null,
      quantidade: 12.5,
      faturamento: 57,
      custo: 24,
      margem: 33,
      margemPercentual: 57.89,
      participacao: 10.69,
    },
  ],
  total: 3,
  page: 1,
  pageSize: 20,
  totais: {
    produtos: 3,
    quantidade: 22.5,
    faturamento: 1533,
    custo: 312,
    margem: 1221,
    margemPercentual: 79.65,
    participacao: 100,
  },
  periodo,
  criterio: 'Vendas finalizadas no período.',
  grafico: [
    { produtoId: P1, nome: 'Ração Premium Cães 10 kg', faturamento: 1360, margem: 1120 },
    { produtoId: P2, nome: 'Petisco Bifinho 65 g', faturamento: 57, margem: 33 },
  ],
};

const porCategoria: VendasPorCategoriaResposta = {
  items: [
    {
      categoriaId: ALIMENTACAO,
      nome: 'Alimentação',
      nivel: 0,
      caminho: 'Alimentação',
      quantidade: 16,
      faturamento: 417,
      custo: 264,
      margem: 153,
      margemPercentual: 36.69,
      participacao: 78.24,
    },
    {
      categoriaId: RACOES,
      nome: 'Rações Secas',
      nivel: 1,
      caminho: 'Alimentação › Rações Secas',
      quantidade: 4,
      faturamento: 360,
      custo: 240,
      margem: 120,
      margemPercentual: 33.33,
      participacao: 67.54,
    },
    {
      categoriaId: null,
      nome: 'Sem categoria',
      nivel: 0,
      caminho: 'Sem categoria',
      quantidade: 6,
      faturamento: 116,
      custo: 48,
      margem: 68,
      margemPercentual: 58.62,
      participacao: 21.76,
    },
  ],
  total: 3,
  page: 1,
  pageSize: 20,
  totais: {
    categorias: 3,
    quantidade: 22,
    faturamento: 533,
    custo: 312,
    margem: 221,
    margemPercentual: 41.46,
    participacao: 100,
  },
  periodo,
  criterio: 'Vendas finalizadas no período.',
  grafico: [
    { categoriaId: ALIMENTACAO, nome: 'Alimentação', faturamento: 417, participacao: 78.24 },
    { categoriaId: null, nome: 'Sem categoria', faturamento: 116, participacao: 21.76 },
  ],
};

const pagina = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 100 });
const categorias = pagina([
  { id: ALIMENTACAO, nome: 'Alimentação', categoriaPaiId: null, categoriaPaiNome: null, ativo: true },
  { id: RACOES, nome: 'Rações Secas', categoriaPaiId: ALIMENTACAO, categoriaPaiNome: 'Alimentação', ativo: true },
]);
const marcas = pagina([{ id: PREMIER, nome: 'Premier', ativo: true }]);

function PorProduto() {
  const [search, setSearch] = useState<VendasPorProdutoSearch>({ page: 1, pageSize: 20 });
  return (
    <VendasPorProdutoPage
      search={search}
      onSearchChange={(patch) => setSearch((p) => ({ ...p, ...patch, page: (patch.page as number | undefined) ?? 1 }))}
    />
  );
}

const celulas = (linha: HTMLElement) =>
  within(linha)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('sales report screens', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('vendas-por-produto: rows and totals in pt-BR, cards, chart; category, brand and order reach the API', SLOW, async () => {
    const user = userEvent.setup();
    const api = renderScreen(
      {
        'GET /relatorios/vendas-por-produto': () => json(porProduto),
        'GET /inventario/categorias-produto': () => json(categorias),
        'GET /inventario/marcas': () => json(marcas),
      },
      <PorProduto />,
    );
    const tabela = await screen.findByRole('table', { name: 'Vendas por produto' });
    await within(tabela).findByText('Ração Premium Cães 10 kg');
    const linhas = within(tabela).getAllByRole('row');
    expect(
      within(linhas[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Produto', 'Quantidade', 'Faturamento', 'Custo', 'Margem', 'Margem (%)', 'Participação']);
    expect(celulas(linhas[1]!)).toEqual([
      'Ração Premium Cães 10 kgRações Secas · Premier · Cód. RP10 · GTIN 7890000000017',
      '4',
      'R$ 1.360,00',
      'R$ 240,00',
      'R$ 1.120,00',
      '82,35 %',
      '67,54 %',
    ]);
    expect(celulas(linhas[2]!)).toEqual([
      'Petisco Bifinho 65 gCód. PB65',
      '12,5',
      'R$ 57,00',
      'R$ 24,00',
      'R$ 33,00',
      '57,89 %',
      '10,69 %',
    ]);
    // The totals of all three products, not the page's two.
    expect(celulas(screen.getByTestId('relatorio-totais'))).toEqual([
      'Total',
      '22,5',
      'R$ 1.533,00',
      'R$ 312,00',
      'R$ 1.221,00',
      '79,65 %',
      '100,00 %',
    ]);
    const resumo = screen.getByRole('group', { name: 'Resumo do período' });
    expect(within(resumo).getByTestId('resumo-Faturamento').textContent).toBe('R$ 1.533,00');
    expect(within(resumo).getByTestId('resumo-Margem').textContent).toBe('R$ 1.221,00');
    expect(within(resumo).getByText('79,65 % do faturamento')).toBeTruthy();
    expect(within(resumo).getByTestId('resumo-Produtos vendidos').textContent).toBe('3');
    expect(screen.getByText('Os 2 produtos de maior faturamento')).toBeTruthy();

    const leituras = () => api.requests.filter((r) => r.path === '/relatorios/vendas-por-produto');
    await user.click(screen.getByRole('combobox', { name: 'Categoria' }));
    await user.click(await screen.findByRole('option', { name: 'Alimentação › Rações Secas', hidden: true }, ESPERA));
    await waitFor(() => expect(leituras().at(-1)!.params).toEqual({ page: 1, pageSize: 20, categoriaId: RACOES }));
    await user.click(screen.getByRole('combobox', { name: 'Marca' }));
    await user.click(await screen.findByRole('option', { name: 'Premier', hidden: true }, ESPERA));
    await waitFor(() =>
      expect(leituras().at(-1)!.params).toEqual({ page: 1, pageSize: 20, categoriaId: RACOES, marcaId: PREMIER }),
    );
    await user.click(screen.getByRole('combobox', { name: 'Ordenar por' }));
    await user.click(await screen.findByRole('option', { name: 'Maior margem', hidden: true }, ESPERA));
    await waitFor(() =>
      expect(leituras().at(-1)!.params).toEqual({
        page: 1,
        pageSize: 20,
        categoriaId: RACOES,
        marcaId: PREMIER,
        ordem: 'margem',
      }),
    );
  });

  it('vendas-por-categoria: the tree indented, "Sem categoria" last, totals row and the donut legend', SLOW, async () => {
    renderScreen(
      { 'GET /relatorios/vendas-por-categoria': () => json(porCategoria) },
      <VendasPorCategoriaPage search={{ page: 1, pageSize: 20 }} onSearchChange={() => undefined} />,
    );
    const tabela = await screen.findByRole('table', { name: 'Vendas por categoria' });
    await within(tabela).findByText('Alimentação');
    const linhas = within(tabela).getAllByRole('row');
    expect(celulas(linhas[1]!)).toEqual(['Alimentação', '16', 'R$ 417,00', 'R$ 264,00', 'R$ 153,00', '36,69 %', '78,24 %']);
    expect(celulas(linhas[2]!)).toEqual(['↳ Rações Secas', '4', 'R$ 360,00', 'R$ 240,00', 'R$ 120,00', '33,33 %', '67,54 %']);
    expect(celulas(linhas[3]!)[0]).toBe('Sem categoria');
    // The sub-category is indented one level and named by its path for screen readers.
    const sub = within(tabela).getByLabelText('Alimentação › Rações Secas');
    expect(sub.style.paddingLeft).toBe('calc(1.25rem * var(--mantine-scale))');
    expect(celulas(screen.getByTestId('relatorio-totais'))).toEqual([
      'Total',
      '22',
      'R$ 533,00',
      'R$ 312,00',
      'R$ 221,00',
      '41,46 %',
      '100,00 %',
    ]);
    const legenda = screen.getByRole('list', { name: 'Legenda' });
    expect(
      within(legenda)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['AlimentaçãoR$ 417,0078,24 %', 'Sem categoriaR$ 116,0021,76 %']);
  });
});
