/**
 * The home's indicators (issue #20 item 2): the cards follow the API's answer — the owner's
 * revenue with the comparison arrow, the charts and the other cards, each a link to its list;
 * a cashier's answer (meuCaixa, no faturamento) shows their register and sales and no company
 * revenue.
 */
import type { Indicadores } from '@petshop/shared/indicadores';
import { PERFIS } from '@petshop/shared/permissoes';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { createFakeApi, json } from '#test/fake-api.ts';
import { adminUser, loginOutput, MATRIZ_ID } from '#test/fixtures.ts';
import { renderApp } from '#test/render-app.tsx';

const SLOW = { timeout: 20_000 };

const periodo = (dataInicio: string, dataFim: string, valor: number, vendas: number) => ({
  dataInicio,
  dataFim,
  valor,
  vendas,
  ticketMedio: vendas ? Math.round((valor / vendas) * 100) / 100 : 0,
});

const dono: Indicadores = {
  hoje: '2026-11-27',
  faturamento: {
    hoje: periodo('2026-11-27', '2026-11-27', 1250.5, 10),
    mesmoDiaMesAnterior: periodo('2026-10-27', '2026-10-27', 1500, 12),
    mes: periodo('2026-11-01', '2026-11-27', 32000, 250),
    mesAnterior: periodo('2026-10-01', '2026-10-27', 25600, 230),
    variacaoMes: 25,
    variacaoHoje: -16.6,
    ultimos30Dias: Array.from({ length: 30 }, (_, i) => ({
      data: `2026-${i < 3 ? '10' : '11'}-${String(i < 3 ? 29 + i : i - 2).padStart(2, '0')}`,
      valor: 1000 + i,
    })),
    porFormaPagamento: [
      { formaPagamentoId: '00000000-0000-4000-8000-000000000001', nome: 'PIX', tipo: 'pix', valor: 20000 },
      { formaPagamentoId: '00000000-0000-4000-8000-000000000002', nome: 'Dinheiro', tipo: 'dinheiro', valor: 12000 },
    ],
    criterio: 'Vendas finalizadas no período…',
  },
  agendaHoje: {
    total: 3,
    porStatus: [
      { status: 'Agendado', label: 'Agendado', quantidade: 2 },
      { status: 'Confirmado', label: 'Confirmado', quantidade: 1 },
    ],
  },
  aniversariantes: { clientes: 1, pets: 2, nomesClientes: ['Bruna'], nomesPets: ['Rex', 'Mia'] },
  contasPagar: {
    vencidas: { quantidade: 2, valor: 300 },
    hoje: { quantidade: 1, valor: 50 },
    proximos7Dias: { quantidade: 3, valor: 450 },
  },
  estoqueBaixo: { quantidade: 7 },
  lotesVencendo: { vencidos: { quantidade: 1, valor: 20 }, vencendo30Dias: { quantidade: 4, valor: 180 } },
  dosesDevidas: { atrasadas: 0, proximos7Dias: 0 },
};

const card = (nome: RegExp) => screen.findByRole('link', { name: nome }, SLOW);

describe('home: indicators', () => {
  beforeEach(() => useSessionStore.getState().clear());

  it('the owner sees the revenue against last month, the charts and every card linking to its list', async () => {
    useSessionStore.getState().login(loginOutput());
    const api = createFakeApi({
      'GET /indicadores': () => json(dono),
      'GET /clinica/planejamentos/doses-devidas': () => json({ dias: 30, atrasadas: [], proximas: [] }),
    });
    renderApp('/', { adapter: api.adapter });

    const mes = await card(/^Faturamento do mês/);
    expect(within(mes).getByText('R$ 32.000,00')).toBeTruthy();
    expect(mes.textContent).toContain('Alta de 25,0 %');
    expect(within(mes).getByText('vs R$ 25.600,00 em 01/10 a 27/10')).toBeTruthy();
    expect(mes.getAttribute('href')).toBe('/relatorios/vendas-por-produto');
    const hoje = await card(/^Faturamento hoje/);
    expect(hoje.textContent).toContain('Queda de 16,6 %');
    expect(within(await card(/^Ticket médio do mês/)).getByText('R$ 128,00')).toBeTruthy();
    expect(within(await card(/^Vendas no mês/)).getByText('250')).toBeTruthy();

    const contas = await card(/^Contas a pagar/);
    expect(within(contas).getByText('2 vencidas: R$ 300,00')).toBeTruthy();
    expect(contas.getAttribute('href')).toContain('/financeiro/despesas?status=');
    expect(contas.getAttribute('href')).toContain('Vencida');
    expect((await card(/^Estoque abaixo do mínimo\s*7/)).getAttribute('href')).toBe(
      '/relatorios/posicao-estoque?situacao=abaixo_minimo',
    );
    expect(within(await card(/^Aniversariantes de hoje\s*3/)).getByText('1 cliente: Bruna · 2 pets: Rex, Mia')).toBeTruthy();
    expect(within(await card(/^Atendimentos hoje\s*3/)).getByText('Agendado: 2')).toBeTruthy();
    expect(within(await card(/^Lotes vencendo/)).getByText('1 lote vencido com saldo: R$ 20,00')).toBeTruthy();

    expect(screen.getByRole('region', { name: 'Faturamento dos últimos 30 dias' })).toBeTruthy();
    const formas = screen.getByRole('list', { name: 'Recebido por forma de pagamento' });
    expect(within(formas).getByText('PIX')).toBeTruthy();
    expect(within(formas).getByText('R$ 20.000,00')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Meu caixa/ })).toBeNull();
  }, 60_000);

  it('a cashier sees their register and their sales today, no company revenue', async () => {
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
    const resposta: Indicadores = {
      hoje: '2026-11-27',
      meuCaixa: {
        caixa: {
          id: '00000000-0000-4000-8000-000000000009',
          numero: 4,
          dataAbertura: '2026-11-27T11:00:00.000Z',
          saldoDinheiro: 310,
        },
        vendasHoje: { vendas: 3, valor: 245.9 },
      },
      estoqueBaixo: { quantidade: 0 },
    };
    const api = createFakeApi({
      'GET /indicadores': () => json(resposta),
      'GET /clinica/planejamentos/doses-devidas': () => json({ dias: 30, atrasadas: [], proximas: [] }),
    });
    renderApp('/', { adapter: api.adapter });

    const meu = await card(/^Meu caixa/);
    expect(within(meu).getByText('R$ 310,00')).toBeTruthy();
    expect(within(meu).getByText(/caixa nº 4, aberto em 27\/11\/2026 08:00/)).toBeTruthy();
    const vendas = await card(/^Minhas vendas hoje/);
    expect(within(vendas).getByText('R$ 245,90')).toBeTruthy();
    expect(within(vendas).getByText('3 vendas finalizadas')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Faturamento/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Faturamento dos últimos 30 dias' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Contas a pagar/ })).toBeNull();
  }, 60_000);
});
