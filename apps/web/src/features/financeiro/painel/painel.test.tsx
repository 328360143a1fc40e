/**
 * /financeiro/ through the real route and a fake API speaking the contract: balances per
 * account and their total, to receive / to pay (overdue in red, linking to the filtered lists),
 * the month's figures, the DRE with its result, the month picker asking the API for another
 * month, and the empty states.
 */
import type { ResumoFinanceiro } from '@petshop/shared/financeiro';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { loginOutput } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';
import { pontosFluxo } from './fluxo-caixa-chart.tsx';

const SLOW = { timeout: 5000 };
const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

const resumo = (mes: string, over: Partial<ResumoFinanceiro> = {}): ResumoFinanceiro => ({
  hoje: `${mes}-10`,
  mes,
  saldos: {
    contas: [
      { id: id(1), nome: 'Caixa da loja', tipo: 'caixa', saldo: 1234.5 },
      { id: id(2), nome: 'Banco do Brasil', tipo: 'banco', saldo: 10500 },
      { id: id(3), nome: 'Carteira digital', tipo: 'carteira', saldo: -50.25 },
    ],
    total: 11684.25,
  },
  aReceber: { dias7: 800, dias30: 2500.75, vencido: 320, quantidadeVencida: 2 },
  aPagar: { dias7: 1500, dias30: 4200, vencido: 0, quantidadeVencida: 0 },
  mesAtual: { recebido: 9000, pago: 7000.5, aReceber: 2000, aPagar: 3000 },
  saldoPrevisto: {
    saldoAtual: 11684.25,
    aReceber: 2000,
    aPagar: 3000,
    valor: 10684.25,
    vencimentoDesde: `${mes}-01`,
    vencimentoAte: `${mes}-28`,
  },
  fluxoCaixa: [
    { data: `${mes}-09`, entradas: 500, saidas: 200, previsto: false, saldo: 11000 },
    { data: `${mes}-10`, entradas: 900, saidas: 215.75, previsto: false, saldo: 11684.25 },
    { data: `${mes}-11`, entradas: 300, saidas: 1000, previsto: true, saldo: 10984.25 },
  ],
  dre: {
    meses: ['2025-01', '2025-02'],
    linhas: [
      { tipo: 'receita', categoria: 'Vendas', valores: [10000, 12000] },
      { tipo: 'despesa', categoria: 'Aluguel', valores: [3000, 3000] },
      { tipo: 'despesa', categoria: 'Folha de pagamento', valores: [8000, 8000] },
    ],
    receitas: [10000, 12000],
    despesas: [11000, 11000],
    resultado: [-1000, 1000],
  },
  ...over,
});

const setup = (resposta: (mes: string) => ResumoFinanceiro = (mes) => resumo(mes)) =>
  createFakeApi({
    'GET /auth/me': () => json(useSessionStore.getState().user),
    'GET /financeiro/resumo': (req) => json(resposta(String(req.params.mes))),
  });

const money = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

describe('/financeiro/ overview', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('shows each balance, the total, to receive / to pay with overdue in red and the month, all in pt-BR', async () => {
    const api = setup();
    renderApp('/financeiro', { adapter: api.adapter });
    const mesAtual = hojeNaUnidade().slice(0, 7);
    expect(await screen.findByRole('heading', { name: 'Financeiro' }, SLOW)).toBeTruthy();
    await screen.findByLabelText('Saldo total', {}, SLOW);
    expect(api.requests.find((r) => r.path === '/financeiro/resumo')?.params).toEqual({ mes: mesAtual });

    expect(money(screen.getByLabelText('Saldo total').textContent)).toBe('R$ 11.684,25');
    expect(money(screen.getByLabelText('Saldo de Caixa da loja').textContent)).toContain('R$ 1.234,50');
    expect(money(screen.getByLabelText('Saldo de Banco do Brasil').textContent)).toContain('R$ 10.500,00');
    expect(money(screen.getByLabelText('Saldo de Carteira digital').textContent)).toContain('-R$ 50,25');

    const receberVencido = screen.getByLabelText('A receber: Vencido');
    expect(money(receberVencido.textContent)).toContain('R$ 320,00');
    expect(receberVencido.textContent).toContain('2 títulos');
    const linkVencidas = within(receberVencido).getByRole('link', { name: 'Vencido' });
    expect(decodeURIComponent(linkVencidas.getAttribute('href') ?? '')).toMatch(/^\/financeiro\/receitas\?status=.*Vencida/);
    expect(money(screen.getByLabelText('A receber: Próximos 7 dias').textContent)).toContain('R$ 800,00');
    expect(money(screen.getByLabelText('A receber: Próximos 30 dias').textContent)).toContain('R$ 2.500,75');
    const pagar30 = within(screen.getByLabelText('A receber: Próximos 30 dias')).getByRole('link');
    expect(decodeURIComponent(pagar30.getAttribute('href') ?? '')).toContain(`dataInicio=${mesAtual}-10`);
    expect(money(screen.getByLabelText('A pagar: Próximos 7 dias').textContent)).toContain('R$ 1.500,00');
    expect(
      decodeURIComponent(within(screen.getByLabelText('A pagar: Vencido')).getByRole('link').getAttribute('href') ?? ''),
    ).toMatch(/^\/financeiro\/despesas\?/);

    expect(money(screen.getByLabelText('Recebido').textContent)).toContain('R$ 9.000,00');
    expect(money(screen.getByLabelText('Pago').textContent)).toContain('R$ 7.000,50');
    expect(money(screen.getByLabelText('Resultado realizado').textContent)).toContain('R$ 1.999,50');
    // The forecast is the API's saldo + a receber − a pagar, its sum shown with links to the lists it sums.
    expect(money(screen.getByLabelText('Saldo previsto no fim do mês').textContent)).toContain('R$ 10.684,25');
    const calculo = screen.getByLabelText('Cálculo do saldo previsto');
    expect(money(calculo.textContent)).toContain(
      'Saldo previsto = saldo em contas hoje R$ 11.684,25 + a receber R$ 2.000,00 − a pagar R$ 3.000,00 = R$ 10.684,25',
    );
    expect(calculo.textContent).toContain(`vencimentos de 01/${mesAtual.slice(5)}/${mesAtual.slice(0, 4)} a 28/`);
    const aReceberLink = within(calculo).getByRole('link', { name: /a receber/ });
    const hrefReceber = decodeURIComponent(aReceberLink.getAttribute('href') ?? '');
    expect(hrefReceber).toMatch(/^\/financeiro\/receitas\?/);
    expect(hrefReceber).toContain(`dataInicio=${mesAtual}-01`);
    expect(hrefReceber).toContain(`dataFim=${mesAtual}-28`);
    expect(hrefReceber).toMatch(/status=.*EmAberto.*BaixaParcial/);
    expect(
      decodeURIComponent(
        within(calculo)
          .getByRole('link', { name: /a pagar/ })
          .getAttribute('href') ?? '',
      ),
    ).toMatch(/^\/financeiro\/despesas\?.*dataInicio/);

    // The finance tabs, "Visão geral" current.
    expect(screen.getByRole('tab', { name: 'Visão geral' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('tab', { name: 'Contas' }).getAttribute('href')).toBe('/financeiro/contas');

    // DRE: categories per month, totals and the result (negative first month).
    const dre = screen.getByRole('table', { name: 'DRE' });
    const cabecalho = within(dre)
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    expect(cabecalho).toEqual(['Categoria', 'jan/25', 'fev/25']);
    const aluguel = within(dre).getByText('Aluguel').closest('tr')!;
    expect(
      within(aluguel)
        .getAllByRole('cell')
        .map((c) => money(c.textContent)),
    ).toEqual(['Aluguel', 'R$ 3.000,00', 'R$ 3.000,00']);
    const resultado = within(dre).getByLabelText('Resultado');
    expect(
      within(resultado)
        .getAllByRole('cell')
        .map((c) => money(c.textContent)),
    ).toEqual(['Resultado', '-R$ 1.000,00', 'R$ 1.000,00']);
  });

  it('asks the API for the previous month with the picker and keeps it in the URL', async () => {
    const api = setup();
    const { router } = renderApp('/financeiro?mes=2025-03', { adapter: api.adapter });
    await screen.findByLabelText('Saldo total', {}, SLOW);
    expect(api.requests.filter((r) => r.path === '/financeiro/resumo').at(-1)?.params).toEqual({ mes: '2025-03' });
    expect(screen.getByText(/Fluxo de caixa de março de 2025/)).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Mês anterior' }));
    await waitFor(() =>
      expect(api.requests.filter((r) => r.path === '/financeiro/resumo').at(-1)?.params).toEqual({ mes: '2025-02' }),
    );
    expect(router.state.location.search).toEqual({ mes: '2025-02' });
    expect(await screen.findByText(/Fluxo de caixa de fevereiro de 2025/)).toBeTruthy();
  });

  it('shows the empty states when the unit has no account and nothing moved', async () => {
    const api = setup((mes) =>
      resumo(mes, {
        saldos: { contas: [], total: 0 },
        fluxoCaixa: [{ data: `${mes}-01`, entradas: 0, saidas: 0, previsto: false, saldo: 0 }],
        dre: { meses: [mes], linhas: [], receitas: [0], despesas: [0], resultado: [0] },
      }),
    );
    renderApp('/financeiro', { adapter: api.adapter });
    expect(await screen.findByText('Nenhuma conta ativa nesta unidade.', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cadastrar contas' }).getAttribute('href')).toBe('/configuracoes/financeiro/contas');
    expect(screen.getByText('Sem movimento neste mês')).toBeTruthy();
    expect(screen.getByText('Sem receitas nem despesas no período')).toBeTruthy();
  });

  it('splits the cash flow into realised and expected series that meet on the last realised day', () => {
    const pontos = pontosFluxo(resumo('2025-03').fluxoCaixa);
    expect(pontos.map((p) => [p.dia, p.entradas, p.entradasPrevistas, p.saldo, p.saldoPrevisto])).toEqual([
      ['09', 500, null, 11000, null],
      ['10', 900, null, 11684.25, 11684.25],
      ['11', null, 300, null, 10984.25],
    ]);
  });
});
