/**
 * The sales reports end to end (issue #20) on the demo data (60 days of sales history):
 * /relatorios/vendas-por-produto opens, the period changes to "Últimos 30 dias" (the URL and the
 * answer follow), the table, the stat cards and the top-10 chart show, the totals row is the
 * API's, a category filter narrows it, and "Exportar → Planilha Excel" downloads an XLSX whose
 * rows and totals row say the same figures (read back with exceljs); /relatorios/vendas-por-categoria
 * shows the tree and the donut with the same revenue as the products' report.
 */
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { baseURL, callApi, describeE2E, it, ok, poll, settledScreenshot } from './support.ts';

type Periodo = { dataInicio: string; dataFim: string };
type Totais = { quantidade: number; faturamento: number; custo: number; margem: number };
type PorProduto = {
  total: number;
  items: { nome: string; categoria: string | null; faturamento: number }[];
  totais: Totais & { produtos: number };
  grafico: { nome: string }[];
};
type PorCategoria = {
  total: number;
  items: { categoriaId: string | null; nome: string; nivel: number; faturamento: number }[];
  totais: Totais;
  grafico: { nome: string; faturamento: number }[];
};

const brl = (v: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(v).replace(/\u00a0/g, ' ');

/** Clicks "Últimos 30 dias" and waits for the URL and the screen to carry the period: answers it. */
const ultimos30Dias = async (page: Page): Promise<Periodo> => {
  await page.getByRole('button', { name: 'Últimos 30 dias' }).click();
  await poll(() => new URL(page.url()).searchParams.get('dataInicio')).not.toBeNull();
  const params = new URL(page.url()).searchParams;
  const periodo = { dataInicio: params.get('dataInicio')!, dataFim: params.get('dataFim')! };
  const br = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  await poll(() => page.getByTestId('relatorio-periodo').textContent()).toBe(
    `Período: ${br(periodo.dataInicio)} a ${br(periodo.dataFim)}`,
  );
  return periodo;
};

const totaisDaTela = (page: Page) => page.getByTestId('relatorio-totais').getByRole('cell').allTextContents();

/** Exportar → Planilha Excel: the downloaded workbook's first sheet as rows of values. */
const exportarXlsx = async (page: Page): Promise<unknown[][]> => {
  await page.getByRole('button', { name: 'Exportar' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Planilha Excel (.xlsx)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^vendas-por-produto.*\.xlsx$/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const linhas: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => linhas.push((row.values as unknown[]).slice(1)));
  return linhas;
};

describeE2E('sales reports (issue #20)', () => {
  describe('vendas-por-produto and vendas-por-categoria', () => {
    it('opens, changes the period, table/cards/chart match the API, filters by category, exports XLSX', async ({ page }) => {
      await page.goto(`${baseURL()}/relatorios/vendas-por-produto`);
      await page.getByRole('heading', { name: 'Vendas por produto' }).waitFor();
      const tabela = page.getByRole('table', { name: 'Vendas por produto' });
      await tabela.waitFor();

      const periodo = await ultimos30Dias(page);
      const intervalo = `dataInicio=${periodo.dataInicio}&dataFim=${periodo.dataFim}`;
      const api = await ok(callApi<PorProduto>(page, 'GET', `/api/relatorios/vendas-por-produto?${intervalo}`));
      // The demo has 60 days of sales: the last 30 days are not empty.
      expect(api.total).toBeGreaterThan(0);
      expect(api.totais.faturamento).toBeGreaterThan(0);
      await tabela.getByText(api.items[0]!.nome, { exact: true }).first().waitFor();
      await poll(async () => (await totaisDaTela(page))[2]).toBe(brl(api.totais.faturamento));
      expect((await totaisDaTela(page))[4]).toBe(brl(api.totais.margem));
      await poll(() => page.getByTestId('resumo-Faturamento').textContent()).toBe(brl(api.totais.faturamento));
      await page.getByLabel('Gráfico dos produtos de maior faturamento').waitFor();
      await page.getByText(`Os ${api.grafico.length} produtos de maior faturamento`).waitFor();
      await settledScreenshot(page, 'relatorios-vendas-por-produto');

      // The XLSX: header, every product, the totals row with the API's figures.
      const linhas = await exportarXlsx(page);
      expect(linhas[0]!.slice(0, 7)).toEqual(['Produto', 'Código', 'GTIN', 'Categoria', 'Marca', 'Quantidade', 'Faturamento']);
      expect(linhas).toHaveLength(api.total + 2);
      expect(linhas[1]![0]).toBe(api.items[0]!.nome);
      expect(linhas[1]![6]).toBe(api.items[0]!.faturamento);
      const total = linhas.at(-1)!;
      expect(total[0]).toBe('Total');
      expect(total[6]).toBe(api.totais.faturamento);
      expect(total[8]).toBe(api.totais.margem);

      // A category filter: the first product's category, picked in the select, narrows the table.
      const categoria = api.items.find((l) => l.categoria)?.categoria;
      if (categoria) {
        await page.getByRole('combobox', { name: 'Categoria' }).click();
        await page
          .getByRole('option', { name: new RegExp(`(^| › )${categoria}$`) })
          .first()
          .click();
        await poll(() => new URL(page.url()).searchParams.get('categoriaId')).not.toBeNull();
        const categoriaId = new URL(page.url()).searchParams.get('categoriaId')!;
        const filtrado = await ok(
          callApi<PorProduto>(page, 'GET', `/api/relatorios/vendas-por-produto?${intervalo}&categoriaId=${categoriaId}`),
        );
        expect(filtrado.totais.faturamento).toBeLessThanOrEqual(api.totais.faturamento);
        await poll(async () => (await totaisDaTela(page))[2]).toBe(brl(filtrado.totais.faturamento));
      }

      // The category tree of the same period: the same revenue, the donut beside it.
      await page.goto(`${baseURL()}/relatorios/vendas-por-categoria?${intervalo}`);
      await page.getByRole('heading', { name: 'Vendas por categoria' }).waitFor();
      const arvore = await ok(callApi<PorCategoria>(page, 'GET', `/api/relatorios/vendas-por-categoria?${intervalo}`));
      expect(arvore.totais.faturamento).toBe(api.totais.faturamento);
      expect(arvore.totais.custo).toBe(api.totais.custo);
      await poll(async () => (await totaisDaTela(page))[2]).toBe(brl(api.totais.faturamento));
      await page.getByLabel('Gráfico do faturamento por categoria principal').waitFor();
      const legenda = page.getByRole('list', { name: 'Legenda' });
      await legenda.getByText(arvore.grafico[0]!.nome, { exact: true }).waitFor();
      await settledScreenshot(page, 'relatorios-vendas-por-categoria');
    });
  });
});
