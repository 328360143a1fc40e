/**
 * Issue #22 item 7: the built web app works under the server's Content-Security-Policy
 * (docs/security.md): the login page, the home page and the till load and none of them reports a
 * CSP violation (a blocked script, style, image, font, frame or request).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseURL, describeE2E, launchBrowser, login, newPage } from './support.ts';

/** Collects the page's CSP violations (from the DOM event and the console). */
const vigiarCsp = async (page: Page): Promise<string[]> => {
  const violacoes: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violacoes.push(msg.text());
  });
  await page.exposeFunction('__cspViolacao', (texto: string) => violacoes.push(texto));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolacao: (t: string) => void }).__cspViolacao(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      );
    });
  });
  return violacoes;
};

describeE2E('CSP', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the server sends a CSP with script-src self, and login, home and the till load without a violation', async () => {
    const res = await fetch(`${baseURL()}/login`);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");

    const page = await newPage(browser);
    const violacoes = await vigiarCsp(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar' }).waitFor({ state: 'visible' });
    await login(page);
    await page.goto('/vendas/pdv/');
    await page.waitForLoadState('networkidle');
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(violacoes).toEqual([]);
    await page.context().close();
  });
});
