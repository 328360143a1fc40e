/**
 * vitest globalSetup of the e2e project: builds the web app once, then starts one real server
 * (API and built web app on one origin) per e2e worker, each on its own fresh embedded database
 * with the demo data and its own fakes, and hands the specs the servers and the Chromium to drive
 * (provide 'e2eServers', 'chromiumPath'; a spec reaches its worker's server through
 * `baseURL()`, `smtpInboxUrl()`, `sefazControleUrl()` of support.ts).
 *
 * - Workers: the e2e project runs E2E_WORKERS files at once (default 2, vitest.config.ts); each
 *   spec process reserves a free server for its life (support.ts `reservarServidor`, in the folder
 *   provided as 'e2eVagas'), so files running at once never share one, a spec sees the demo data as
 *   the files before it on that server left it, and a spec that changes global state (a setting,
 *   SEFAZ's mode) never reaches a file running beside it. No more servers start than there are
 *   spec files to run.
 * - Chromium: CHROME_PATH, else /usr/bin/chromium. Without one the specs are skipped with a
 *   loud notice; with CI=true that is a failure instead (in CI nothing is skipped).
 * - E2E_SKIP_BUILD=1 reuses apps/web/dist (or E2E_WEB_DIST) as it is; E2E_WEB_DIST builds into and
 *   serves another folder, so that two runs on one machine do not overwrite each other's build.
 *   A folder already built from the same sources (`npm ci` builds apps/web/dist; the hash of
 *   scripts/web-build.mjs) is reused without building again. The servers all serve the one build.
 * - E2E_DATABASE_URL runs the server on PostgreSQL instead of a fresh PGlite in a temp dir
 *   (DATABASE_URL of the calling shell is deliberately not passed on). One database is one
 *   server's: with it the project runs one worker (vitest.config.ts).
 * - E2E_SERVER_LOG=1 streams the servers' output (each line prefixed with the server's number);
 *   otherwise it is kept and printed when a server fails to start or dies during the run.
 * - CEP lookups go to a local fake of ViaCEP (apps/api/test/fakes/viacep.ts, CEP_PROVIDER_URL):
 *   no spec reaches the internet.
 * - E-mails go to a local SMTP fake (apps/api/test/fakes/smtp.ts, SMTP_URL); specs read what it
 *   received over HTTP at `smtpInboxUrl()` (GET ?para=<e-mail>).
 * - NFC-e go to a local fake of SEFAZ (apps/api/test/fakes/sefaz.ts; SEFAZ_URL, SEFAZ_CA_FILE with
 *   its self-signed certificate; issue #18); specs switch its mode (normal, silencio, rejeitar, …)
 *   at `sefazControleUrl()` (POST {"modo": …}, GET the state). The fiscal worker runs every
 *   2 s (FISCAL_WORKER_MS) and SEFAZ's timeout is 2 s, so a contingency is transmitted soon after
 *   SEFAZ is back.
 * - The three fakes are per server: SEFAZ's mode and the SMTP inbox are state one worker's spec
 *   sets and reads.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { schemaError, startFakeSefaz } from '../apps/api/test/fakes/sefaz.ts';
import { startFakeSmtp } from '../apps/api/test/fakes/smtp.ts';
import { startFakeViaCep } from '../apps/api/test/fakes/viacep.ts';
import { compilarWeb, webAtualizada } from '../scripts/web-build.mjs';
import { DEFAULT_CHROMIUM_PATH, type E2eServer } from './context.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const API_DIR = path.join(ROOT, 'apps', 'api');
// E2E_WEB_DIST builds into (and serves) another folder, so two runs on one machine do not share a build.
const WEB_DIST = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(ROOT, 'apps', 'web', 'dist');
// How long a server may take to migrate and seed the demo: 2 minutes for each server starting at
// once (they share the CPUs). E2E_HEALTH_TIMEOUT_MS: a loaded machine (several runs at once) may
// need longer.
const healthTimeoutMs = (servers: number): number => Number(process.env.E2E_HEALTH_TIMEOUT_MS) || 120_000 * servers;
const LOG_LINES_KEPT = 300;

const isCI = (): boolean => process.env.CI === 'true' || process.env.CI === '1';

/** The Chromium executable to use, or '' when there is none. */
function findChromium(): { path: string; tried: string } {
  const tried = process.env.CHROME_PATH || DEFAULT_CHROMIUM_PATH;
  try {
    accessSync(tried, constants.X_OK);
    return { path: tried, tried };
  } catch {
    return { path: '', tried };
  }
}

function loudNotice(lines: string[]): void {
  const bar = '!'.repeat(78);
  process.stderr.write(`\n${bar}\n${lines.map((l) => `!!  ${l}`).join('\n')}\n${bar}\n\n`);
}

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('Nenhuma porta livre'))));
    });
  });
}

/** Keeps the last lines a child printed, optionally echoing them (each line after `prefix`). */
class OutputTail {
  private lines: string[] = [];
  constructor(
    private readonly echo: boolean,
    private readonly prefix: string,
  ) {}
  attach(child: ChildProcess): void {
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const lines = chunk.split('\n').filter((l) => l !== '');
        if (this.echo) process.stderr.write(lines.map((l) => `${this.prefix}${l}\n`).join(''));
        this.lines.push(...lines);
        if (this.lines.length > LOG_LINES_KEPT) this.lines.splice(0, this.lines.length - LOG_LINES_KEPT);
      });
    }
  }
  print(title: string): void {
    process.stderr.write(`\n----- ${title} (últimas ${this.lines.length} linhas) -----\n`);
    process.stderr.write(`${this.lines.join('\n')}\n----- fim da saída do servidor -----\n\n`);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls GET /api/health until it answers 200, the child exits, or the time runs out. */
async function waitForHealth(baseURL: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'sem resposta';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`O servidor terminou antes de ficar pronto (${child.signalCode ?? `código ${child.exitCode}`})`);
    }
    try {
      const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await sleep(500);
  }
  throw new Error(`GET ${baseURL}/api/health não respondeu 200 em ${timeoutMs / 1000} s (último: ${last})`);
}

/** Stops the child: SIGTERM, then SIGKILL after 10 s. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * How many e2e files vitest runs at once: the project's maxWorkers (vitest.config.ts,
 * E2E_WORKERS), resolved as vitest's pool resolves it: one server each.
 */
function workerCount(project: TestProject): number {
  const configured = project.config.maxWorkers ?? project.vitest.config.maxWorkers;
  return Math.max(1, Number(configured) || 1);
}

/**
 * How many spec files of this project the run was asked for (the CLI's file filters applied),
 * or undefined when it cannot be told. Vitest keeps the filters on an internal field; without it
 * every worker gets its server.
 */
async function specFileCount(project: TestProject): Promise<number | undefined> {
  try {
    const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
    const { testFiles } = await project.globTestFiles(filters);
    return testFiles.length;
  } catch {
    return undefined;
  }
}

type RunningServer = { server: E2eServer; stop: () => Promise<void> };

/**
 * Starts server number `n` of `count` (1-based; `servidor-n` in the reservations' folder)
 * with its own fakes and data folder, and waits for its health check. On failure everything it
 * started is stopped and the server's last output printed.
 */
async function startServer(n: number, count: number): Promise<RunningServer> {
  const port = await freePort();
  const viaCep = await startFakeViaCep();
  const smtp = await startFakeSmtp();
  const sefaz = await startFakeSefaz();
  const dataDir = mkdtempSync(path.join(tmpdir(), `petshop-e2e-${n}-`));
  const sefazCaFile = path.join(dataDir, 'sefaz-ca.pem');
  writeFileSync(sefazCaFile, sefaz.ca);
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    // A week of demo sales (not two months): the specs need some history, not the full minute of seeding.
    DEMO_VENDAS_DIAS: process.env.DEMO_VENDAS_DIAS ?? '7',
    NODE_ENV: 'test',
    WEB_DIST,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Specs log in many times from one address; the real limit is tested in the API suite.
    LOGIN_RATE_LIMIT: '10000',
    CEP_PROVIDER_URL: viaCep.url,
    SMTP_URL: smtp.url,
    SEFAZ_URL: sefaz.url,
    SEFAZ_CA_FILE: sefazCaFile,
    SEFAZ_TIMEOUT_MS: process.env.SEFAZ_TIMEOUT_MS ?? '2000',
    FISCAL_WORKER_MS: process.env.FISCAL_WORKER_MS ?? '2000',
  };
  delete env.DATABASE_URL;
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;

  // Same entry as `npm start -w apps/api` (tsx src/server.ts, cwd apps/api), without the npx/npm layers.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = new OutputTail(process.env.E2E_SERVER_LOG === '1', `[servidor ${n}] `);
  output.attach(child);
  let ready = false;
  let stopping = false;
  child.on('exit', (code, signal) => {
    if (ready && !stopping) {
      process.stderr.write(`E2E: o servidor ${n} terminou durante os testes (${signal ?? `código ${code}`})\n`);
      output.print(`saída do servidor ${n}`);
    }
  });

  const cleanup = async () => {
    stopping = true;
    await stop(child);
    await viaCep.close();
    await smtp.close();
    await sefaz.close();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    process.stderr.write(`E2E: iniciando o servidor ${n} em ${baseURL} (DATA_DIR=${dataDir})...\n`);
    await waitForHealth(baseURL, child, healthTimeoutMs(count));
  } catch (err) {
    stopping = true;
    output.print(`saída do servidor ${n}`);
    await cleanup();
    throw new Error(`Servidor ${n}: ${(err as Error).message}`, { cause: err });
  }
  ready = true;
  return {
    server: { baseURL, smtpInboxUrl: smtp.inboxUrl, sefazControleUrl: sefaz.controleUrl },
    stop: cleanup,
  };
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const chromium = findChromium();
  if (!chromium.path) {
    if (isCI()) {
      throw new Error(
        `E2E: Chromium não encontrado em ${chromium.tried} e CI=true: no CI os testes end-to-end não podem ser pulados. ` +
          'Instale o pacote "chromium" (Debian) ou defina CHROME_PATH.',
      );
    }
    loudNotice([
      'E2E SKIPPED: Chromium não encontrado.',
      `Procurado em: ${chromium.tried}${process.env.CHROME_PATH ? ' (CHROME_PATH)' : ''}`,
      'Os testes end-to-end (projeto e2e) NÃO foram executados e aparecem como "skipped".',
      'Para executá-los: apt-get install chromium, ou CHROME_PATH=/caminho/do/chromium npm test',
    ]);
    project.provide('chromiumPath', '');
    project.provide('e2eServers', []);
    project.provide('e2eVagas', '');
    return undefined;
  }

  if (process.env.E2E_SKIP_BUILD === '1') {
    process.stderr.write(`E2E: E2E_SKIP_BUILD=1, usando ${WEB_DIST} como está\n`);
  } else if (webAtualizada(WEB_DIST)) {
    // `npm ci` (or an earlier run) built these very sources there (scripts/web-build.mjs's hash).
    process.stderr.write(`E2E: ${WEB_DIST} já compilado destes fontes, compilação pulada\n`);
  } else {
    process.stderr.write('E2E: compilando o app web (npm run build -w apps/web)...\n');
    // The production build users get (vitest's NODE_ENV=test would give React's development build),
    // its hash recorded so the next run (or npm start) reuses it.
    const codigo = await compilarWeb({ outDir: WEB_DIST });
    if (codigo !== 0) throw new Error(`npm run build -w apps/web terminou com código ${codigo}`);
  }

  // The fake compiles the enviNFe schema on its first batch: done now (once for every server), so
  // the first NFC-e of a spec is not answered after the server's 2 s SEFAZ timeout (and issued in
  // contingency).
  schemaError('<enviNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"/>', 'enviNFe_v4.00.xsd');

  const workers = workerCount(project);
  const files = await specFileCount(project);
  const count = Math.max(1, Math.min(workers, files ?? workers));
  const started = await Promise.allSettled(Array.from({ length: count }, (_, i) => startServer(i + 1, count)));
  const running = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const stopAll = async () => {
    await Promise.all(running.map((r) => r.stop()));
  };
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  const servers = running.map((r) => r.server);
  process.stderr.write(
    `E2E: ${servers.length} servidor(es) pronto(s) (${workers} worker(s), ${files ?? '?'} arquivo(s)): ` +
      `${servers.map((s) => s.baseURL).join(', ')}; Chromium: ${chromium.path}\n`,
  );

  // Which spec process uses which server (support.ts reservarServidor); not under petshop-*.
  const vagas = mkdtempSync(path.join(tmpdir(), 'e2e-vagas-'));
  project.provide('chromiumPath', chromium.path);
  project.provide('e2eServers', servers);
  project.provide('e2eVagas', vagas);
  return async () => {
    await stopAll();
    rmSync(vagas, { recursive: true, force: true });
  };
}
