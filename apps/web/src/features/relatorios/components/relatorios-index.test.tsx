/**
 * The reports index /relatorios/ (issue #20) through the real route: the four groups in order,
 * each report's card linking to its screen, the stock movements card in Estoque; a profile
 * with `produtos` but without `relatorios` (Caixa) sees only the stock cards; one with none of
 * `relatorios`, `estoque`, `produtos` (Banhista) gets the access-restricted page.
 */
import { PERFIS } from '@petshop/shared/permissoes';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { adminUser, FILIAL_ID, loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };

describe('reports index', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('lists every report as a card, grouped, linking to its screen', { timeout: 20_000 }, async () => {
    const api = createFakeApi({ 'GET /auth/me': () => json(loginOutput().user) });
    renderApp('/relatorios', { adapter: api.adapter });
    expect(await screen.findByRole('heading', { name: 'Relatórios', level: 2 }, SLOW)).toBeTruthy();
    const grupos = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(grupos).toEqual(['Vendas', 'Estoque', 'Clientes', 'Banho e tosa']);
    const cartoes = (grupo: string) =>
      within(screen.getByRole('region', { name: grupo }))
        .getAllByRole('link')
        .map((a) => [a.querySelector('p')?.textContent, a.getAttribute('href')]);
    expect(cartoes('Vendas')).toEqual([
      ['Vendas por produto', '/relatorios/vendas-por-produto'],
      ['Vendas por categoria', '/relatorios/vendas-por-categoria'],
      ['Curva ABC de produtos', '/relatorios/curva-abc-produtos'],
    ]);
    expect(cartoes('Estoque')).toEqual([
      ['Produtos próximos do vencimento', '/relatorios/produtos-proximos-vencimento'],
      ['Posição de estoque', '/relatorios/posicao-estoque'],
      ['Movimentações de estoque', '/relatorios/movimentacoes-estoque'],
    ]);
    expect(cartoes('Clientes')).toEqual([
      ['Curva ABC de clientes', '/relatorios/curva-abc-clientes'],
      ['Novos clientes', '/relatorios/novos-clientes'],
    ]);
    expect(cartoes('Banho e tosa')).toEqual([
      ['Banho e tosa por período', '/relatorios/banho-tosa-por-periodo'],
      ['Banho e tosa por profissional', '/relatorios/atividades-banho-tosa-por-responsavel'],
    ]);
  });

  it('shows a profile with products but not reports (Caixa) only the stock cards', { timeout: 20_000 }, async () => {
    useSessionStore.getState().selectUnidade(FILIAL_ID);
    const api = createFakeApi({ 'GET /auth/me': () => json(loginOutput().user) });
    renderApp('/relatorios', { adapter: api.adapter });
    expect(await screen.findByRole('heading', { name: 'Relatórios', level: 2 }, SLOW)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Estoque']);
    expect(
      within(screen.getByRole('region', { name: 'Estoque' }))
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/relatorios/posicao-estoque', '/relatorios/movimentacoes-estoque']);
    expect(screen.queryByRole('link', { name: /^Novos clientes/ })).toBeNull();
  });

  it('is restricted for a profile without reports, stock or products (Banhista)', { timeout: 20_000 }, async () => {
    const banhista = adminUser().unidadesNegocio.map((u) => ({
      ...u,
      perfil: { id: 'banhista', nome: 'Banhista / Tosador' },
      permissoes: [...PERFIS.banhista.permissoes],
    }));
    useSessionStore.getState().login(loginOutput({ unidadesNegocio: banhista }));
    const api = createFakeApi({ 'GET /auth/me': () => json(loginOutput({ unidadesNegocio: banhista }).user) });
    renderApp('/relatorios', { adapter: api.adapter });
    expect(await screen.findByText('Seu perfil nesta unidade não tem acesso a esta área', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Posição de estoque/ })).toBeNull();
  });
});
