/**
 * The bath-and-grooming report screens (issue #20) against a fake API: the per-day table with the
 * statuses grouped (concluded, open, cancelled, no-shows) and the totals row of all days, the stat cards, the chart's card, the type
 * (offered from the answer's types) and status filters sent to the API; the per-professional
 * table with the stage minutes, hours, revenue and ticket, and its totals row.
 */
import type { AtividadesBanhoTosaResposta, BanhoTosaPorDiaResposta } from '@petshop/shared/relatorios-banho-tosa';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '#lib/session/session-store.ts';
import { json } from '#test/fake-api.ts';
import { renderScreen } from '#test/render-screen.tsx';
import { loginOutput } from '#test/fixtures.ts';
import { AtividadesPorResponsavelPage } from './atividades-por-responsavel-page.tsx';
import { BanhoTosaPorPeriodoPage } from './banho-tosa-por-periodo-page.tsx';
import type { BanhoTosaPorPeriodoSearch } from './banho-tosa-search.ts';

const SLOW = { timeout: 30_000 };
const ESPERA = { timeout: 5000 };
const zeros = { Agendado: 0, Confirmado: 0, EmAtendimento: 0, Pronto: 0, Finalizado: 0, Cancelado: 0, NaoCompareceu: 0 };
const BANHO = '11111111-1111-4111-8111-111111111111';
const TOSA = '22222222-2222-4222-8222-222222222222';

const porDia: BanhoTosaPorDiaResposta = {
  items: [
    {
      data: '2026-11-10',
      atendimentos: 4,
      porStatus: { ...zeros, Finalizado: 2, NaoCompareceu: 1, Cancelado: 1 },
      petsAtendidos: 2,
      faturamento: 1234.5,
      taxaNaoComparecimento: 33.33,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
  totais: {
    dias: 1,
    atendimentos: 4,
    porStatus: { ...zeros, Finalizado: 2, NaoCompareceu: 1, Cancelado: 1 },
    petsAtendidos: 2,
    faturamento: 1234.5,
    taxaNaoComparecimento: 33.33,
  },
  periodo: { dataInicio: '2026-11-01', dataFim: '2026-11-30' },
  criterio: 'Atendimentos de banho e tosa pelo dia de início.',
  tipos: [
    { tipoAtendimentoId: BANHO, nome: 'Banho', cor: '#228be6', atendimentos: 3, faturamento: 1000 },
    { tipoAtendimentoId: TOSA, nome: 'Tosa higiênica', cor: '#fab005', atendimentos: 1, faturamento: 234.5 },
  ],
  grafico: [{ data: '2026-11-10', porStatus: { ...zeros, Finalizado: 2, NaoCompareceu: 1, Cancelado: 1 }, faturamento: 1234.5 }],
};

const porResponsavel: AtividadesBanhoTosaResposta = {
  items: [
    {
      responsavelId: 'u1',
      nome: 'Bia Banhista',
      atendimentos: 2,
      concluidos: 1,
      pets: 1,
      servicos: 1,
      minutosPorEtapa: { Banho: 25, Secagem: 17.5, Tosa: null },
      horas: 1.92,
      faturamento: 50,
      atendimentosFaturados: 1,
      ticketMedio: 50,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 20,
  totais: {
    profissionais: 1,
    atendimentos: 2,
    concluidos: 1,
    pets: 1,
    servicos: 1,
    minutosPorEtapa: { Banho: 25, Secagem: 17.5, Tosa: null },
    horas: 1.92,
    faturamento: 50,
    atendimentosFaturados: 1,
    ticketMedio: 50,
  },
  periodo: { dataInicio: '2026-11-01', dataFim: '2026-11-30' },
  criterio: 'Por profissional.',
  grafico: [{ nome: 'Bia Banhista', faturamento: 50, pets: 1 }],
  porTipo: [],
};

function PorPeriodo() {
  const [search, setSearch] = useState<BanhoTosaPorPeriodoSearch>({ page: 1, pageSize: 20 });
  return (
    <BanhoTosaPorPeriodoPage
      search={search}
      onSearchChange={(patch) => setSearch((p) => ({ ...p, ...patch, page: (patch.page as number | undefined) ?? 1 }))}
    />
  );
}

const celulas = (linha: HTMLElement) =>
  within(linha)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('bath-and-grooming report screens', () => {
  beforeEach(() => useSessionStore.getState().login(loginOutput()));

  it('per day: statuses grouped, the totals row, the cards; type and status filters reach the API', SLOW, async () => {
    const user = userEvent.setup();
    const api = renderScreen({ 'GET /relatorios/banho-tosa-por-dia': () => json(porDia) }, <PorPeriodo />);
    const tabela = await screen.findByRole('table', { name: 'Banho e tosa por período' });
    await within(tabela).findByText('10/11/2026');
    const linhas = within(tabela).getAllByRole('row');
    expect(
      within(linhas[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      'Dia',
      'Atendimentos',
      'Concluídos',
      'Em aberto',
      'Cancelados',
      'Faltas',
      'Pets',
      'Faturamento',
      'Taxa de faltas',
    ]);
    expect(celulas(linhas[1]!)).toEqual(['10/11/2026', '4', '2', '0', '1', '1', '2', 'R$ 1.234,50', '33,33 %']);
    expect(celulas(screen.getByTestId('relatorio-totais'))).toEqual([
      'Total',
      '4',
      '2',
      '0',
      '1',
      '1',
      '2',
      'R$ 1.234,50',
      '33,33 %',
    ]);
    const resumo = screen.getByRole('group', { name: 'Resumo do período' });
    expect(within(resumo).getByLabelText('Faturamento: R$ 1.234,50')).toBeTruthy();
    expect(within(resumo).getByLabelText('Não comparecimento: 33,33 %')).toBeTruthy();
    expect(screen.getByText('1 · R$ 234,50')).toBeTruthy(); // the by-type legend beside the donut

    await user.click(screen.getByRole('combobox', { name: 'Tipo de atendimento' }));
    await user.click(await screen.findByRole('option', { name: 'Tosa higiênica', hidden: true }, ESPERA));
    const leituras = () => api.requests.filter((r) => r.path === '/relatorios/banho-tosa-por-dia');
    await waitFor(() => expect(leituras().at(-1)!.params).toEqual({ page: 1, pageSize: 20, tipoAtendimentoId: TOSA }));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Não compareceu', hidden: true }, ESPERA));
    await waitFor(() =>
      expect(leituras().at(-1)!.params).toEqual({ page: 1, pageSize: 20, tipoAtendimentoId: TOSA, status: 'NaoCompareceu' }),
    );
  });

  it('per professional: stage minutes, hours, revenue and ticket with the totals row', SLOW, async () => {
    renderScreen(
      { 'GET /relatorios/atividades-banho-tosa-por-responsavel': () => json(porResponsavel) },
      <AtividadesPorResponsavelPage search={{ page: 1, pageSize: 20 }} onSearchChange={() => undefined} />,
    );
    const tabela = await screen.findByRole('table', { name: 'Banho e tosa por profissional' });
    await within(tabela).findByText('Bia Banhista');
    const linhas = within(tabela).getAllByRole('row');
    expect(celulas(linhas[1]!)).toEqual(['Bia Banhista', '2', '1', '1', '1', '25 / 17,5 / —', '1,92', 'R$ 50,00', 'R$ 50,00']);
    expect(celulas(screen.getByTestId('relatorio-totais'))).toEqual([
      'Total',
      '2',
      '1',
      '1',
      '1',
      '25 / 17,5 / —',
      '1,92',
      'R$ 50,00',
      'R$ 50,00',
    ]);
    expect(
      within(screen.getByRole('group', { name: 'Resumo do período' })).getByLabelText('Ticket médio: R$ 50,00'),
    ).toBeTruthy();
    expect(screen.getByText('Faturamento e pets por profissional')).toBeTruthy();
  });
});
