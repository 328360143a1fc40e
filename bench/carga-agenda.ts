/**
 * Load benchmark of the agenda (issue #17 "Performance"): on the bench data plus 2 000
 * appointments a month per unit (dados-agenda.ts: past, current and next month; today's board
 * with 60 bath-and-grooming pets), at BENCH_CONEXOES (20) concurrent clients for BENCH_DURACAO
 * (10 s) per case, beside a bare Fastify route measured in the same run:
 *
 * | case                          | request                                                                 | target (p95) |
 * | ----------------------------- | ----------------------------------------------------------------------- | ------------ |
 * | agenda: eventos de uma semana | GET /api/agenda/eventos?dataInicio=<Mon>&dataFim=<Sat>, a week of −3…+3 | < 50 ms      |
 * | agenda: eventos da clínica    | GET /api/agenda/eventos/clinica, the same weeks                         | –            |
 * | agenda: quadro do banho       | GET /api/agenda/atendimentos?data=<today>&area=BanhoTosa&pageSize=100   | < 30 ms      |
 * | eventos semana + 1 escrita/s  | the week of eventos while one appointment of the unit changes each second | < 50 ms      |
 * | quadro + 1 escrita/s          | the board while one appointment of the unit changes each second          | < 30 ms      |
 * | quadro, navegador (304)       | the board with If-None-Match of its current ETag, as the browser polls   | < 30 ms      |
 *
 * The agenda answers from its per-version cache (apps/api/src/modules/agenda/agenda-cache.ts):
 * the first three cases are the usual day (most calls find the answer warm: the 7 weeks and the
 * board are computed once per agenda version or 30 s); the last two measure the miss path too,
 * a PATCH of one appointment's priority every second bumping the unit's version.
 *
 *   npx tsx bench/carga-agenda.ts                                  # PGlite (bench:dados first)
 *   BENCH_DATABASE_URL=postgres://… npm run bench:agenda
 *
 * The agenda data are (re)written before the server starts (PGlite is one process's). It
 * prints req/s, p50, p95 and p99 (ms; p95 from every response's time, autocannon has no p95),
 * errors, the ratio to the bare route and the CPU per request of the server and PostgreSQL.
 * A case whose route is not there yet (404) is reported and skipped. BENCH_CASOS filters cases.
 */
import { execFileSync, fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { Eventos } from '@petshop/shared/agenda';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seededRandom } from '../apps/api/src/db/seed/generators.ts';
import { cpuMs, memoriaPicoMb } from './cpu.ts';
import { gerarDadosAgenda } from './dados-agenda.ts';
import { dadosJson, PGLITE_DIR, type DadosBench } from './gerar-dados.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const conexoes = Number(process.env.BENCH_CONEXOES ?? 20);
const duracao = Number(process.env.BENCH_DURACAO ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3900);
const url = process.env.BENCH_DATABASE_URL;
const banco = url ? 'postgres' : 'pglite';

if (!existsSync(dadosJson(banco))) {
  console.log('Gerando os dados do benchmark (npm run bench:dados)…');
  execFileSync('npx', ['tsx', path.join(here, 'gerar-dados.ts')], { stdio: 'inherit', env: process.env });
}
const dados = JSON.parse(readFileSync(dadosJson(banco), 'utf8')) as DadosBench;

const database = await openDatabase(url ? { url, poolSize: 2 } : { dataDir: PGLITE_DIR });
let agenda: Awaited<ReturnType<typeof gerarDadosAgenda>>;
try {
  await database.migrate();
  agenda = await gerarDadosAgenda(database, dados.unidadeNegocioId, Number(process.env.BENCH_ATENDIMENTOS_MES ?? 2000));
} finally {
  await database.close();
}

const servidor = fork(path.join(here, 'servidor.ts'), [], {
  execArgv: [
    '--max-semi-space-size=32',
    '--import',
    'tsx',
    // BENCH_CPU_PROF=<folder>: a V8 CPU profile of the server (as carga-pdv.ts).
    ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
  ],
  env: { ...process.env, BENCH_PORT: String(port) },
  stdio: 'inherit',
});
await new Promise<void>((resolve, reject) => {
  servidor.once('message', () => resolve());
  servidor.once('exit', (code) => reject(new Error(`O servidor saiu com código ${code}`)));
});

const base = `http://127.0.0.1:${port}`;
const random = seededRandom(17);
const DIA_MS = 86_400_000;
const somarDias = (iso: string, dias: number) =>
  new Date(new Date(`${iso}T00:00:00Z`).getTime() + dias * DIA_MS).toISOString().slice(0, 10);
/** A week (Monday–Saturday) from 3 weeks before this one to 3 after: inside the generated months. */
const semanaAleatoria = () => {
  const deslocamento = 7 * (Math.floor(random() * 7) - 3);
  return `dataInicio=${somarDias(agenda.semana.dataInicio, deslocamento)}&dataFim=${somarDias(agenda.semana.dataFim, deslocamento)}`;
};

/** Percentile `p` (0..100) of sorted `valores`. */
const percentil = (valores: number[], p: number) =>
  valores.length === 0 ? 0 : valores[Math.min(valores.length - 1, Math.ceil((p / 100) * valores.length) - 1)]!;

try {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: dados.email, senha: dados.senha }),
  });
  if (!login.ok) throw new Error(`Login: ${login.status} ${await login.text()}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}`, 'x-unidade-negocio': dados.unidadeNegocioId, 'x-origin': 'web' };

  type Caso = {
    nome: string;
    url: string;
    caminho: () => string;
    meta?: number;
    conferir?: (corpo: unknown) => string | null;
    /** Writes one appointment of the unit every second during the case (the cache's miss path). */
    escrevendo?: boolean;
    /** Sends If-None-Match with the answer's current ETag, as the browser's poll does (304s). */
    comoNavegador?: boolean;
  };
  const quadro = `/api/agenda/atendimentos?data=${agenda.hoje}&area=BanhoTosa&pageSize=100`;

  // The appointment the writing cases change once a second (its priority, back and forth: a
  // write like the board's, which bumps the unit's agenda version and so every cached answer).
  const doQuadro = await fetch(`${base}${quadro}`, { headers });
  if (!doQuadro.ok) throw new Error(`quadro: ${doQuadro.status} ${await doQuadro.text()}`);
  const alvo = ((await doQuadro.json()) as { items: { id: string; status: string }[] }).items.find((a) =>
    ['Agendado', 'Confirmado', 'EmAtendimento'].includes(a.status),
  );
  /** Starts the writes; answers a function stopping them that answers how many were done and failed. */
  const escreverCadaSegundo = () => {
    let feitas = 0;
    let falhas = 0;
    let alta = false;
    const timer = setInterval(() => {
      if (!alvo) return;
      alta = !alta;
      fetch(`${base}/api/agenda/atendimentos/${alvo.id}/prioridade`, {
        method: 'PATCH',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ prioridade: alta ? 'Alta' : 'Normal' }),
      })
        .then(async (r) => {
          await r.arrayBuffer();
          if (r.ok) feitas++;
          else falhas++;
        })
        .catch(() => falhas++);
    }, 1000);
    return () => {
      clearInterval(timer);
      return { feitas, falhas };
    };
  };

  const casos: Caso[] = [
    { nome: 'rota Fastify vazia (teto)', url: `http://127.0.0.1:${port + 1}`, caminho: () => '/bare' },
    {
      nome: 'agenda: eventos de uma semana',
      url: base,
      caminho: () => `/api/agenda/eventos?${semanaAleatoria()}`,
      meta: 50,
      conferir: (corpo) => {
        const r = corpo as Eventos;
        return r.eventos.length > 300 && r.recursos.boxes.length === 3
          ? null
          : `${r.eventos.length} eventos, ${r.recursos.boxes.length} boxes`;
      },
    },
    {
      nome: 'agenda: eventos da clínica (semana)',
      url: base,
      caminho: () => `/api/agenda/eventos/clinica?${semanaAleatoria()}`,
      conferir: (corpo) => ((corpo as Eventos).eventos.length > 50 ? null : `${(corpo as Eventos).eventos.length} eventos`),
    },
    {
      nome: 'agenda: quadro do banho (60 pets hoje)',
      url: base,
      caminho: () => quadro,
      meta: 30,
      conferir: (corpo) => {
        const itens = (corpo as { items?: unknown[] }).items?.length ?? 0;
        return itens === agenda.contagens.hojeBanhoTosa ? null : `${itens} itens, esperados ${agenda.contagens.hojeBanhoTosa}`;
      },
    },
    {
      nome: 'agenda: eventos semana + 1 escrita/s',
      url: base,
      caminho: () => `/api/agenda/eventos?${semanaAleatoria()}`,
      meta: 50,
      escrevendo: true,
    },
    { nome: 'agenda: quadro + 1 escrita/s', url: base, caminho: () => quadro, meta: 30, escrevendo: true },
    { nome: 'agenda: quadro, navegador (304)', url: base, caminho: () => quadro, meta: 30, comoNavegador: true },
  ];

  console.log(
    `\nCarga da agenda: ${banco === 'postgres' ? 'PostgreSQL' : 'PGlite (embutido, uma conexão)'}, ${conexoes} conexões, ${duracao} s por caso, ` +
      `${os.cpus().length} CPUs; ${agenda.contagens.atendimentos.toLocaleString('pt-BR')} atendimentos ` +
      `(${Number(process.env.BENCH_ATENDIMENTOS_MES ?? 2000).toLocaleString('pt-BR')} por mês e unidade, 3 meses), hoje ${agenda.hoje}\n`,
  );
  console.log(
    `${'caso'.padEnd(40)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}` +
      `${'erros'.padStart(8)}${'÷ teto'.padStart(9)}${'CPU node'.padStart(10)}${'CPU pg'.padStart(9)}`,
  );
  const filtro = process.env.BENCH_CASOS?.split(',')
    .map((c) => c.trim().toLowerCase())
    .filter(Boolean);
  const metas: string[] = [];
  let teto = 0;
  for (const [i, caso] of casos.entries()) {
    if (i > 0 && filtro && !filtro.some((f) => caso.nome.includes(f))) continue;
    if (caso.conferir) {
      // One call first: the route must be there and answer what the data hold.
      const res = await fetch(`${caso.url}${caso.caminho()}`, { headers });
      if (res.status === 404) {
        console.log(`${caso.nome.padEnd(40)}  (rota ainda não existe: 404, caso pulado)`);
        continue;
      }
      if (!res.ok) throw new Error(`${caso.nome}: ${res.status} ${await res.text()}`);
      const problema = caso.conferir(await res.json());
      if (problema) throw new Error(`${caso.nome}: resposta inesperada (${problema})`);
    }
    if (caso.escrevendo && !alvo) {
      console.log(`${caso.nome.padEnd(40)}  (nenhum atendimento de hoje para alterar: caso pulado)`);
      continue;
    }
    let cabecalhos: Record<string, string> = headers;
    if (caso.comoNavegador) {
      const etag = (await fetch(`${caso.url}${caso.caminho()}`, { headers })).headers.get('etag');
      if (!etag) {
        console.log(`${caso.nome.padEnd(40)}  (resposta sem ETag: caso pulado)`);
        continue;
      }
      cabecalhos = { ...headers, 'if-none-match': etag };
    }
    const tempos: number[] = [];
    const cpuAntes = cpuMs(servidor.pid);
    const pararEscritas = caso.escrevendo ? escreverCadaSegundo() : null;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instancia = autocannon(
        {
          url: caso.url,
          connections: conexoes,
          duration: duracao,
          headers: cabecalhos,
          requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: caso.caminho() }) }],
        },
        (erro, r) => (erro ? reject(erro) : resolve(r)),
      );
      instancia.on('response', (_client, _status, _bytes, ms: number) => tempos.push(ms));
    });
    const cpuDepois = cpuMs(servidor.pid);
    const escritas = pararEscritas?.();
    tempos.sort((a, b) => a - b);
    const rps = result.requests.average;
    if (!teto) teto = rps;
    // The browser-like case expects 304 (autocannon counts it as non-2xx).
    const erros = (caso.comoNavegador ? result['4xx'] + result['5xx'] : result.non2xx) + result.errors + result.timeouts;
    const feitas = Math.max(1, result.requests.total);
    const porReq = (antes: number | null, depois: number | null) =>
      antes === null || depois === null ? '–' : ((depois - antes) / feitas).toFixed(2);
    const p95 = percentil(tempos, 95);
    console.log(
      `${caso.nome.padEnd(40)}${rps.toFixed(0).padStart(9)}${percentil(tempos, 50).toFixed(1).padStart(9)}${p95.toFixed(1).padStart(9)}` +
        `${percentil(tempos, 99).toFixed(1).padStart(9)}${String(erros).padStart(8)}${`${((rps / teto) * 100).toFixed(1)} %`.padStart(9)}` +
        `${porReq(cpuAntes.node, cpuDepois.node).padStart(10)}${porReq(cpuAntes.postgres, cpuDepois.postgres).padStart(9)}` +
        (escritas ? `   (${escritas.feitas} escritas${escritas.falhas ? `, ${escritas.falhas} falharam` : ''})` : ''),
    );
    if (caso.meta)
      metas.push(
        `${caso.nome.replace('agenda: ', '')} p95 < ${caso.meta} ms → ${p95.toFixed(1)} ms ${p95 < caso.meta ? '✔' : '✘'}`,
      );
  }
  if (metas.length > 0) console.log(`\nMetas (${conexoes} clientes): ${metas.join('; ')}`);
  const pico = memoriaPicoMb(servidor.pid);
  if (pico !== null) console.log(`Memória do servidor: pico de ${pico.toLocaleString('pt-BR')} MB (RSS)`);
} finally {
  servidor.kill('SIGTERM');
}
