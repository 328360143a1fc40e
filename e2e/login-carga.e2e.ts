/**
 * The login page's lighter start (issue #22 item 8) in the built app: the HTTP client (axios)
 * is not among the page's scripts until the user types, and logging in still works; a toast
 * (here the network failure of the login call) loads Mantine's notifications on demand and
 * shows once.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_SENHA, describeE2E, launchBrowser, newPage, poll, screenshot } from './support.ts';

const HTTP_CLIENT = /\/assets\/http-client-[\w-]+\.js$/;

describeE2E('login bundle', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('loads the HTTP client with the first key press, not with the page, and logs in', async () => {
    const page = await newPage(browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/login');
    const entrar = page.getByRole('button', { name: 'Entrar', exact: true });
    await entrar.waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => HTTP_CLIENT.test(url))).toEqual([]);
    expect(await page.locator('.mantine-Notifications-root').count()).toBe(0);
    await screenshot(page, 'login-carga-inicial');

    await page.getByLabel('E-mail', { exact: true }).fill(DEMO_EMAIL);
    await page.getByLabel('Senha', { exact: true }).press('d');
    await poll(() => scripts.filter((url) => HTTP_CLIENT.test(url)).length).toBe(1);
    await page.getByLabel('Senha', { exact: true }).fill(DEMO_SENHA);
    await entrar.click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.getByText(/(Bom dia|Boa tarde|Boa noite), Ana/).waitFor();
    await page.context().close();
  });

  it('shows the network toast, once, when the login call cannot reach the server', async () => {
    const page = await newPage(browser);
    await page.goto('/login');
    await page.route('**/api/auth/login', (route) => route.abort('internetdisconnected'));
    await page.getByLabel('E-mail', { exact: true }).fill(DEMO_EMAIL);
    await page.getByLabel('Senha', { exact: true }).fill(DEMO_SENHA);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    const toast = page.locator('.mantine-Notifications-root').getByText('Não foi possível se comunicar com o servidor');
    await toast.waitFor();
    expect(await toast.count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'login-carga-toast-rede');
    await page.context().close();
  });
});
