/**
 * Settings end to end: the administrator creates a user with a profile in a unit, the new user
 * logs in with it and sees only what the profile allows; a unit is renamed and the unit switcher
 * follows.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeE2E, launchBrowser, login, newPage, screenshot } from './support.ts';

/** Picks an option of a Mantine Select by its visible label. */
const choose = async (page: Page, label: string, option: string) => {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

describeE2E('configurações', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a user who then logs in with the chosen profile', async () => {
    const page = await newPage(browser);
    await login(page);
    await page.goto('/configuracoes/');
    await page
      .getByRole('link', { name: /Usuários/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname.startsWith('/configuracoes/geral/usuarios'));
    await page.getByText('gerente@demo.com.br').waitFor();
    await screenshot(page, 'usuarios-lista');
    await page
      .getByRole('link', { name: 'Novo' })
      .or(page.getByRole('button', { name: 'Novo' }))
      .first()
      .click();
    await page.waitForURL((url) => url.pathname.includes('/usuarios/form'));

    const email = `tosador.${Date.now()}@demo.com.br`;
    await page.getByLabel('Nome', { exact: true }).fill('Igor Tosador');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('senha-do-igor');
    await choose(page, 'Unidade 1', 'Matriz');
    await choose(page, 'Perfil 1', 'Banhista / Tosador');
    // The discount limit at the till (issue #22 item 4): a percent, written back as '12,5 %'.
    await page.getByLabel('Desconto máximo (%)', { exact: true }).fill('12,5');
    await page.getByText('Vazio: sem limite. Acima dele, a venda pede a autorização de um gerente').waitFor();
    await screenshot(page, 'usuario-form');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL((url) => /\/configuracoes\/geral\/usuarios\/?$/.test(url.pathname));
    await page.getByText(email).click();
    await page.waitForURL((url) => /\/usuarios\/form\/.+/.test(url.pathname));
    const desconto = page.getByLabel('Desconto máximo (%)', { exact: true });
    await expect.poll(() => desconto.inputValue(), { timeout: 10_000 }).toBe('12,5 %');
    await screenshot(page, 'usuario-form-desconto');
    await page.context().close();

    const igor = await newPage(browser);
    await login(igor, email, 'senha-do-igor');
    await igor.getByText(/(Bom dia|Boa tarde|Boa noite), Igor/).waitFor();
    const nav = igor.getByRole('navigation').first();
    await nav.getByRole('link', { name: 'Banho e Tosa' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Financeiro' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Configurações' }).count()).toBe(0);
    await screenshot(igor, 'home-banhista');
    await igor.context().close();
  });

  it('shows server field errors on the form and keeps what was typed', async () => {
    const page = await newPage(browser);
    await login(page);
    await page.goto('/configuracoes/geral/usuarios/form');
    await page.getByLabel('Nome', { exact: true }).fill('Cópia da Gerente');
    await page.getByLabel('E-mail', { exact: true }).fill('gerente@demo.com.br');
    await page.getByLabel('Senha', { exact: true }).fill('senha-qualquer');
    await choose(page, 'Unidade 1', 'Matriz');
    await choose(page, 'Perfil 1', 'Gerente');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('E-mail já cadastrado').waitFor();
    expect(await page.getByLabel('Nome', { exact: true }).inputValue()).toBe('Cópia da Gerente');
    await screenshot(page, 'usuario-form-erro');
    await page.context().close();
  });

  it('renames a unit and the unit switcher follows', async () => {
    const page = await newPage(browser);
    await login(page);
    // Renamed and back, so the other specs still find the demo's 'Filial'.
    for (const [from, to] of [
      ['Filial', 'Filial Itaim'],
      ['Filial Itaim', 'Filial'],
    ] as const) {
      await page.goto('/configuracoes/geral/unidades-negocio');
      await page.getByRole('cell', { name: from, exact: true }).first().click();
      await page.waitForURL((url) => url.pathname.includes('/unidades-negocio/form/'));
      const nome = page.getByLabel('Nome fantasia', { exact: true });
      await expect.poll(() => nome.inputValue()).toBe(from);
      if (to === 'Filial Itaim') await screenshot(page, 'unidade-form');
      await nome.fill(to);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.waitForURL((url) => /\/unidades-negocio\/?$/.test(url.pathname));
      await page.getByRole('cell', { name: to, exact: true }).first().waitFor();
      await page.getByLabel('Unidade de negócio').first().click();
      await page.getByRole('option', { name: to, exact: true }).waitFor();
      await page.keyboard.press('Escape');
    }
    await page.context().close();
  });
});
