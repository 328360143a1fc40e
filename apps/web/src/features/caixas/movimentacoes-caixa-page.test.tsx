/**
 * /vendas/movimentacoes-caixa/: the period defaults to today (the unit's day) in the calls,
 * the totals show, and a user without an open register opens one from the page with the
 * keyboard only (type the float, Enter).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Caixa, CaixaResumo, MovimentacoesCaixaPage } from '@petshop/shared/caixa';
import { todayISO } from '@petshop/shared/format';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { adminUser, loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 5000 };
const CAIXA_ID = '55555555-5555-4555-8555-555555555555';

const resumo = (overrides: Partial<CaixaResumo> = {}): CaixaResumo => ({
  id: CAIXA_ID,
  numero: 3,
  status: 'Aberto',
  usuario: { id: adminUser().id, nome: 'Ana Souza' },
  dataAbertura: new Date().toISOString(),
  dataFechamento: null,
  fechadoPor: null,
  valorAbertura: 50,
  entradas: 50,
  saidas: 0,
  saldoDinheiro: 50,
  valorEsperado: null,
  valorContado: null,
  diferenca: null,
  fechamentoCego: false,
  ...overrides,
});

describe('/vendas/movimentacoes-caixa/', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('asks today by default, shows the totals and opens a register with the keyboard', { timeout: 60_000 }, async () => {
    let aberto: CaixaResumo | null = null;
    const pagina: MovimentacoesCaixaPage = {
      items: [],
      total: 0,
      page: 1,
      pageSize: 20,
      dataInicio: todayISO('America/Sao_Paulo'),
      dataFim: todayISO('America/Sao_Paulo'),
      resumo: { entradas: 1234.5, saidas: 200, saldo: 1034.5 },
    };
    const api = createFakeApi({
      'GET /auth/me': () => json(loginOutput().user),
      'GET /comercial/movimentacoes-caixa': () => json(pagina),
      'GET /comercial/caixas': (request) => {
        const items =
          aberto && (request.params.status !== 'Aberto' || request.params.usuarioId === adminUser().id) ? [aberto] : [];
        return json({ items, total: items.length, page: 1, pageSize: Number(request.params.pageSize) });
      },
      'POST /comercial/caixas/abrir-caixa': () => {
        aberto = resumo();
        const caixa: Caixa = { ...aberto, observacoes: null, totaisPorForma: [], conferencia: null, movimentacoes: [] };
        return json(caixa, 201);
      },
    });
    renderApp('/vendas/movimentacoes-caixa/', { adapter: api.adapter });

    const totais = await screen.findByLabelText('Totais do período', undefined, SLOW);
    await waitFor(() => expect(within(totais).getByLabelText('Entradas').textContent).toBe('R$ 1.234,50'));
    expect(within(totais).getByLabelText('Saídas').textContent).toBe('-R$ 200,00');
    expect(within(totais).getByLabelText('Saldo').textContent).toBe('R$ 1.034,50');
    const hoje = todayISO('America/Sao_Paulo');
    const lista = api.requests.find((r) => r.path === '/comercial/movimentacoes-caixa')!;
    expect(lista.params).toMatchObject({ dataInicio: hoje, dataFim: hoje, page: 1, pageSize: 20 });

    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Abrir caixa' }, SLOW));
    const valor = await screen.findByLabelText('Valor de abertura', undefined, SLOW);
    await waitFor(() => expect(document.activeElement).toBe(valor));
    await user.keyboard('50{Enter}');

    await waitFor(() => expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(JSON.parse(String(api.requests.find((r) => r.method === 'POST')!.data))).toEqual({ valorAbertura: 50 });
    // The page now shows the register with its actions.
    expect(await screen.findByRole('heading', { name: 'Meu caixa: nº 3' }, SLOW)).toBeTruthy();
    const acoes = screen.getByRole('group', { name: 'Ações do caixa nº 3' });
    expect(
      within(acoes)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Sangria', 'Suprimento', 'Despesa', 'Crédito de cliente', 'Transferência', 'Fechar caixa']);
  });
});
