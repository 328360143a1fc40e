/**
 * Smoke test: the built app is served with the API on one origin and the login screen renders.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseURL, describeE2E, launchBrowser, newPage, screenshot } from './support.ts';

describeE2E('smoke', () => {
  let browser: Browser | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('answers the health check', async () => {
    const res = await fetch(`${baseURL()}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it("opens /login with 'Entrar'", async () => {
    const page = await newPage(browser!);
    await page.goto('/login');
    const entrar = page
      .getByRole('button', { name: 'Entrar' })
      .or(page.getByRole('heading', { name: 'Entrar' }))
      .first();
    await entrar.waitFor({ state: 'visible' });
    expect(await entrar.isVisible()).toBe(true);
    await screenshot(page, 'login');
    await page.context().close();
  });
});
