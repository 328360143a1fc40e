/**
 * The session end to end: login → home → switch unit → logout; an expired token sends the user
 * to /login?toRedirect=… and back after login; the manager area is for platform operators only.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeE2E,
  expectNoSidewaysScroll,
  expectOnScreen,
  launchBrowser,
  login,
  MOBILE_VIEWPORT,
  newPage,
  placeOnScreen,
  poll,
  screenshot,
} from './support.ts';

const SESSION_KEY = 'petshop-session';

type StoredSession = { state: { accessToken: string | null; unidadeNegocio: { nome: string } | null; isAuthenticated: boolean } };

const readSession = (page: Page) =>
  page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  }, SESSION_KEY);

describeE2E('session', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('logs in, greets the user in the selected unit, switches unit and logs out', async () => {
    const page = await newPage(browser);
    await login(page);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByText(/(Bom dia|Boa tarde|Boa noite), Ana/).waitFor();
    const unidade = page.getByRole('combobox', { name: 'Unidade de negócio' }).or(page.getByLabel('Unidade de negócio')).first();
    await expect.poll(() => unidade.inputValue()).toBe('Matriz');
    await screenshot(page, 'home-matriz');

    await unidade.click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'Filial' }).click()]);
    await expect.poll(async () => (await readSession(page))?.state.unidadeNegocio?.nome).toBe('Filial');
    await expect.poll(() => page.getByLabel('Unidade de negócio').first().inputValue()).toBe('Filial');
    await screenshot(page, 'home-filial');

    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    const stored = await readSession(page);
    expect(stored?.state.accessToken ?? null).toBeNull();
    expect(stored?.state.isAuthenticated ?? false).toBe(false);
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.context().close();
  });

  it('an expired token sends the user to /login with toRedirect and back after logging in', async () => {
    const page = await newPage(browser);
    await login(page);
    await page.evaluate((key) => {
      const session = JSON.parse(localStorage.getItem(key)!) as StoredSession;
      // A token whose signature and expiry cannot pass: the API answers 401.
      session.state.accessToken = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4IiwiZXhwIjoxfQ.expirado';
      localStorage.setItem(key, JSON.stringify(session));
    }, SESSION_KEY);
    await page.goto('/configuracoes/geral/usuarios?page=1&pageSize=20');
    await page.waitForURL((url) => url.pathname === '/login' && Boolean(url.searchParams.get('toRedirect')));
    const toRedirect = new URL(page.url()).searchParams.get('toRedirect');
    expect(toRedirect).toContain('/configuracoes/geral/usuarios');
    await screenshot(page, 'login-to-redirect');
    await page.getByLabel('E-mail', { exact: true }).fill('admin@demo.com.br');
    await page.getByLabel('Senha', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/configuracoes/geral/usuarios'));
    await page.getByText('admin@demo.com.br').first().waitFor();
    await page.context().close();
  });

  it('only platform operators open /manager/', async () => {
    const gerente = await newPage(browser);
    await login(gerente, 'gerente@demo.com.br', 'demo1234');
    await gerente.goto('/manager/');
    await gerente.getByText('Acesso restrito aos operadores da plataforma').first().waitFor();
    expect(await gerente.getByText('Clínica Veterinária Exemplo').count()).toBe(0);
    await screenshot(gerente, 'manager-refused');
    await gerente.context().close();

    const operador = await newPage(browser);
    await login(operador);
    await operador.goto('/manager/');
    await operador.getByText('Clínica Veterinária Exemplo').first().waitFor();
    await operador.getByText('Pet Shop Demo').first().waitFor();
    await screenshot(operador, 'manager-tenants');
    await operador.context().close();
  });

  it('collapses the navigation on a phone', async () => {
    const page = await newPage(browser, { viewport: MOBILE_VIEWPORT });
    await login(page);
    await page.getByText(/(Bom dia|Boa tarde|Boa noite), Ana/).waitFor();
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    const abrir = page.getByRole('button', { name: 'Abrir menu' });
    const clientes = menu.getByRole('link', { name: 'Clientes' });
    // Folded: the burger and the header's controls on the screen, the navigation off it.
    await expectOnScreen(abrir, 'Abrir menu');
    await expectOnScreen(page.getByRole('combobox', { name: 'Unidade de negócio' }), 'Unidade de negócio');
    await expectOnScreen(page.getByRole('button', { name: /menu do usuário$/ }), 'Menu do usuário');
    await poll(() => placeOnScreen(menu)).toMatch(/^outside/);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'home-mobile');

    // The burger unfolds it over the page, its sections on the screen.
    await abrir.click();
    await expectOnScreen(page.getByRole('button', { name: 'Fechar menu' }), 'Fechar menu');
    await poll(() => placeOnScreen(menu)).toMatch(/^inside/);
    await expectOnScreen(clientes, 'Clientes no menu');
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'home-mobile-menu');

    // A section chosen: its screen opens and the navigation folds again.
    await clientes.click();
    await page.waitForURL((url) => url.pathname.startsWith('/clientes'));
    await page.getByRole('heading', { name: 'Clientes' }).waitFor();
    await poll(() => placeOnScreen(menu)).toMatch(/^outside/);
    await expectOnScreen(abrir, 'Abrir menu');
    await page.context().close();
  });
});
