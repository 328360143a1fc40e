/**
 * The ABC curves end to end (issue #20) on the demo data (60 days of sales history):
 * /relatorios/curva-abc-produtos opens on "Últimos 12 meses" (the ABC default), the period
 * changes to "Últimos 30 dias", the Pareto chart draws (an svg), the class cards and the totals
 * row say the API's figures, the class filter A keeps only class-A rows, and "Exportar →
 * Planilha Excel" downloads those rows with their totals (read back with exceljs);
 * /relatorios/curva-abc-clientes shows its curve, chart and the "Consumidor não identificado" card.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { abrirRelatorio, brl, exportarXlsx, mudarPeriodo, totaisDaTela } from './relatorios-support.ts';
import { callApi, describeE2E, it, ok, poll, settledScreenshot } from './support.ts';

type Classe = { classe: 'A' | 'B' | 'C'; itens: number; faturamento: number; participacao: number };
type Curva = {
  total: number;
  items: { posicao: number; classe: string; faturamento: number }[];
  totais: { itens: number; faturamento: number; classes: Classe[] };
  pareto: { posicao: number }[];
  itensCurva: number;
  periodo: { dataInicio: string; dataFim: string };
};
type CurvaClientes = Curva & { totais: Curva['totais'] & { naoIdentificado: { compras: number; faturamento: number } } };

const GRAFICO = 'Gráfico de Pareto: faturamento e participação acumulada';

/** Waits for the Pareto chart's drawing (recharts' svg) inside its figure. */
const graficoDesenhado = (page: Page) =>
  page.getByRole('figure', { name: GRAFICO }).locator('svg.recharts-surface').first().waitFor();

describeE2E('ABC curves (issue #20)', () => {
  describe('curva-abc-produtos and curva-abc-clientes', () => {
    it('opens on 12 months, changes the period, draws the Pareto chart, filters class A, exports XLSX', async ({ page }) => {
      const tabela = await abrirRelatorio(page, '/relatorios/curva-abc-produtos', 'Curva ABC de produtos');
      // No period in the URL: the ABC screens read the last 12 months.
      await poll(() =>
        page
          .getByRole('group', { name: 'Períodos prontos' })
          .getByRole('button', { name: 'Últimos 12 meses', exact: true })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      await graficoDesenhado(page);

      const periodo = await mudarPeriodo(page, 'Últimos 30 dias');
      const intervalo = `dataInicio=${periodo.dataInicio}&dataFim=${periodo.dataFim}`;
      const api = await ok(callApi<Curva>(page, 'GET', `/api/relatorios/curva-abc-produtos?${intervalo}`));
      expect(api.total).toBeGreaterThan(0);
      expect(api.totais.classes.map((c) => c.classe)).toEqual(['A', 'B', 'C']);
      expect(api.items[0]!.classe).toBe('A');
      await poll(async () => (await totaisDaTela(page))[4]).toBe(brl(api.totais.faturamento));
      const a = api.totais.classes[0]!;
      await poll(() => page.getByTestId('resumo-classe-A').textContent()).toContain(
        `${a.itens.toLocaleString('pt-BR')} ${a.itens === 1 ? 'produto' : 'produtos'}`,
      );
      await graficoDesenhado(page);
      await settledScreenshot(page, 'relatorios-curva-abc-produtos');

      // Class A only: the URL carries it, every row's badge is A, the totals are class A's.
      await page.getByRole('radiogroup', { name: 'Classe' }).getByText('A', { exact: true }).click();
      await poll(() => new URL(page.url()).searchParams.get('classe')).toBe('A');
      const soA = await ok(callApi<Curva>(page, 'GET', `/api/relatorios/curva-abc-produtos?${intervalo}&classe=A`));
      expect(soA.total).toBe(a.itens);
      expect(soA.totais.faturamento).toBe(a.faturamento);
      await poll(async () => (await totaisDaTela(page))[4]).toBe(brl(a.faturamento));
      expect(await tabela.getByLabel('Classe B').count()).toBe(0);
      expect(await tabela.getByLabel('Classe C').count()).toBe(0);
      expect(await tabela.getByLabel('Classe A').count()).toBe(Math.min(20, a.itens));

      const { nome, linhas } = await exportarXlsx(page);
      expect(nome).toMatch(/^curva-abc-produtos.*\.xlsx$/);
      expect(linhas[0]).toEqual([
        'Posição',
        'Produto',
        'Código',
        'Quantidade',
        'Faturamento',
        'Participação (%)',
        'Acumulado (%)',
        'Classe',
      ]);
      expect(linhas).toHaveLength(a.itens + 2);
      expect(linhas.slice(1, -1).every((l) => l[7] === 'A')).toBe(true);
      expect(linhas[1]![0]).toBe(1);
      expect(linhas[1]![4]).toBe(api.items[0]!.faturamento);
      const total = linhas.at(-1)!;
      expect(total[0]).toBe('Total');
      expect(total[4]).toBe(a.faturamento);

      // The customers' curve of the same period.
      await abrirRelatorio(page, `/relatorios/curva-abc-clientes?${intervalo}`, 'Curva ABC de clientes');
      const clientes = await ok(callApi<CurvaClientes>(page, 'GET', `/api/relatorios/curva-abc-clientes?${intervalo}`));
      expect(clientes.total).toBeGreaterThan(0);
      await poll(async () => (await totaisDaTela(page))[5]).toBe(brl(clientes.totais.faturamento));
      await poll(() => page.getByTestId('resumo-nao-identificado').textContent()).toContain(
        brl(clientes.totais.naoIdentificado.faturamento),
      );
      await graficoDesenhado(page);
      await settledScreenshot(page, 'relatorios-curva-abc-clientes');
    });
  });
});
