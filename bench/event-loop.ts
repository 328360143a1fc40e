/**
 * Nothing blocks the event loop (issue #22 item 2): `npm run bench:event-loop`.
 *
 * Starts the real server as a child process (`node --import tsx`, as `npm start` runs it) on a
 * fresh PGlite in a temporary folder (or BENCH_DATABASE_URL: PostgreSQL, a new tenant each run),
 * with one tenant made by criarTenant, 10 000 payables
 * (despesas) due today and 3 000 customers registered today (inserted in bulk as the tables'
 * owner). A client then calls `GET /api/health` 50 times a second (BENCH_HEALTH_RPS) while it
 * fires each heavy request, one at a time, BENCH_VEZES (2) times:
 *
 * 1. nothing (the floor: the same stream alone for 3 s);
 * 2. `POST /api/compras/importar-xml` of a 990-item signed NF-e (about 770 KB; made from the
 *    public sample in ../shared/fixtures/nfe by apps/api/test/nfe-grande.ts, its signature valid);
 * 3. `GET /api/financeiro/despesas/exportar?formato=xlsx` — 10 000 rows;
 * 4. the same as CSV;
 * 5. `GET /api/relatorios/novos-clientes/exportar?formato=pdf` — 3 000 customers, a PDF of about
 *    70 pages.
 *
 * For each: the heavy request's time and status, the health calls started while it ran (count,
 * p50, p99, max), and the server's event-loop delay over the same span (monitorEventLoopDelay in
 * the server, 10 ms resolution: p99 and max). Target: health p99 < 50 ms.
 *
 * Environment: BENCH_DATABASE_URL, BENCH_CASOS (nfe,xlsx,csv,pdf), BENCH_CPU_PROF (a folder: the
 * server's --cpu-prof, and at the end each case's stops of the event loop of 20 ms or more with
 * the functions sampled in them), BENCH_PORT (3980), BENCH_HEALTH_RPS (50), BENCH_VEZES (2), BENCH_ITENS (990).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { configDoBench, ENDERECO_BENCH } from './config-do-bench.ts';

const port = Number(process.env.BENCH_PORT ?? 3980);
const rps = Number(process.env.BENCH_HEALTH_RPS ?? 50);
const vezes = Number(process.env.BENCH_VEZES ?? 2);
const itens = Number(process.env.BENCH_ITENS ?? 990);
const casos = new Set((process.env.BENCH_CASOS ?? 'nfe,xlsx,csv,pdf').split(','));

type Pronto = { tipo: 'pronto'; email: string; senha: string; unidadeNegocioId: string; hoje: string };
type Atraso = { tipo: 'atraso'; p99: number; max: number };
/**
 * A stop of the server's event loop during a case: µs on the CPU profile's clock, and the CPU
 * time the server's process used meanwhile (ms; every thread of it, the pool's too: on a busy
 * machine a stop of 150 ms may be 15 ms of CPU and the rest waiting for a core).
 */
type Bloqueio = { caso: string; inicio: number; fim: number; cpu: number };

/** The child: the server over a temporary PGlite, its event loop measured on request. */
const servidor = async (): Promise<void> => {
  const { sql } = await import('drizzle-orm');
  const { buildApp } = await import('../apps/api/src/app.ts');
  const { openDatabase } = await import('../apps/api/src/db/client.ts');
  const { queryRows } = await import('../apps/api/src/db/rows.ts');
  const { criarTenant } = await import('../apps/api/src/modules/tenants/criar-tenant.ts');
  const url = process.env.BENCH_DATABASE_URL;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'petshop-bench-event-loop-'));
  const database = await openDatabase(url ? { url } : { dataDir: path.join(dir, 'db') });
  await database.migrate();
  const config = configDoBench(dir, 'production', { loginRateLimit: 1000 });
  const app = await buildApp(config, database);
  const email = `bench.loop.${randomBytes(4).toString('hex')}@bench.com.br`;
  const senha = 'senha-do-bench-123';
  const ids = await criarTenant(database.db, {
    tenant: { nome: 'Pet Bench', limiteUsuarios: 5, limiteUnidades: 5 },
    unidade: {
      nomeFantasia: 'Pet Bench',
      razaoSocial: 'Pet Bench Ltda',
      cnpj: '11222333000181',
      telefone: '3132221100',
      endereco: ENDERECO_BENCH,
    },
    administrador: { nome: 'Bench', email, senha },
  });
  const { tenantId: t, unidadeNegocioId: u } = ids;
  // The unit's today (its time zone, as the API counts days): from 21:00 to 24:00 in São Paulo
  // the UTC date is already tomorrow, and a report of "today" found none of today's customers.
  const [unidade] = await queryRows<{ hoje: string }>(
    database.db,
    sql`select (now() at time zone time_zone)::date::text as hoje from unidades_negocio where id = ${u}`,
  );
  const hoje = unidade!.hoje;
  await database.db
    .execute(sql`insert into despesas (tenant_id, unidade_negocio_id, descricao, documento, data_emissao, data_vencimento, valor)
    select ${t}, ${u}, 'Despesa do bench nº ' || g, 'NF ' || g, ${hoje}::date, ${hoje}::date, (g % 997) + 0.5
      from generate_series(1, 10000) g`);
  await database.db.execute(sql`insert into pessoas (tenant_id, nome)
    select ${t}, 'Cliente do bench nº ' || g from generate_series(1, 3000) g`);
  await app.listen({ port, host: '127.0.0.1' });

  const atraso = monitorEventLoopDelay({ resolution: 10 });
  // With BENCH_CPU_PROF: every stop of the event loop of 20 ms or more during a case (a 2 ms
  // timer that came late), on the profile's clock (µs), written beside the profile as
  // bloqueios-<pid>.json for the parent's report of what ran in each stop. A stretch of the
  // profile with no idle sample may hold many turns of the loop (setImmediate between pages);
  // these stops are what the health calls wait for.
  const perfil = process.env.BENCH_CPU_PROF;
  const bloqueios: Bloqueio[] = [];
  let casoAtual: string | null = null;
  if (perfil) {
    let anterior = process.hrtime.bigint();
    let cpuAnterior = process.cpuUsage();
    setInterval(() => {
      const agora = process.hrtime.bigint();
      const cpu = process.cpuUsage(cpuAnterior);
      if (casoAtual && agora - anterior >= 20_000_000n)
        bloqueios.push({
          caso: casoAtual,
          inicio: Number(anterior / 1000n),
          fim: Number(agora / 1000n),
          cpu: (cpu.user + cpu.system) / 1000,
        });
      anterior = agora;
      cpuAnterior = process.cpuUsage();
    }, 2).unref();
    process.once('exit', () => writeFileSync(path.join(perfil, `bloqueios-${process.pid}.json`), JSON.stringify(bloqueios)));
  }
  process.on('message', (m: string) => {
    if (m.startsWith('inicio:')) {
      casoAtual = m.slice('inicio:'.length);
      atraso.reset();
      atraso.enable();
      process.send!('ok');
    } else if (m === 'fim') {
      casoAtual = null;
      atraso.disable();
      process.send!({ tipo: 'atraso', p99: atraso.percentile(99) / 1e6, max: atraso.max / 1e6 } satisfies Atraso);
    }
  });
  process.send!({ tipo: 'pronto', email, senha, unidadeNegocioId: u, hoje } satisfies Pronto);
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => {
        rmSync(dir, { recursive: true, force: true });
        process.exit(0);
      });
  });
};

const percentil = (v: number[], p: number): number => {
  if (v.length === 0) return NaN;
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const ms = (n: number) => (Number.isNaN(n) ? '—' : `${Math.round(n)} ms`);

/** The parent: the health stream beside each heavy request. */
const principal = async (): Promise<void> => {
  const { nfeGrande } = await import('../apps/api/test/nfe-grande.ts');
  const t0 = performance.now();
  const nfes = Array.from({ length: vezes }, (_, i) => nfeGrande(itens, { cNF: String(20_000_000 + i) }));
  console.log(
    `NF-e de ${itens} itens (${Math.round(nfes[0]!.length / 1024)} KB, assinada) gerada em ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const filho: ChildProcess = fork(fileURLToPath(import.meta.url), ['servidor'], {
    execArgv: [
      '--max-semi-space-size=32',
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    stdio: 'inherit',
  });
  const mensagem = <T>(): Promise<T> =>
    new Promise((resolve, reject) => {
      const sair = (c: number | null) => reject(new Error(`O servidor saiu com código ${c}`));
      filho.once('exit', sair);
      filho.once('message', (m) => {
        filho.off('exit', sair);
        resolve(m as T);
      });
    });
  const pronto = await mensagem<Pronto>();
  const base = `http://127.0.0.1:${port}`;
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: pronto.email, senha: pronto.senha }),
    });
    if (!login.ok) throw new Error(`Login: ${login.status} ${await login.text()}`);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}`, 'x-unidade-negocio': pronto.unidadeNegocioId, 'x-origin': 'web' };
    console.log(
      `Carga da máquina (load average 1/5/15 min): ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' / ')}, ${os.cpus().length} núcleos; health ${rps}/s`,
    );
    console.log('caso | pedido pesado | health n | p50 | p99 | max | atraso do loop p99 | max');

    /** Runs `acao` (or waits 3 s) beside the health stream and prints one line. */
    const caso = async (nome: string, acao: () => Promise<string>): Promise<void> => {
      const chamadas: { inicio: number; fim?: number }[] = [];
      const tique = setInterval(() => {
        const c: { inicio: number; fim?: number } = { inicio: performance.now() };
        chamadas.push(c);
        void fetch(`${base}/api/health`)
          .then((r) => r.arrayBuffer())
          .then(() => (c.fim = performance.now()));
      }, 1000 / rps);
      await new Promise((r) => setTimeout(r, 300)); // the stream running before the request
      filho.send(`inicio:${nome}`);
      await mensagem<string>();
      const inicio = performance.now();
      const resultado = await acao();
      const fim = performance.now();
      filho.send('fim');
      const atraso = await mensagem<Atraso>();
      clearInterval(tique);
      const limite = performance.now() + 30_000;
      while (chamadas.some((c) => c.fim === undefined) && performance.now() < limite) await new Promise((r) => setTimeout(r, 20));
      const lat = chamadas
        .filter((c) => c.inicio >= inicio && c.inicio <= fim && c.fim !== undefined)
        .map((c) => c.fim! - c.inicio);
      console.log(
        `${nome} | ${resultado}, ${ms(fim - inicio)} | ${lat.length} | ${ms(percentil(lat, 50))} | ${ms(percentil(lat, 99))} | ${ms(Math.max(...lat))} | ${ms(atraso.p99)} | ${ms(atraso.max)}`,
      );
    };
    const baixar = async (url: string): Promise<string> => {
      const r = await fetch(`${base}${url}`, { headers });
      const corpo = await r.arrayBuffer();
      if (!r.ok) throw new Error(`${url}: ${r.status} ${Buffer.from(corpo).toString().slice(0, 300)}`);
      return `${r.status} ${Math.round(corpo.byteLength / 1024)} KB`;
    };
    const { hoje } = pronto;
    const periodo = `dataInicio=${hoje}&dataFim=${hoje}`;

    await caso('repouso (3 s)', async () => {
      await new Promise((r) => setTimeout(r, 3000));
      return '—';
    });
    for (let i = 0; i < (casos.has('nfe') ? vezes : 0); i++) {
      await caso(`NF-e ${itens} itens`, async () => {
        const form = new FormData();
        form.append('aceitarOutroDestinatario', 'true');
        form.append('arquivo', new Blob([nfes[i]!], { type: 'application/xml' }), 'nfe.xml');
        const r = await fetch(`${base}/api/compras/importar-xml`, { method: 'POST', headers, body: form });
        const corpo = await r.text();
        if (r.status !== 201) throw new Error(`importar-xml: ${r.status} ${corpo.slice(0, 300)}`);
        const compra = JSON.parse(corpo) as { itens: unknown[] };
        return `${r.status} ${compra.itens.length} itens`;
      });
    }
    for (let i = 0; i < (casos.has('xlsx') ? vezes : 0); i++)
      await caso('XLSX 10 000 despesas', () => baixar(`/api/financeiro/despesas/exportar?formato=xlsx&${periodo}&pageSize=100`));
    for (let i = 0; i < (casos.has('csv') ? vezes : 0); i++)
      await caso('CSV 10 000 despesas', () => baixar(`/api/financeiro/despesas/exportar?formato=csv&${periodo}&pageSize=100`));
    for (let i = 0; i < (casos.has('pdf') ? vezes : 0); i++)
      await caso('PDF 3 000 clientes', () => baixar(`/api/relatorios/novos-clientes/exportar?formato=pdf&${periodo}`));
  } finally {
    const saiu = new Promise((resolve) => filho.once('exit', resolve));
    filho.kill('SIGTERM');
    await saiu;
  }
  if (process.env.BENCH_CPU_PROF) relatarBloqueios(process.env.BENCH_CPU_PROF, filho.pid!);
};

/**
 * What ran in each stop of the server's event loop (BENCH_CPU_PROF): for each case, the stops of
 * 20 ms or more, longest first, each with the functions the main thread's profile sampled in it
 * by their own time, and the app's frames (apps/api, packages/shared) that were on the stack.
 */
const relatarBloqueios = (pasta: string, pid: number): void => {
  const arquivo = readdirSync(pasta).find((a) => a.endsWith('.cpuprofile') && a.includes(`.${pid}.0.`));
  if (!arquivo) return console.log(`Sem perfil do processo ${pid} em ${pasta}`);
  type No = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
  const perfil = JSON.parse(readFileSync(path.join(pasta, arquivo), 'utf8')) as {
    nodes: No[];
    startTime: number;
    samples: number[];
    timeDeltas: number[];
  };
  const bloqueios = JSON.parse(readFileSync(path.join(pasta, `bloqueios-${pid}.json`), 'utf8')) as Bloqueio[];
  const nos = new Map(perfil.nodes.map((n) => [n.id, n]));
  const pai = new Map<number, number>();
  for (const n of perfil.nodes) for (const c of n.children ?? []) pai.set(c, n.id);
  const nome = (n: No) =>
    `${n.callFrame.functionName || '(anônima)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;
  const doApp = (n: No) => /apps\/api\/src|packages\/shared/.test(n.callFrame.url);
  // Each sample covers the time up to the next one.
  let t = perfil.startTime;
  const amostras = perfil.samples.map((id, i) => {
    t += perfil.timeDeltas[i]!;
    return { id, t, d: perfil.timeDeltas[i + 1] ?? 0 };
  });
  const topo = (m: Map<string, number>, k: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([n, v]) => `      ${v.toFixed(1).padStart(6)} ms  ${n}`)
      .join('\n');
  console.log(`\nParadas do event loop ≥ 20 ms por caso (perfil ${arquivo}):`);
  for (const caso of [...new Set(bloqueios.map((b) => b.caso))]) {
    const doCaso = bloqueios.filter((b) => b.caso === caso).sort((a, b) => b.cpu - a.cpu);
    const total = doCaso.reduce((s, b) => s + (b.fim - b.inicio) / 1000, 0);
    const cpu = doCaso.map((b) => b.cpu).sort((a, b) => b - a);
    console.log(
      `\n${caso}: ${doCaso.length} paradas, ${Math.round(total)} ms no total; CPU do processo na maior ${Math.round(cpu[0] ?? 0)} ms`,
    );
    for (const b of doCaso.slice(0, Number(process.env.BENCH_PARADAS ?? 6))) {
      const proprio = new Map<string, number>();
      const pilha = new Map<string, number>();
      for (const a of amostras) {
        if (a.t < b.inicio || a.t >= b.fim) continue;
        const ms = a.d / 1000;
        const n = nos.get(a.id)!;
        proprio.set(nome(n), (proprio.get(nome(n)) ?? 0) + ms);
        const vistos = new Set<string>();
        for (let id: number | undefined = a.id; id !== undefined; id = pai.get(id)) {
          const no = nos.get(id)!;
          if (!doApp(no) || vistos.has(nome(no))) continue;
          vistos.add(nome(no));
          pilha.set(nome(no), (pilha.get(nome(no)) ?? 0) + ms);
        }
      }
      console.log(
        `  ${Math.round((b.fim - b.inicio) / 1000)} ms (CPU do processo ${Math.round(b.cpu)} ms) — tempo próprio:\n${topo(proprio, 6)}`,
      );
      if (pilha.size > 0) console.log(`    no app (na pilha):\n${topo(pilha, 6)}`);
    }
  }
};

if (process.argv[2] === 'servidor') await servidor();
// The stops of an earlier run again: `npx tsx bench/event-loop.ts paradas <folder> <server pid>`.
else if (process.argv[2] === 'paradas') relatarBloqueios(process.argv[3]!, Number(process.argv[4]));
else await principal();
