/**
 * The stock reports end to end (issue #20) on the demo data (the demo's purchases leave lots of
 * the lot-controlled products expiring 15–90 days from today, and the stock of every product):
 * - /relatorios/produtos-proximos-vencimento opens, "Vencem em até" 90 days goes to the URL and
 *   the API, the totals row and the cards are the API's, the chart is drawn, and "Exportar →
 *   Planilha Excel" downloads every lot with the totals row (read back with exceljs);
 * - /relatorios/posicao-estoque shows the totals strip of GET /relatorios/posicao-estoque and
 *   exports its XLSX with the same totals.
 */
import { describe, expect } from 'vitest';
import { abrirRelatorio, brl, exportarXlsx, qtd, totaisDaTela } from './relatorios-support.ts';
import { baseURL, callApi, describeE2E, it, ok, poll, settledScreenshot } from './support.ts';

type Vencimento = {
  total: number;
  items: { produtoNome: string; lote: string; diasParaVencer: number }[];
  totais: { lotes: number; quantidade: number; valorCusto: number; valorAVencer: number; valorVencido: number };
  faixas: { faixa: string; valorCusto: number }[];
};
type Posicao = {
  total: number;
  totais: { produtos: number; quantidade: number; valorCusto: number; valorVenda: number; abaixoMinimo: number };
};

describeE2E('stock reports (issue #20)', () => {
  describe('produtos-proximo-vencimento', () => {
    it('opens, widens to 90 days, the totals match the API and the XLSX export', async ({ page }) => {
      const tabela = await abrirRelatorio(page, '/relatorios/produtos-proximos-vencimento', 'Produtos próximos do vencimento');

      const dias = page.getByLabel('Vencem em até (dias)');
      await dias.fill('90');
      await dias.press('Enter');
      await poll(() => new URL(page.url()).searchParams.get('dias')).toBe('90');

      const api = await ok(callApi<Vencimento>(page, 'GET', '/api/relatorios/produtos-proximo-vencimento?dias=90'));
      // The demo's purchases left lots expiring 15–90 days from today.
      expect(api.total).toBeGreaterThan(0);
      expect(api.totais.valorCusto).toBeGreaterThan(0);
      const primeiro = api.items[0]!;
      await tabela.getByRole('cell', { name: primeiro.lote, exact: true }).first().waitFor();
      await poll(() => totaisDaTela(page)).toEqual([
        'Total',
        '',
        `${api.totais.lotes} ${api.totais.lotes === 1 ? 'lote' : 'lotes'}`,
        '',
        '',
        qtd(api.totais.quantidade),
        '',
        brl(api.totais.valorCusto),
      ]);
      await page
        .getByRole('group', { name: 'Resumo dos lotes' })
        .getByLabel(`A vencer em até 90 dias: ${brl(api.totais.valorAVencer)}`)
        .waitFor();
      await page.getByRole('figure', { name: 'Valor a custo por faixa de vencimento' }).locator('svg').first().waitFor();
      await settledScreenshot(page, 'relatorios-produtos-proximos-vencimento');

      const { nome, linhas } = await exportarXlsx(page);
      expect(nome).toMatch(/\.xlsx$/);
      expect(linhas[0]).toEqual([
        'Produto',
        'Código',
        'Lote',
        'Validade',
        'Dias para vencer',
        'Quantidade',
        'Custo unitário',
        'Valor a custo',
      ]);
      expect(linhas).toHaveLength(api.total + 2); // header, every lot, totals
      expect(linhas[1]![2]).toBe(primeiro.lote);
      const total = linhas.at(-1)!;
      expect(total[0]).toBe('Total');
      expect(total[7]).toBe(api.totais.valorCusto);
    });
  });

  describe('posicao-estoque', () => {
    it('shows the totals of the report call and exports the XLSX with them', async ({ page }) => {
      await page.goto(`${baseURL()}/relatorios/posicao-estoque`);
      await page.getByRole('heading', { name: 'Posição de estoque' }).waitFor();
      const api = await ok(callApi<Posicao>(page, 'GET', '/api/relatorios/posicao-estoque'));
      expect(api.totais.produtos).toBeGreaterThan(0);
      expect(api.totais.valorCusto).toBeGreaterThan(0);
      const strip = page.getByRole('region', { name: 'Totais do estoque' });
      await poll(() => strip.getByLabel('Valor total do estoque').textContent()).toBe(brl(api.totais.valorCusto));
      await poll(() => strip.getByLabel('Produtos').textContent()).toBe(String(api.totais.produtos));
      await settledScreenshot(page, 'relatorios-posicao-estoque');

      const { nome, linhas } = await exportarXlsx(page);
      expect(nome).toMatch(/\.xlsx$/);
      expect(linhas[0]![8]).toBe('Valor em estoque');
      expect(linhas).toHaveLength(api.total + 2);
      const total = linhas.at(-1)!;
      expect(total[0]).toBe('Total');
      expect(total[4]).toBe(api.totais.quantidade);
      expect(total[8]).toBe(api.totais.valorCusto);
    });
  });
});
