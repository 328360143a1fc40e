/**
 * The bath-and-grooming reports end to end (issue #20) on the demo data (the demo's agenda has
 * four weeks of past baths and groomings with their sales and the board's activity history):
 * /relatorios/banho-tosa-por-periodo and /relatorios/atividades-banho-tosa-por-responsavel open,
 * the period changes to "Últimos 30 dias" (the URL and the answer follow), the screen's totals
 * row is the API's, and "Exportar → Planilha Excel" downloads an XLSX whose totals row says the
 * same figures (read back with exceljs).
 */
import { describe, expect } from 'vitest';
import { abrirRelatorio, brl, exportarXlsx, mudarPeriodo, totaisDaTela, type PeriodoTela } from './relatorios-support.ts';
import { callApi, describeE2E, it, ok, poll, settledScreenshot } from './support.ts';

type PorDia = {
  total: number;
  periodo: PeriodoTela;
  totais: { atendimentos: number; faturamento: number; petsAtendidos: number; porStatus: Record<string, number> };
};
type PorResponsavel = {
  total: number;
  items: { nome: string; minutosPorEtapa: Record<string, number | null> }[];
  totais: { atendimentos: number; pets: number; faturamento: number };
};

describeE2E('bath-and-grooming reports (issue #20)', () => {
  describe('banho-tosa-por-periodo', () => {
    it('opens, changes the period, the totals match the API and the XLSX export', async ({ page }) => {
      await abrirRelatorio(page, '/relatorios/banho-tosa-por-periodo', 'Banho e tosa por período');

      const periodo = await mudarPeriodo(page, 'Últimos 30 dias');
      const api = await ok(
        callApi<PorDia>(
          page,
          'GET',
          `/api/relatorios/banho-tosa-por-dia?dataInicio=${periodo.dataInicio}&dataFim=${periodo.dataFim}`,
        ),
      );
      // The demo's agenda has four weeks of past grooming: the last 30 days are not empty.
      expect(api.totais.atendimentos).toBeGreaterThan(0);
      expect(api.totais.faturamento).toBeGreaterThan(0);
      await poll(() => totaisDaTela(page)).toEqual(
        expect.arrayContaining(['Total', String(api.totais.atendimentos), brl(api.totais.faturamento)]),
      );
      const totais = await totaisDaTela(page);
      expect(totais[1]).toBe(String(api.totais.atendimentos));
      await page
        .getByRole('group', { name: 'Resumo do período' })
        .getByLabel(`Faturamento: ${brl(api.totais.faturamento)}`)
        .waitFor();
      await page.getByLabel('Gráfico de atendimentos por dia e status, com o faturamento').waitFor();
      await settledScreenshot(page, 'relatorios-banho-tosa-por-periodo');

      const { nome, linhas } = await exportarXlsx(page);
      expect(nome).toMatch(/\.xlsx$/);
      expect(linhas[0]![0]).toBe('Dia');
      expect(linhas).toHaveLength(api.total + 2); // header, every day, totals
      const total = linhas.at(-1)!;
      expect(total[0]).toBe('Total');
      expect(total[1]).toBe(api.totais.atendimentos);
      expect(total[10]).toBe(api.totais.faturamento);
    });
  });

  describe('atividades-banho-tosa-por-responsavel', () => {
    it('per professional: stage minutes from the board history, totals match the API and the XLSX', async ({ page }) => {
      const tabela = await abrirRelatorio(
        page,
        '/relatorios/atividades-banho-tosa-por-responsavel',
        'Banho e tosa por profissional',
      );
      const periodo = await mudarPeriodo(page, 'Últimos 30 dias');
      const api = await ok(
        callApi<PorResponsavel>(
          page,
          'GET',
          `/api/relatorios/atividades-banho-tosa-por-responsavel?dataInicio=${periodo.dataInicio}&dataFim=${periodo.dataFim}`,
        ),
      );
      expect(api.total).toBeGreaterThan(0);
      // The demo's board moved pets through Banho (the history the minutes are measured from).
      expect(api.items.some((l) => (l.minutosPorEtapa.Banho ?? 0) > 0)).toBe(true);
      await tabela.getByRole('cell', { name: api.items[0]!.nome, exact: true }).waitFor();
      await poll(async () => (await totaisDaTela(page))[1]).toBe(String(api.totais.atendimentos));
      await page.getByLabel('Gráfico de faturamento e pets por profissional').waitFor();
      await settledScreenshot(page, 'relatorios-banho-tosa-por-responsavel');

      const { nome, linhas } = await exportarXlsx(page);
      expect(nome).toMatch(/\.xlsx$/);
      expect(linhas[0]![0]).toBe('Profissional');
      expect(linhas).toHaveLength(api.total + 2);
      const total = linhas.at(-1)!;
      expect(total.slice(0, 4)).toEqual(['Total', api.totais.atendimentos, expect.any(Number), api.totais.pets]);
      expect(total[9]).toBe(api.totais.faturamento);
    });
  });
});
