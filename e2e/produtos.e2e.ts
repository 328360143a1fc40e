/**
 * Products end to end: a product with a valid GTIN-13 barcode and prices kept consistent, then
 * found from /produtos/ by its barcode (typed and Enter, like a scanner) and by its name.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeE2E,
  expectNoSidewaysScroll,
  expectOnScreen,
  expectTableReadable,
  launchBrowser,
  login,
  MOBILE_VIEWPORT,
  newPage,
  screenshot,
} from './support.ts';

/** GS1 check digit: weights 3 and 1 alternating from the right of the body. */
const gtinCheckDigit = (body: string): number => {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
};

/** A GTIN-13 with the Brazilian prefix 789 and a random body. */
const randomGtin13 = (): string => {
  const body = `789${Array.from({ length: 9 }, () => Math.floor(Math.random() * 10)).join('')}`;
  return `${body}${gtinCheckDigit(body)}`;
};

const choose = async (page: Page, label: string, option: string) => {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

const rowsOf = (page: Page) => page.getByRole('row', { name: /^Editar / });

describeE2E('produtos', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a product with a barcode and finds it by barcode and by name', async () => {
    expect(gtinCheckDigit('789100031550')).toBe(7); // 7891000315507, a real EAN-13
    const page = await newPage(browser);
    await login(page);
    await page.goto('/produtos/');
    await rowsOf(page).first().waitFor();
    await screenshot(page, 'produtos-lista');
    await page.getByRole('link', { name: 'Novo produto' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/produtos/form'));

    const suffix = Date.now().toString(36);
    const nome = `Ração Úmida Sachê Teste ${suffix}`;
    const gtin = randomGtin13();
    await page.getByLabel('Nome', { exact: true }).fill(nome);
    await page.getByLabel('Código de barras', { exact: true }).fill(gtin);
    await choose(page, 'Unidade de medida', 'UN - Unidade');
    await screenshot(page, 'produto-form-geral');

    await page.getByRole('tab', { name: 'Preços' }).click();
    await page.getByLabel('Preço de custo', { exact: true }).fill('2,50');
    await page.getByLabel('Markup', { exact: true }).fill('80');
    await expect.poll(() => page.getByLabel('Preço de venda', { exact: true }).inputValue()).toBe('R$ 4,50');
    await page.getByLabel('Preço de venda', { exact: true }).fill('5,00');
    await expect.poll(() => page.getByLabel('Markup', { exact: true }).inputValue()).toBe('100 %');
    await screenshot(page, 'produto-form-precos');
    await page.getByRole('tab', { name: 'Fiscal' }).click();
    await page.getByLabel('NCM', { exact: true }).fill('23091000');
    await screenshot(page, 'produto-form-fiscal');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL((url) => /^\/produtos\/?$/.test(url.pathname));

    // By barcode, as a scanner types it: the digits and Enter.
    const busca = page.getByRole('searchbox', { name: 'Buscar' });
    await busca.click();
    await page.keyboard.type(gtin, { delay: 5 });
    await page.keyboard.press('Enter');
    await page.getByRole('row', { name: `Editar ${nome}` }).waitFor();
    await expect.poll(() => rowsOf(page).count()).toBe(1);
    await page
      .getByRole('row', { name: `Editar ${nome}` })
      .getByText('R$ 5,00')
      .waitFor();
    await screenshot(page, 'produtos-busca-codigo-barras');

    // By name, without accents.
    await busca.fill(`racao umida sache teste ${suffix}`);
    await page.getByRole('row', { name: `Editar ${nome}` }).waitFor();
    await expect.poll(() => rowsOf(page).count()).toBe(1);

    await page.getByRole('row', { name: `Editar ${nome}` }).click();
    await page.waitForURL((url) => /^\/produtos\/form\/[0-9a-f-]{36}$/.test(url.pathname));
    await expect.poll(() => page.getByLabel('Código de barras', { exact: true }).inputValue()).toBe(gtin);
    await page.context().close();
  });

  it('shows the catalogue and a product form on a phone', async () => {
    const page = await newPage(browser, { viewport: MOBILE_VIEWPORT });
    await login(page);
    await page.goto('/produtos/');
    await rowsOf(page).first().waitFor();
    // The catalogue: search and "Novo produto" on the screen, the table read in its own box.
    await expectOnScreen(page.getByRole('searchbox', { name: 'Buscar' }), 'Buscar');
    await expectOnScreen(page.getByRole('link', { name: 'Novo produto' }), 'Novo produto');
    await expectTableReadable(page.getByRole('table'), 'Produtos');
    await expectOnScreen(page.getByRole('button', { name: 'Próxima página' }), 'Próxima página');
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'produtos-lista-mobile');

    await rowsOf(page).first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/produtos/form/'));
    // The form: every tab reachable in its sideways-scrolling list, the prices and "Salvar" on the screen.
    await page.getByRole('tab', { name: 'Preços' }).waitFor();
    const abas = await page.getByRole('tab').all();
    expect(abas.length).toBe(5);
    for (const aba of abas) await expectOnScreen(aba, `aba ${await aba.innerText()}`);
    await page.getByRole('tab', { name: 'Preços' }).click();
    expect(await page.getByRole('tab', { name: 'Preços' }).getAttribute('aria-selected')).toBe('true');
    for (const campo of ['Preço de custo', 'Markup', 'Preço de venda'])
      await expectOnScreen(page.getByLabel(campo, { exact: true }), campo);
    await expectOnScreen(page.getByRole('button', { name: 'Salvar' }), 'Salvar');
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'produto-form-mobile');
    await page.context().close();
  });
});
