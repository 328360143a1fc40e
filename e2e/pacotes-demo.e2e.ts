/**
 * Packages on the web (issue #17 items 6, 7) over the demo data: a customer who bought "Pacote
 * 4 banhos" in the demo sees it on the Pacotes tab of their page (sessions left with a bar, valid
 * until, status, the sale), on a desktop and a phone; a service's form shows the package section.
 */
import type { Atendimento } from '@petshop/shared/agenda';
import { describe, expect } from 'vitest';
import {
  callApi,
  describeE2E,
  expectNoSidewaysScroll,
  it,
  MOBILE_VIEWPORT,
  newPage,
  login,
  ok,
  screenshot,
  type ApiPage,
} from './support.ts';

describeE2E('pacotes (demo)', () => {
  describe('customer and product', () => {
    let clienteId = '';

    it('shows a demo customer’s package on the Pacotes tab', async ({ page }) => {
      // A booked bath next week that takes a package session (demo-agenda.ts) names its customer.
      const hoje = new Date().toISOString().slice(0, 10);
      const fim = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);
      const agenda = await ok(
        callApi<ApiPage<Atendimento>>(page, 'GET', `/api/agenda/atendimentos?dataInicio=${hoje}&dataFim=${fim}&pageSize=100`),
      );
      const comPacote = agenda.items.find((a) => a.pacote !== null);
      expect(comPacote, 'um atendimento da semana com pacote').toBeTruthy();
      clienteId = comPacote!.clienteId;

      await page.goto(`/clientes/${clienteId}?tab=pacotes`);
      const tabela = page.getByRole('table', { name: 'Pacotes' });
      await tabela.waitFor();
      const linha = tabela.getByRole('row', { name: comPacote!.pacote!.nome });
      await expect.poll(() => linha.count()).toBeGreaterThan(0);
      await expect.poll(() => linha.first().textContent()).toMatch(/\d de \d+ restantes?/);
      await expect.poll(() => linha.first().getByRole('progressbar').count()).toBe(1);
      await expect
        .poll(() =>
          linha
            .first()
            .getByRole('link', { name: /Abrir venda nº \d+/ })
            .count(),
        )
        .toBe(1);
      await screenshot(page, 'cliente-pacotes');
    });

    it('reads on a phone', async ({ browser }) => {
      const celular = await newPage(browser, { viewport: MOBILE_VIEWPORT });
      await login(celular);
      await celular.goto(`/clientes/${clienteId}?tab=pacotes`);
      // One card per package instead of the table; nothing scrolls sideways.
      const cartao = celular.getByRole('list', { name: 'Pacotes (lista)' }).getByRole('listitem').first();
      await cartao.waitFor();
      await expect.poll(() => cartao.textContent()).toMatch(/\d de \d+ restantes?/);
      expect(await celular.getByRole('table', { name: 'Pacotes' }).isVisible()).toBe(false);
      await screenshot(celular, 'cliente-pacotes-mobile');
      await expectNoSidewaysScroll(celular);
      await celular.close();
    });

    it('shows the package section of a service', async ({ page }) => {
      await page.goto('/produtos/form');
      await page.getByText('Serviço', { exact: true }).click();
      await page.getByRole('switch', { name: /É um pacote/ }).check({ force: true });
      await page.getByLabel('Sessões', { exact: false }).first().waitFor();
      await page.getByRole('region', { name: 'Pacote' }).scrollIntoViewIfNeeded();
      await screenshot(page, 'produto-pacote');
    });
  });
});
