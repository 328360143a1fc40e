/**
 * Helpers for the e2e specs: the browser, pages bound to the server under test, screenshots,
 * the login, `it` with a logged-in page, and calls to the API through that page. The server and
 * Chromium come from global-setup.ts through inject().
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';
import { afterEach, describe, expect, inject, test } from 'vitest';
import { DEMO_EMAIL, DEMO_SENHA, type E2eServer } from './context.ts';

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
  // The browser's own locale: native time inputs show 24 h (10:00, not 10:00 AM) as a pt-BR user's do.
  '--lang=pt-BR',
];

/** Desktop viewport by default; the layout breakpoints are 768 and 1040 px (spec §9). */
export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };
export const MOBILE_VIEWPORT = { width: 390, height: 844 };

/** Time a single action or wait may take before the spec fails. */
export const ACTION_TIMEOUT_MS = 15_000;

/** Whether the process `pid` is alive (EPERM: alive, someone else's). */
const vivo = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Sleeps this (synchronous) thread for `ms`. */
const dormir = (ms: number): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};

/**
 * Reserves one of `n` servers for this process, in the folder `vagas` (global-setup.ts): the file
 * `servidor-k` holds the pid of the spec process using server k; a server is free when it has no
 * file or its process has exited. Each spec file runs in its own process (vitest's forks, isolated)
 * and at most E2E_WORKERS run at once, so one is always free but for the moment a finished file's
 * process takes to exit. The check-and-write runs under a lock (an atomic mkdir). VITEST_POOL_ID
 * cannot be used for this: vitest 4.1 gave two files running at once the same id (1), and two specs
 * shared one server (financeiro-titulos paid R$ 80 while financeiro-contas compared balances).
 */
function reservarServidor(vagas: string, n: number): number {
  const trava = path.join(vagas, 'trava');
  const limite = Date.now() + 180_000;
  for (;;) {
    let travado = false;
    try {
      mkdirSync(trava);
      travado = true;
    } catch {
      // another spec process is choosing: wait for it
    }
    if (travado) {
      try {
        for (let k = 0; k < n; k++) {
          const vaga = path.join(vagas, `servidor-${k + 1}`);
          const dono = existsSync(vaga) ? Number(readFileSync(vaga, 'utf8')) : 0;
          if (dono === process.pid || !dono || !vivo(dono)) {
            writeFileSync(vaga, String(process.pid));
            return k;
          }
        }
      } finally {
        rmSync(trava, { recursive: true, force: true });
      }
    }
    if (Date.now() > limite) throw new Error(`E2E: nenhum dos ${n} servidores ficou livre em 180 s (${vagas})`);
    dormir(travado ? 100 : 10);
  }
}

let servidorDesteProcesso: E2eServer | undefined;

/**
 * The server this spec file talks to: global-setup.ts starts one per e2e worker, each on its own
 * database with its own fakes, and each spec process reserves a free one for its whole life
 * (`reservarServidor`), so two files running at once never share a server, and a worker's files
 * run one after the other on theirs. Every URL of the server under test comes from here. Empty
 * URLs when e2e is skipped.
 */
export function e2eServer(): E2eServer {
  const servers = inject('e2eServers') ?? [];
  if (servers.length === 0) return { baseURL: '', smtpInboxUrl: '', sefazControleUrl: '' };
  servidorDesteProcesso ??= servers[reservarServidor(inject('e2eVagas'), servers.length)]!;
  return servidorDesteProcesso;
}

/** Origin of this worker's server under test ('' when e2e is skipped). */
export const baseURL = (): string => e2eServer().baseURL;

/** HTTP inbox of this worker's SMTP fake (GET ?para=<e-mail>: the mails sent to that address). */
export const smtpInboxUrl = (): string => e2eServer().smtpInboxUrl;

/** Control of this worker's SEFAZ fake (POST {"modo": …} switches it; GET its state). */
export const sefazControleUrl = (): string => e2eServer().sefazControleUrl;

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
 * `page.goto('/login')` works; pt-BR and São Paulo time like the users. Every screen it
 * reaches is checked with axe-core (see `checkEveryScreen`).
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
  const page = await context.newPage();
  trackRequests(page);
  if (AXE_MODE !== 'off') checkEveryScreen(page);
  return page;
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

/**
 * On a phone (spec §9: one column below 768 px). Where an element is on the screen: 'inside'
 * when the whole of it is shown, 'outside' when none of it is (or it is not rendered),
 * 'partly' otherwise, with its box ("x,y w×h") to read in a failure. "Shown" is the viewport
 * cut by every box around the element that clips (a table's sideways scroll, a tab list), so
 * an element scrolled out of its box is not shown. With `text`, what is measured is its
 * content (its words and controls: a table cell is wider than its words), not its own box.
 */
export const placeOnScreen = (target: Locator, { text = false }: { text?: boolean } = {}): Promise<string> =>
  target.evaluate((el, text) => {
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return 'outside (oculto)';
    let r = el.getBoundingClientRect();
    if (text) {
      const partes: DOMRect[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (n instanceof Text && n.data.trim()) {
          const range = document.createRange();
          range.selectNodeContents(n);
          partes.push(range.getBoundingClientRect());
        } else if (n instanceof Element && n.matches('input, select, textarea, button, img, svg')) {
          partes.push(n.getBoundingClientRect());
        }
      }
      const medidas = partes.filter((p) => p.width > 0 && p.height > 0);
      if (medidas.length > 0) {
        const left = Math.min(...medidas.map((p) => p.left));
        const top = Math.min(...medidas.map((p) => p.top));
        r = new DOMRect(
          left,
          top,
          Math.max(...medidas.map((p) => p.right)) - left,
          Math.max(...medidas.map((p) => p.bottom)) - top,
        );
      }
    }
    const shown = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
    for (let a = text ? el : el.parentElement; a; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const c = a.getBoundingClientRect();
      shown.left = Math.max(shown.left, c.left);
      shown.top = Math.max(shown.top, c.top);
      shown.right = Math.min(shown.right, c.right);
      shown.bottom = Math.min(shown.bottom, c.bottom);
    }
    const box = `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    const e = 0.5; // sub-pixel layout
    if (r.left >= shown.left - e && r.top >= shown.top - e && r.right <= shown.right + e && r.bottom <= shown.bottom + e)
      return `inside (${box})`;
    if (r.right <= shown.left + e || r.bottom <= shown.top + e || r.left >= shown.right - e || r.top >= shown.bottom - e)
      return `outside (${box})`;
    return `partly (${box})`;
  }, text);

/**
 * The element, brought into view (the page scrolled up or down to it, the boxes that scroll it
 * sideways scrolled to it), is shown whole: see `placeOnScreen`; `what` names it in a failure.
 */
export async function expectOnScreen(target: Locator, what: string, options: { text?: boolean } = {}): Promise<void> {
  await target.waitFor();
  await target.evaluate((el) => {
    el.scrollIntoView({ block: 'center', inline: 'start' });
    // The boxes inside the page may scroll sideways to it, the page itself not: on a phone the
    // page is read at its left edge.
    window.scrollTo(0, window.scrollY);
  });
  await poll(async () => `${what}: ${await placeOnScreen(target, options)}`).toMatch(/: inside \(/);
}

/** The page does not scroll sideways: what is wider than the phone scrolls in its own box. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { url, scrollWidth, innerWidth } = await page.evaluate(() => ({
    url: location.pathname,
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${url} rola para o lado`).toBeLessThanOrEqual(innerWidth);
}

/** Whether the element, or the nearest box around it that scrolls sideways, holds more than it shows. */
export const scrollsSideways = (target: Locator): Promise<boolean> =>
  target.evaluate((el) => {
    for (let a: Element | null = el; a; a = a.parentElement) {
      if (['auto', 'scroll'].includes(getComputedStyle(a).overflowX)) return a.scrollWidth > a.clientWidth + 1;
    }
    return false;
  });

/**
 * A table read on a phone: the words of every column header shown and of every cell of its
 * first row, each once scrolled to (a table wider than the phone scrolls in its own box), and
 * the page itself never scrolling sideways.
 */
export async function expectTableReadable(table: Locator, what: string): Promise<void> {
  const celulas = [
    ...(await table.getByRole('columnheader').locator('visible=true').all()),
    ...(await table.getByRole('row').nth(1).getByRole('cell').locator('visible=true').all()),
  ];
  expect(celulas.length, `${what}: células visíveis`).toBeGreaterThan(1);
  for (const [i, celula] of celulas.entries()) await expectOnScreen(celula, `${what}: célula ${i + 1}`, { text: true });
  await expectNoSidewaysScroll(table.page());
}

/**
 * Accessibility (issue #15): axe-core's WCAG 2.0/2.1 A and AA rules. A violation of impact
 * serious or critical fails the spec; minor and moderate ones are not checked.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * What the check of every screen (`checkEveryScreen`) does, by E2E_AXE: 'fail' (the default) fails
 * the spec, 'report' prints the violations and goes on (to survey a spec in one run), 'off' skips
 * the check (`expectNoAxeViolations` called by a spec still runs).
 */
const AXE_MODE: 'fail' | 'report' | 'off' =
  process.env.E2E_AXE === 'report' || process.env.E2E_AXE === 'off' ? process.env.E2E_AXE : 'fail';

/** Impacts that fail a spec. */
const AXE_FAILING_IMPACTS = new Set(['serious', 'critical']);

/** One element that breaks one axe rule: rule id, impact, CSS path and HTML of the element, axe's summary. */
export type AxeViolation = { id: string; impact: string; target: string; html: string; summary: string };

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Requests of the page still waiting for an answer (fetch/XHR), counted by `trackRequests`. */
const pendingRequests = new WeakMap<Page, Set<unknown>>();

function trackRequests(page: Page): void {
  const pending = new Set<unknown>();
  pendingRequests.set(page, pending);
  page.on('request', (r) => {
    if (r.resourceType() === 'fetch' || r.resourceType() === 'xhr') pending.add(r);
  });
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
}

/** Longest a settle waits: after it the screen is checked as it is. */
const SETTLE_TIMEOUT_MS = 5_000;

/**
 * Waits (at most 5 s, then goes on) until the screen has settled: no fetch/XHR of the page in
 * flight, no loader or visible skeleton, no transition running (a half-faded element would
 * be measured with the wrong contrast).
 */
export async function waitForScreenSettled(page: Page): Promise<void> {
  const pending = pendingRequests.get(page);
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let quietChecks = 0;
  while (Date.now() < deadline && quietChecks < 2) {
    const quiet =
      (pending?.size ?? 0) === 0 &&
      (await page.evaluate(
        () =>
          document.readyState === 'complete' &&
          !Array.from(document.querySelectorAll('.mantine-Loader-root, .mantine-Skeleton-root[data-visible]')).some(
            (el) => el.getClientRects().length > 0,
          ) &&
          document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
      ));
    quietChecks = quiet ? quietChecks + 1 : 0;
    // Two quiet looks 50 ms apart: a request started by the last answer has time to show up.
    if (quietChecks < 2)
      await page.waitForFunction(() => new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(true), 50))));
  }
}

/**
 * Runs axe-core (injected into the page once per document) on the page, or on `context` (axe's
 * include/exclude selectors), with `AXE_TAGS`, and returns every element that breaks a rule,
 * of any impact.
 */
export async function axeViolations(page: Page, context?: ElementContext): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const options: RunOptions = { runOnly: { type: 'tag', values: AXE_TAGS }, resultTypes: ['violations'] };
  return page.evaluate(
    async ({ context, options }: { context: unknown; options: unknown }): Promise<AxeViolation[]> => {
      const { axe } = window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } };
      const results = await axe.run(context ?? document, options);
      return results.violations.flatMap((v) =>
        v.nodes.map((n) => ({
          id: v.id,
          impact: n.impact ?? v.impact ?? 'unknown',
          target: n.target.map(String).join(' '),
          html: n.html.length > 160 ? `${n.html.slice(0, 160)}…` : n.html,
          summary: (n.failureSummary ?? v.help).replace(/\s+/g, ' ').trim(),
        })),
      );
    },
    // axe's option types are too deep for playwright's Serializable check; they are plain JSON.
    { context: (context ?? null) as unknown, options: options as unknown },
  );
}

/** Violations one a line: rule id [impact] CSS path, the element's HTML (cut at 160): what is wrong. */
export const formatAxeViolations = (violations: AxeViolation[]): string =>
  violations.map((v) => `${v.id} [${v.impact}] ${v.target} ${v.html}: ${v.summary}`).join('\n');

/**
 * Fails the spec when axe-core finds a serious or critical WCAG 2.1 A/AA violation on the page
 * (or in `context`), listing each (rule id, impact, element, what is wrong) with the page's URL.
 */
export async function expectNoAxeViolations(page: Page, context?: ElementContext): Promise<void> {
  const failing = (await axeViolations(page, context)).filter((v) => AXE_FAILING_IMPACTS.has(v.impact));
  if (failing.length > 0) {
    throw new Error(`axe: ${failing.length} violação(ões) em ${page.url()}:\n${formatAxeViolations(failing)}`);
  }
}

/** Pages of the current spec file that are checked at the end of each test. */
const openPages = new Set<Page>();

/** Settles the screen, then `expectNoAxeViolations`; pages closed or still blank are skipped. */
async function checkScreen(page: Page): Promise<void> {
  if (page.isClosed() || !page.url().startsWith('http')) return;
  await waitForScreenSettled(page);
  if (AXE_MODE === 'fail') return expectNoAxeViolations(page);
  const failing = (await axeViolations(page)).filter((v) => AXE_FAILING_IMPACTS.has(v.impact));
  if (failing.length > 0) console.warn(`axe: ${failing.length} em ${page.url()}:\n${formatAxeViolations(failing)}`);
}

/**
 * Makes every spec check accessibility for free: each `page.goto` of a page made by `newPage`
 * checks the screen it reaches once settled, and at the end of each test every page still
 * open is checked as the test left it (screens reached by clicks, dialogs open).
 */
function checkEveryScreen(page: Page): void {
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  const goto = page.goto.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await checkScreen(page);
    return response;
  };
}

afterEach(async () => {
  for (const page of openPages) await checkScreen(page);
});
