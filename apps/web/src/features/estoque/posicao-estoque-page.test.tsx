/**
 * /relatorios/posicao-estoque (issue #5 item 5; issue #20): the stock per product with the totals
 * strip; users with the reports permission get "Exportar" (XLSX, CSV, PDF) pointing at
 * GET /relatorios/posicao-estoque/exportar with the screen's filters; a cashier (who may read
 * the catalogue and check stock) sees the position without it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PosicaoEstoque, ResumoEstoque } from '@petshop/shared/estoque';
import { PERFIS } from '@petshop/shared/permissoes';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { adminUser, loginOutput, MATRIZ_ID } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 30_000 };

const drontal: PosicaoEstoque = {
  produtoId: '55555555-5555-4555-8555-555555555555',
  nome: 'Vermífugo Drontal',
  codigo: 'VERM1',
  codigoBarras: null,
  unidadeSigla: 'UN',
  permiteVendaFracionada: false,
  ativo: true,
  quantidade: 12,
  custoMedio: 12.5,
  valorEstoque: 150,
  estoqueMinimo: 10,
  abaixoMinimo: false,
  controlaLote: true,
  proximaValidade: null,
};
const resumo: ResumoEstoque = { produtos: 1, valorTotal: 150, abaixoMinimo: 0, zerados: 0, negativos: 0 };

const api = (user = loginOutput().user) =>
  createFakeApi({
    'GET /auth/me': () => json(user),
    'GET /estoques': () => json({ items: [drontal], total: 1, page: 1, pageSize: 20 }),
    'GET /estoques/resumo': () => json(resumo),
    'GET /relatorios/posicao-estoque/exportar': () => ({
      status: 200,
      body: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
      headers: { 'content-disposition': 'attachment; filename="posicao-estoque.pdf"' },
    }),
  });

describe('/relatorios/posicao-estoque', () => {
  beforeEach(() => {
    URL.createObjectURL = () => 'blob:teste';
    URL.revokeObjectURL = () => undefined;
  });

  it('offers the export with PDF to who reads the reports, with the screen filters', SLOW, async () => {
    useSessionStore.getState().login(loginOutput());
    const fake = api();
    renderApp('/relatorios/posicao-estoque/?situacao=abaixo_minimo', { adapter: fake.adapter });
    await screen.findByText('Vermífugo Drontal', undefined, SLOW);
    const totais = screen.getByRole('region', { name: 'Totais do estoque' });
    expect(within(totais).getByLabelText('Valor total do estoque').textContent).toBe('R$ 150,00');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'PDF (.pdf)' }));
    await waitFor(() => {
      const pedido = fake.requests.find((r) => r.path === '/relatorios/posicao-estoque/exportar');
      expect(pedido?.params).toMatchObject({ formato: 'pdf', situacao: 'abaixo_minimo' });
    });
  });

  it('shows the position to a cashier, without the export', SLOW, async () => {
    const caixa = adminUser({
      unidadesNegocio: [
        {
          id: MATRIZ_ID,
          nome: 'Matriz',
          perfil: { id: 'caixa', nome: 'Caixa / Vendedor' },
          permissoes: [...PERFIS.caixa.permissoes],
          timeZone: 'America/Sao_Paulo',
        },
      ],
    });
    useSessionStore.getState().login({ accessToken: 'token-1', user: caixa });
    const fake = api(caixa);
    renderApp('/relatorios/posicao-estoque/', { adapter: fake.adapter });
    await screen.findByText('Vermífugo Drontal', undefined, SLOW);
    expect(screen.queryByRole('button', { name: 'Exportar' })).toBeNull();
  });
});
