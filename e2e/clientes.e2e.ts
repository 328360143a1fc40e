/**
 * Customers end to end: a new customer with CEP autofill (the server asks the local fake
 * ViaCEP started by global-setup.ts) and a first pet, then found from /clientes/ by the pet's
 * name typed without accents.
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

/** A valid CPF from 9 random digits (Receita Federal check digits), so reruns never clash. */
const randomCpf = (): string => {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (digits.every((d) => d === digits[0])) digits[0] = (digits[0]! + 1) % 10;
  for (const weightStart of [10, 11]) {
    const sum = digits.reduce((acc, d, i) => acc + d * (weightStart - i), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
};

/** Picks an option of a Mantine Select by its visible label. */
const choose = async (page: Page, label: string, option: string) => {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

describeE2E('clientes', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a customer with CEP autofill and a first pet, then finds them by the pet name without accents', async () => {
    const page = await newPage(browser);
    await login(page);
    await page.goto('/clientes/');
    await page.getByRole('row').nth(1).waitFor();
    await screenshot(page, 'clientes-lista');
    await page.getByRole('link', { name: 'Novo cliente' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/clientes/form'));

    const nome = `Marina Feijó ${Date.now().toString(36)}`;
    await page.getByLabel('Nome', { exact: true }).fill(nome);
    await page.getByLabel('CPF/CNPJ', { exact: true }).fill(randomCpf());
    await page.getByLabel('Telefone 1', { exact: true }).fill('11987654321');
    await page.getByLabel('CEP', { exact: true }).fill('01310-100');
    await expect.poll(() => page.getByLabel('Logradouro', { exact: true }).inputValue()).toBe('Avenida Paulista');
    expect(await page.getByLabel('Cidade', { exact: true }).inputValue()).toBe('São Paulo');
    expect(await page.getByRole('combobox', { name: 'UF', exact: true }).inputValue()).toBe('SP');
    expect(await page.getByLabel('Bairro', { exact: true }).inputValue()).toBe('Bela Vista');
    await page.getByLabel('Número', { exact: true }).fill('1578');
    await page.getByRole('checkbox', { name: /Aceita receber comunicações de marketing/ }).check();

    await page.getByLabel('Nome do pet', { exact: true }).fill('Pé de Feijão');
    await choose(page, 'Espécie', 'Canina');
    await choose(page, 'Raça', 'Beagle');
    // The breed's default size.
    await expect.poll(() => page.getByRole('combobox', { name: 'Porte', exact: true }).inputValue()).toBe('Médio');
    await screenshot(page, 'cliente-form');
    await page.getByRole('button', { name: 'Salvar' }).click();

    await page.waitForURL((url) => /^\/clientes\/[0-9a-f-]{36}\/?$/.test(url.pathname));
    await page.getByRole('heading', { name: nome }).waitFor();
    await page.getByText('Aceita marketing').waitFor();
    await page.getByText('Avenida Paulista, 1578').waitFor();
    await screenshot(page, 'cliente-detalhe');
    await page.getByRole('tab', { name: /Pets/ }).click();
    await page.getByRole('article', { name: 'Pé de Feijão' }).getByText('Canina · Beagle').waitFor();
    await screenshot(page, 'cliente-pets');

    await page.goto('/clientes/');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('pe de feijao');
    await page.getByRole('row', { name: `Abrir ${nome}` }).waitFor();
    await expect.poll(() => page.getByRole('row', { name: /^Abrir / }).count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('query')).toBe('pe de feijao');
    await page.getByRole('row', { name: `Abrir ${nome}` }).click();
    await page.waitForURL((url) => /^\/clientes\/[0-9a-f-]{36}\/?$/.test(url.pathname));
    await page.getByRole('heading', { name: nome }).waitFor();
    await page.context().close();
  });

  it('Enter in UF and Raça picks the option without saving (SRD first, found by vira-lata); a failing CEP lookup says so and the address is typed by hand', async () => {
    const page = await newPage(browser);
    await login(page);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/pessoal/pessoas'))
        posts.push(request.url());
    });
    await page.goto('/clientes/form');
    const nome = `Otávio Enter ${Date.now().toString(36)}`;
    await page.getByLabel('Nome', { exact: true }).fill(nome);

    const uf = page.getByRole('combobox', { name: 'UF', exact: true });
    await uf.click();
    await uf.pressSequentially('SP');
    await uf.press('Enter');
    await expect.poll(() => uf.inputValue()).toBe('SP');
    expect(posts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/clientes/form');

    // The fake ViaCEP answers 500 for 99999-999: one line, and the fields stay editable.
    await page.getByLabel('CEP', { exact: true }).fill('99999-999');
    await page.getByText('Não foi possível consultar o CEP; preencha o endereço').waitFor();
    await screenshot(page, 'cliente-form-cep-indisponivel');
    await page.getByLabel('Logradouro', { exact: true }).fill('Rua Augusta');
    await page.getByLabel('Número', { exact: true }).fill('10');
    await page.getByLabel('Bairro', { exact: true }).fill('Consolação');
    await page.getByLabel('Cidade', { exact: true }).fill('São Paulo');
    expect(await uf.inputValue()).toBe('SP');

    // Breeds: SRD first, found by "vira-lata", and Enter picks it (without saving either).
    await page.getByLabel('Nome do pet', { exact: true }).fill('Caramelo');
    await choose(page, 'Espécie', 'Canina');
    const raca = page.getByRole('combobox', { name: 'Raça', exact: true });
    await raca.click();
    await expect.poll(() => page.getByRole('option').first().textContent()).toBe('SRD (sem raça definida)');
    await raca.pressSequentially('vira-lata');
    await expect.poll(() => page.getByRole('option').allTextContents()).toEqual(['SRD (sem raça definida)']);
    await raca.press('Enter');
    await expect.poll(() => raca.inputValue()).toBe('SRD (sem raça definida)');
    expect(posts).toEqual([]);

    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL((url) => /^\/clientes\/[0-9a-f-]{36}\/?$/.test(url.pathname));
    await page.getByRole('heading', { name: nome }).waitFor();
    await page.getByText('Rua Augusta, 10').waitFor();
    await page.getByText('São Paulo/SP').waitFor();
    expect(posts).toHaveLength(1);
    await page.getByRole('tab', { name: /Pets/ }).click();
    await page.getByRole('article', { name: 'Caramelo' }).getByText('Canina · SRD (sem raça definida)').waitFor();
    await page.context().close();
  });

  it('edits a section of a customer on its own and shows the list on a phone', async () => {
    const page = await newPage(browser, { viewport: MOBILE_VIEWPORT });
    await login(page);
    await page.goto('/clientes/');
    await page.getByRole('row').nth(1).waitFor();
    // The list: search and "Novo cliente" on the screen, the table read in its own box.
    await expectOnScreen(page.getByRole('searchbox', { name: 'Buscar' }), 'Buscar');
    await expectOnScreen(page.getByRole('link', { name: 'Novo cliente' }), 'Novo cliente');
    await expectTableReadable(page.getByRole('table'), 'Clientes');
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'clientes-lista-mobile');
    await page
      .getByRole('row', { name: /^Abrir / })
      .first()
      .click();
    await page.waitForURL((url) => /^\/clientes\/[0-9a-f-]{36}\/?$/.test(url.pathname));
    await page.getByRole('button', { name: 'Editar contato' }).click();
    // Only the contact section is edited: the others stay read, each with its own "Editar".
    const contato = page.getByRole('form', { name: 'Contato' });
    await contato.waitFor();
    expect(await page.getByRole('form').count()).toBe(1);
    await expectOnScreen(page.getByRole('button', { name: 'Editar dados pessoais' }), 'Editar dados pessoais');
    await expectOnScreen(page.getByRole('button', { name: 'Editar endereço' }), 'Editar endereço');
    const email = `contato.${Date.now().toString(36)}@exemplo.com.br`;
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await expectOnScreen(page.getByLabel('E-mail', { exact: true }), 'E-mail');
    await expectOnScreen(contato.getByRole('button', { name: 'Salvar' }), 'Salvar');
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'cliente-contato-edicao-mobile');
    // Saved on its own: one write, to the contact of this customer.
    const escritas: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET') escritas.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await contato.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText(email).waitFor();
    await contato.waitFor({ state: 'detached' });
    expect(escritas).toEqual([expect.stringMatching(/^PUT \/api\/pessoal\/pessoas\/[0-9a-f-]{36}\/contato$/)]);
    await expectOnScreen(page.getByRole('button', { name: 'Editar contato' }), 'Editar contato');
    await expectOnScreen(page.getByText(email), email, { text: true });
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'cliente-detalhe-mobile');
    await page.context().close();
  });
});
