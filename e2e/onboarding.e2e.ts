/**
 * Onboarding end to end: /petshop without personal data goes back to /dados-pessoais; the two
 * steps create a shop and the new owner lands logged in on the home page.
 */
import { generateCnpj, generateCpf } from '@brazilian-utils/brazilian-utils';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeE2E, launchBrowser, newPage, screenshot } from './support.ts';

describeE2E('onboarding', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends /petshop back to /dados-pessoais when step one was not filled', async () => {
    const page = await newPage(browser);
    await page.goto('/petshop');
    await page.waitForURL((url) => url.pathname === '/dados-pessoais');
    await page.context().close();
  });

  it('creates a shop in two steps and lands logged in', async () => {
    const page = await newPage(browser);
    const email = `dona.${Date.now()}@novopet.com.br`;
    await page.goto('/dados-pessoais');
    await page.getByLabel('Nome completo').fill('Beatriz Fontes');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Telefone').fill('11987654321');
    await page.getByLabel('CPF').fill(generateCpf());
    await page.getByLabel('Senha', { exact: true }).fill('senha-da-bia-1');
    await page.getByLabel('Confirmação da senha').fill('senha-da-bia-1');
    await screenshot(page, 'onboarding-dados-pessoais');
    await page.getByRole('button', { name: /Continuar|Próximo|Avançar/ }).click();
    await page.waitForURL((url) => url.pathname === '/petshop');

    await page.getByLabel('Nome fantasia').fill('Bicho Feliz Pet Shop');
    await page.getByLabel('CNPJ').fill(generateCnpj());
    await page.getByLabel('Telefone').fill('1133224455');
    await page.getByLabel('CEP').fill('01310100');
    await page.getByLabel('Logradouro').fill('Avenida Paulista');
    await page.getByLabel('Número').fill('900');
    await page.getByLabel('Bairro').fill('Bela Vista');
    await page.getByLabel('Cidade').fill('São Paulo');
    const uf = page.getByLabel('UF');
    await uf.click();
    await uf.fill('SP');
    await page.getByRole('option', { name: /^SP/ }).first().click();
    await screenshot(page, 'onboarding-petshop');
    await page.getByRole('button', { name: /Criar|Concluir|Finalizar/ }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText(/(Bom dia|Boa tarde|Boa noite), Beatriz/).waitFor();
    await expect.poll(() => page.getByLabel('Unidade de negócio').first().inputValue()).toBe('Bicho Feliz Pet Shop');
    await screenshot(page, 'onboarding-home');
    await page.context().close();
  });
});
