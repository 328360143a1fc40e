/**
 * The sales reports end to end (issue #20) on the demo data (60 days of sales history):
 * /relatorios/vendas-por-produto opens, the period changes to "Últimos 30 dias" (the URL and the
 * answer follow), the table, the stat cards and the top-10 chart show, the totals row is the
 * API's, a category filter narrows it, and "Exportar → Planilha Excel" downloads an XLSX whose
 * rows and totals row say the same figures (read back with exceljs); /relatorios/vendas-por-categoria
 * shows the tree and the donut with the same revenue as the products' report.
 */
import { describe, expect } from 'vitest';
import { abrirRelatorio, brl, exportarXlsx, mudarPeriodo, totaisDaTela } from './relatorios-support.ts';
import { baseURL, callApi, describeE2E, it, ok, poll, settledScreenshot } from './support.ts';

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

describeE2E('sales reports (issue #20)', () => {
  describe('vendas-por-produto and vendas-por-categoria', () => {
    it('opens, changes the period, table/cards/chart match the API, filters by category, exports XLSX', async ({ page }) => {
      const tabela = await abrirRelatorio(page, '/relatorios/vendas-por-produto', 'Vendas por produto');

      const periodo = await mudarPeriodo(page, 'Últimos 30 dias');
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
      const { nome, linhas } = await exportarXlsx(page);
      expect(nome).toMatch(/^vendas-por-produto.*\.xlsx$/);
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
