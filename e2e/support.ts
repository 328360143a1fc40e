/**
 * Helpers for the e2e specs: the browser, pages bound to the server under test, screenshots,
 * the login, `it` with a logged-in page, and calls to the API through that page. The server and
 * Chromium come from global-setup.ts through inject().
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { DEMO_EMAIL, DEMO_SENHA } from './context.ts';

export { DEMO_EMAIL, DEMO_SENHA };

/** Folder of the screenshots (gitignored). */
export const SCREENSHOTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/**
 * Flags this machine needs: no sandbox (root in a container), no GPU, and nothing that would
 * reach the network on its own (the network is closed).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Desktop viewport by default; the layout breakpoints are 768 and 1040 px (spec §9). */
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };
export const MOBILE_VIEWPORT = { width: 390, height: 844 };

/** Time a single action or wait may take before the spec fails. */
export const ACTION_TIMEOUT_MS = 15_000;

/** Origin of the server under test ('' when e2e is skipped). */
export const baseURL = (): string => inject('baseURL') ?? '';

/** Whether the global setup found a Chromium (and so started the server). */
export const chromiumAvailable = (): boolean => Boolean(inject('chromiumPath'));

/**
 * `describe` when Chromium is available, skipped otherwise (the global setup has already
 * printed the loud notice, and the summary line counts the skipped tests).
 */
export const describeE2E = describe.skipIf(!chromiumAvailable());

/** Launches headless Chromium with the flags this machine needs. */
export function launchBrowser(): Promise<Browser> {
  const executablePath = inject('chromiumPath');
  if (!executablePath) throw new Error('Chromium não disponível: use describeE2E para pular o teste');
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

/**
 * A page in a fresh context (own cookies and local storage) bound to the server, so that
 * `page.goto('/login')` works; pt-BR and São Paulo time like the users.
 * Close it with `page.context().close()` or by closing the browser.
 */
export async function newPage(browser: Browser, options: { viewport?: { width: number; height: number } } = {}): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: options.viewport ?? DESKTOP_VIEWPORT,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  return context.newPage();
}

/** Saves a full-page PNG as e2e/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const safe = name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'screenshot';
  const file = path.join(SCREENSHOTS_DIR, safe.endsWith('.png') ? safe : `${safe}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Logs in through the login screen: opens /login, fills 'E-mail' and 'Senha', clicks 'Entrar'
 * and waits until the URL leaves /login. Defaults to the demo login.
 */
export async function login(page: Page, email: string = DEMO_EMAIL, senha: string = DEMO_SENHA): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * `it` of the specs that drive the app as the demo admin: a test receives `browser` (headless
 * Chromium) and `page` (a desktop page logged in through the login screen), both made once per
 * spec file on first use and closed at its end, so the tests of a file run in order on one
 * session. `describeE2E` still skips them when there is no Chromium.
 */
export const it = test.extend<{ browser: Browser; page: Page }>({
  browser: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads what a fixture needs from this pattern
    async ({}, use) => {
      const browser = await launchBrowser();
      await use(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],
  page: [
    async ({ browser }, use) => {
      const page = await newPage(browser);
      await login(page);
      await use(page);
    },
    { scope: 'file' },
  ],
});

/** Key of the web app's persisted session in localStorage (token and selected unit). */
export const SESSION_KEY = 'petshop-session';

/** An API answer: HTTP status and parsed JSON body (null when empty). */
export type ApiResponse<T> = { status: number; body: T };

/** A page of a list endpoint (`Page<T>` of the API, the fields the specs read). */
export type ApiPage<T> = { items: T[]; total: number };

/**
 * A call to the API through the page (`url` like '/api/estoques?produtoId=…'), with the
 * session's token, unit and XSRF cookie, as the web app makes it. Never throws on a status:
 * wrap it in `ok` to require a 2xx.
 */
export const callApi = async <T>(page: Page, method: string, url: string, body?: unknown): Promise<ApiResponse<T>> =>
  (await page.evaluate(
    async ({ key, method, url, body }) => {
      const session = JSON.parse(localStorage.getItem(key)!) as {
        state: { accessToken: string; unidadeNegocio: { id: string } };
      };
      const xsrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length);
      const res = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${session.state.accessToken}`,
          'x-unidade-negocio': session.state.unidadeNegocio.id,
          'x-origin': 'web',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
    },
    { key: SESSION_KEY, method, url, body },
  )) as ApiResponse<T>;

/** The call's body, failing the spec with the API's answer when it is not 2xx. */
export const ok = async <T>(call: Promise<ApiResponse<T>>): Promise<T> => {
  const r = await call;
  if (r.status < 200 || r.status > 299) throw new Error(`API respondeu ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
};

/** `expect.poll` with the action timeout: retries `fn` until the matcher passes. */
export const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: ACTION_TIMEOUT_MS });

/** A full-page screenshot (see `screenshot`) once transitions are over, from the top of the page. */
export async function settledScreenshot(page: Page, name: string): Promise<string> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  return screenshot(page, name);
}
