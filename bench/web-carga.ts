/**
 * The web app over a shop's connection (issue #22 item 8): loads `/login` and, logged in as the
 * demo admin, `/vendas/pdv/` in headless Chromium under Chrome DevTools' "Slow 4G" throttling,
 * and prints per page the JavaScript over the wire (sum of the `encodedDataLength` of the script
 * responses: compressed bytes plus headers), the number of JS files, and how long the page took
 * to be usable (the login form's fields and "Entrar" button enabled; the till's entry field or
 * its "caixa fechado" panel shown).
 *
 * It serves BENCH_WEB_DIST (default apps/web/dist; built first when it has no index.html or when
 * BENCH_WEB_BUILD=1) through the real server (`tsx src/server.ts`) on a fresh embedded database
 * with one day of demo sales. Chromium: CHROME_PATH or /usr/bin/chromium. Each page is loaded
 * BENCH_RUNS times (default 3) with the browser cache off; the median time is printed.
 *
 * Targets: login ≤ 150 KB of JS and form ready < 2 s; /vendas/pdv/ ≤ 400 KB of JS.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_DIST = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(ROOT, 'apps', 'web', 'dist'));
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const DEMO_EMAIL = 'admin@demo.com.br';
const DEMO_SENHA = process.env.BENCH_DEMO_SENHA ?? 'demo1234';

/**
 * Chrome DevTools' "Slow 4G" preset (formerly "Fast 3G"; DevTools' NetworkManager and
 * Puppeteer's PredefinedNetworkConditions): 562.5 ms latency (150 ms × 3.75), 1.44 Mbit/s down
 * (1.6 Mbit/s × 0.9) and 675 kbit/s up (750 kbit/s × 0.9), throughputs in bytes per second.
 */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};

const TARGETS = { loginKb: 150, loginMs: 2000, pdvKb: 400 };

type Medida = { jsBytes: number; jsFiles: number; readyMs: number; encodings: Set<string> };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('Nenhuma porta livre'))));
    });
  });
}

/** Polls `probe` until it returns true, or fails after `timeoutMs`. */
async function until(probe: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Tempo esgotado esperando ${what}`);
}

function startServer(port: number, dataDir: string): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    DEMO_VENDAS_DIAS: '1',
    NODE_ENV: 'production',
    WEB_DIST,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(ROOT, 'apps', 'api'),
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

/** Counts the script responses of one page load through the CDP Network domain. */
function watchScripts(cdp: CDPSession): { stop: () => Medida } {
  const scripts = new Map<string, { url: string; encoding: string }>();
  const sizes = new Map<string, number>();
  // When each request was sent and finished (CDP monotonic seconds), for BENCH_VERBOSE's waterfall.
  const sent = new Map<string, number>();
  const finished = new Map<string, number>();
  let first: number | undefined;
  const onRequest = (e: { requestId: string; timestamp: number }) => {
    first ??= e.timestamp;
    sent.set(e.requestId, e.timestamp);
  };
  const onResponse = (e: {
    requestId: string;
    type?: string;
    response: { url: string; mimeType: string; headers: Record<string, string> };
  }) => {
    if (e.type === 'Script' || /javascript/.test(e.response.mimeType)) {
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      scripts.set(e.requestId, { url: e.response.url, encoding: headers['content-encoding'] ?? 'identity' });
    }
  };
  const onFinished = (e: { requestId: string; encodedDataLength: number; timestamp: number }) => {
    sizes.set(e.requestId, e.encodedDataLength);
    finished.set(e.requestId, e.timestamp);
  };
  cdp.on('Network.requestWillBeSent', onRequest);
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.loadingFinished', onFinished);
  return {
    stop: () => {
      cdp.off('Network.requestWillBeSent', onRequest);
      cdp.off('Network.responseReceived', onResponse);
      cdp.off('Network.loadingFinished', onFinished);
      let jsBytes = 0;
      const encodings = new Set<string>();
      for (const [id, s] of scripts) {
        jsBytes += sizes.get(id) ?? 0;
        encodings.add(s.encoding);
        if (process.env.BENCH_VERBOSE === '1') {
          const ms = (t: number | undefined) =>
            t === undefined || first === undefined ? '?' : String(Math.round((t - first) * 1000));
          process.stderr.write(
            `  ${String(sizes.get(id) ?? 0).padStart(8)} ${s.encoding.padEnd(8)} ` +
              `${ms(sent.get(id)).padStart(6)}→${ms(finished.get(id)).padEnd(6)} ms ${new URL(s.url).pathname}\n`,
          );
        }
      }
      return { jsBytes, jsFiles: scripts.size, readyMs: 0, encodings };
    },
  };
}

async function throttledPage(browser: Browser, baseURL: string, storageState?: string): Promise<{ page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1366, height: 768 },
    ...(storageState ? { storageState: JSON.parse(storageState) as never } : {}),
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  return { page, cdp };
}

async function medirLogin(browser: Browser, baseURL: string): Promise<Medida> {
  const { page, cdp } = await throttledPage(browser, baseURL);
  const watch = watchScripts(cdp);
  const start = Date.now();
  await page.goto('/login', { waitUntil: 'commit' });
  const entrar = page.getByRole('button', { name: 'Entrar', exact: true });
  await page.getByLabel('E-mail', { exact: true }).waitFor({ state: 'visible', timeout: 120_000 });
  await page.getByLabel('Senha', { exact: true }).waitFor({ state: 'visible', timeout: 120_000 });
  await entrar.waitFor({ state: 'visible', timeout: 120_000 });
  await until(() => entrar.isEnabled(), 120_000, 'o botão Entrar');
  const readyMs = Date.now() - start;
  // Whatever the page still loads after the form is usable counts too (preloads, idle chunks).
  await page.waitForLoadState('networkidle');
  const medida = { ...watch.stop(), readyMs };
  await page.context().close();
  return medida;
}

/** Logs in unthrottled through the form and returns the browser's storage (the session). */
async function sessao(browser: Browser, baseURL: string): Promise<string> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(DEMO_EMAIL);
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_SENHA);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
  const state = JSON.stringify(await context.storageState());
  await context.close();
  return state;
}

async function medirPdv(browser: Browser, baseURL: string, state: string): Promise<Medida> {
  const { page, cdp } = await throttledPage(browser, baseURL, state);
  const watch = watchScripts(cdp);
  const start = Date.now();
  await page.goto('/vendas/pdv/', { waitUntil: 'commit' });
  await page
    .getByTestId('pdv-caixa-fechado')
    .or(page.getByLabel('Código de barras, código ou nome — F3', { exact: true }))
    .first()
    .waitFor({ state: 'visible', timeout: 180_000 });
  const readyMs = Date.now() - start;
  await page.waitForLoadState('networkidle');
  const medida = { ...watch.stop(), readyMs };
  await page.context().close();
  return medida;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const kb = (n: number): string => `${(n / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} KB`;

function linha(nome: string, ms: Medida[], alvoKb: number, alvoMs?: number): string {
  const m = ms[0]!;
  const t = median(ms.map((x) => x.readyMs));
  const okKb = m.jsBytes <= alvoKb * 1024 ? 'ok' : 'ACIMA';
  const okMs = alvoMs === undefined ? '' : t < alvoMs ? ' (ok)' : ' (ACIMA)';
  return (
    `${nome.padEnd(14)} JS: ${kb(m.jsBytes).padStart(10)} em ${String(m.jsFiles).padStart(3)} arquivos ` +
    `[${[...m.encodings].join(', ')}] (alvo ≤ ${alvoKb} KB: ${okKb}); pronto em ${t} ms${okMs} ` +
    `(execuções: ${ms.map((x) => x.readyMs).join(', ')} ms)`
  );
}

async function main(): Promise<void> {
  if (process.env.BENCH_WEB_BUILD === '1' || !existsSync(path.join(WEB_DIST, 'index.html'))) {
    process.stderr.write(`Compilando o app web em ${WEB_DIST}...\n`);
    const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--', '--outDir', WEB_DIST], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('A compilação do app web falhou');
  }
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'petshop-bench-web-'));
  const server = startServer(port, dataDir);
  let browser: Browser | undefined;
  try {
    process.stderr.write(`Iniciando o servidor em ${baseURL} (dados de demonstração)...\n`);
    await until(
      async () => {
        if (server.exitCode !== null) throw new Error('O servidor terminou');
        const r = await fetch(`${baseURL}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: DEMO_EMAIL, senha: DEMO_SENHA }),
        });
        return r.ok;
      },
      300_000,
      'o login de demonstração',
    );
    browser = await chromium.launch({ executablePath: CHROME, headless: true });
    const login: Medida[] = [];
    for (let i = 0; i < RUNS; i++) login.push(await medirLogin(browser, baseURL));
    const state = await sessao(browser, baseURL);
    const pdv: Medida[] = [];
    for (let i = 0; i < RUNS; i++) pdv.push(await medirPdv(browser, baseURL, state));
    process.stdout.write(
      `\nWeb sob "Slow 4G" (latência ${SLOW_4G.latency} ms, ${(SLOW_4G.downloadThroughput * 8) / 1e6} Mbit/s), ` +
        `${RUNS} carga(s) por página, cache desligado, dist ${WEB_DIST}\n` +
        `${linha('/login', login, TARGETS.loginKb, TARGETS.loginMs)}\n` +
        `${linha('/vendas/pdv/', pdv, TARGETS.pdvKb)}\n`,
    );
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
