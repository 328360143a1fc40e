/**
 * The home page's indicators (issue #20 item 2) in Chromium on the demo data (60 days of sales):
 * the owner (admin@demo) sees the month's revenue as GET /api/indicadores answers it, with the
 * comparison to last month, the 30-day chart and the payment-method donut drawn; the demo
 * cashier (caixa@demo, Carla Dias) sees their register and their own sales today, and no
 * company revenue nor its charts.
 */
import type { Indicadores } from '@petshop/shared/indicadores';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { brl } from './relatorios-support.ts';
import { callApi, DEMO_SENHA, describeE2E, it, login, newPage, ok, poll, settledScreenshot } from './support.ts';

const indicadores = (page: Page) => ok(callApi<Indicadores>(page, 'GET', '/api/indicadores'));

describeE2E('home: indicators', () => {
  describe('as the owner', () => {
    it('shows the month’s revenue against last month and both charts', async ({ page }) => {
      await page.goto('/');
      const mes = page.getByRole('link', { name: /^Faturamento do mês/ });
      await mes.waitFor();
      const dados = await indicadores(page);
      const f = dados.faturamento!;
      expect(f.mes.valor).toBeGreaterThan(0);
      // The figure on the card is the API's (the 60 s refetch may bring a newer one: poll).
      await poll(async () => (await mes.textContent())?.includes(brl((await indicadores(page)).faturamento!.mes.valor))).toBe(
        true,
      );
      if (f.variacaoMes !== null) await expect(mes.textContent()).resolves.toMatch(/(Alta|Queda) de \d+(\.\d{3})*,\d %/);
      await expect(page.getByRole('link', { name: /^Faturamento hoje/ }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('link', { name: /^Ticket médio do mês/ }).isVisible()).resolves.toBe(true);

      // The 30-day chart: one bar per day that sold, drawn by recharts.
      const grafico = page.getByRole('region', { name: 'Faturamento dos últimos 30 dias' });
      await poll(() => grafico.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
      // The donut and its legend: one slice and one line per method.
      const formas = page.getByRole('region', { name: 'Recebido no mês por forma de pagamento' });
      await poll(() => formas.locator('.recharts-pie-sector').count()).toBe(f.porFormaPagamento.length);
      await expect(formas.getByRole('listitem').count()).resolves.toBe(f.porFormaPagamento.length);
      await expect(formas.getByRole('listitem').first().textContent()).resolves.toContain(brl(f.porFormaPagamento[0]!.valor));

      // A card opens its list.
      await page.getByRole('link', { name: /^Estoque abaixo do mínimo/ }).click();
      await page.waitForURL((url) => url.pathname === '/relatorios/posicao-estoque' && url.search.includes('abaixo_minimo'));
      await page.goto('/');
      await mes.waitFor();
      await settledScreenshot(page, 'home-indicadores-dono');
    });
  });

  describe('as the cashier', () => {
    it('shows their register and their sales today, no company revenue', async ({ browser }) => {
      const page = await newPage(browser);
      try {
        await login(page, 'caixa@demo.com.br', DEMO_SENHA);
        await page.goto('/');
        const meuCaixa = page.getByRole('link', { name: /^Meu caixa/ });
        await meuCaixa.waitFor();
        const dados = await indicadores(page);
        expect(dados.faturamento).toBeUndefined();
        expect(dados.meuCaixa).toBeDefined();
        const vendas = page.getByRole('link', { name: /^Minhas vendas hoje/ });
        await poll(async () =>
          (await vendas.textContent())?.includes(brl((await indicadores(page)).meuCaixa!.vendasHoje.valor)),
        ).toBe(true);
        const caixa = dados.meuCaixa!.caixa;
        await expect(meuCaixa.textContent()).resolves.toContain(caixa ? brl(caixa.saldoDinheiro) : 'Fechado');
        await expect(page.getByRole('link', { name: /^Faturamento/ }).count()).resolves.toBe(0);
        await expect(page.getByRole('region', { name: 'Faturamento dos últimos 30 dias' }).count()).resolves.toBe(0);
        await expect(page.getByRole('link', { name: /^Contas a pagar/ }).count()).resolves.toBe(0);
        await settledScreenshot(page, 'home-indicadores-caixa');
      } finally {
        await page.close();
      }
    });
  });
});
