/**
 * Load benchmark of the till (issue #4 "Performance"): req/s, p50 and p99 under concurrent load
 * (autocannon) for barcode lookup, product search, customer search and finalising a 5-item sale
 * with two payments, each beside a bare Fastify route measured in the same run (the ratio).
 *
 *   npm run bench:dados && npm run bench:carga                     # embedded database
 *   BENCH_DATABASE_URL=postgres://… npm run bench:dados && BENCH_DATABASE_URL=… npm run bench:carga
 *
 * Targets (PostgreSQL, 2 cores): barcode lookup p99 < 50 ms at 20 concurrent; finalising
 * ≥ 300 sales/s. Settings: BENCH_CONEXOES (20), BENCH_DURACAO (10 s per case), BENCH_PORT (3900),
 * BENCH_CASOS (words of the case names to run, e.g. `venda,barras`; default all).
 * The server runs in a child process (servidor.ts); the data come from gerar-dados.ts
 * (bench/.data/dados-<banco>.json; generated first when missing).
 */
import { execFileSync, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { calcularVenda, type CaixasParaPdv } from '@petshop/shared/venda';
import { seededRandom } from '../apps/api/src/db/seed/generators.ts';
import { cpuMs, memoriaPicoMb } from './cpu.ts';
import { dadosJson, type DadosBench } from './gerar-dados.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const conexoes = Number(process.env.BENCH_CONEXOES ?? 20);
const duracao = Number(process.env.BENCH_DURACAO ?? 10);
const aquecimento = Number(process.env.BENCH_AQUECIMENTO ?? 3);
const port = Number(process.env.BENCH_PORT ?? 3900);
const banco = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * CPU time used so far (ms, user + system, from /proc) by the PostgreSQL backends connected to the
 * bench's own database (process title `postgres: … <user> <database> …`), by pid: unlike `CPU pg`
 * (every PostgreSQL process of the machine), other sessions' tests on the same cluster do not
 * count. A backend that exits during a case loses its share (the pool keeps its 20 busy ones).
 * Empty without BENCH_DATABASE_URL or /proc.
 */
const cpuBackendsDoBanco = (): Map<string, number> => {
  const porPid = new Map<string, number>();
  if (!process.env.BENCH_DATABASE_URL) return porPid;
  const url = new URL(process.env.BENCH_DATABASE_URL);
  const titulo = ` ${decodeURIComponent(url.username)} ${url.pathname.slice(1)} `;
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(titulo)) continue;
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const campos = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        porPid.set(pid, ((Number(campos[11]) + Number(campos[12])) * 1000) / 100);
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    // no /proc
  }
  return porPid;
};
/** CPU (ms) the bench database's backends used between two `cpuBackendsDoBanco` readings. */
const cpuDoBancoEntre = (antes: Map<string, number>, depois: Map<string, number>): number | null =>
  depois.size === 0 ? null : [...depois].reduce((soma, [pid, ms]) => soma + ms - (antes.get(pid) ?? 0), 0);

const lerDados = (): DadosBench | null =>
  existsSync(dadosJson(banco)) ? (JSON.parse(readFileSync(dadosJson(banco), 'utf8')) as DadosBench) : null;
let dados = lerDados();
if (!dados) {
  console.log('Gerando os dados do benchmark (npm run bench:dados)…');
  execFileSync('npx', ['tsx', path.join(here, 'gerar-dados.ts')], { stdio: 'inherit', env: process.env });
  dados = lerDados()!;
}

const servidor = fork(path.join(here, 'servidor.ts'), [], {
  execArgv: [
    // As `npm start` runs the server (apps/api/package.json).
    '--max-semi-space-size=32',
    '--import',
    'tsx',
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
const random = seededRandom(11);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

try {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: dados.email, senha: dados.senha }),
  });
  if (!login.ok) throw new Error(`Login: ${login.status} ${await login.text()}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = {
    authorization: `Bearer ${accessToken}`,
    'x-unidade-negocio': dados.unidadeNegocioId,
    'x-origin': 'web',
    'content-type': 'application/json',
  };
  const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  /**
   * The tills: one cashier each with their own open register (a register is one cashier's,
   * DOMAIN.md §7), as many as connections, created by the administrator on the first run.
   * Sales go to them in turn, so each register takes about one sale at a time, as at a counter.
   */
  const operadores: { authorization: string; caixaId: string }[] = [];
  for (let i = 1; i <= conexoes; i++) {
    const email = `caixa-${i}.${dados.unidadeNegocioId.slice(0, 8)}@bench.com.br`;
    const senha = 'caixa-da-carga-123';
    const entrar = () =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, senha }),
      });
    let resposta = await entrar();
    if (resposta.status === 400 || resposta.status === 401) {
      const form = new FormData();
      form.append(
        'dados',
        JSON.stringify({
          nome: `Caixa ${i} da carga`,
          email,
          senha,
          unidades: [{ unidadeNegocioId: dados.unidadeNegocioId, perfilId: 'caixa' }],
        }),
      );
      const { 'content-type': _json, ...semTipo } = headers; // FormData sets its own
      const criado = await fetch(`${base}/api/auth/usuarios`, { method: 'POST', headers: semTipo, body: form });
      if (!criado.ok)
        throw new Error(
          `Criar o caixa ${i}: ${criado.status} ${await criado.text()} (dados gerados antes dos 20 caixas? rode bench:dados de novo)`,
        );
      resposta = await entrar();
    }
    if (!resposta.ok) throw new Error(`Login do caixa ${i}: ${resposta.status} ${await resposta.text()}`);
    const authorization = `Bearer ${((await resposta.json()) as { accessToken: string }).accessToken}`;
    const doCaixa = { ...headers, authorization };
    const caixas = async () => {
      const res = await fetch(`${base}/api/comercial/pdv/obter-caixas-para-pdv`, { headers: doCaixa });
      return ((await res.json()) as CaixasParaPdv).caixas.find((c) => c.doUsuario);
    };
    let caixa = await caixas();
    if (!caixa) {
      const aberto = await fetch(`${base}/api/comercial/caixas/abrir-caixa`, {
        method: 'POST',
        headers: doCaixa,
        body: JSON.stringify({ valorAbertura: 200 }),
      });
      if (!aberto.ok) throw new Error(`Abrir o caixa ${i}: ${aberto.status} ${await aberto.text()}`);
      caixa = await caixas();
    }
    operadores.push({ authorization, caixaId: caixa!.id });
  }
  let vez = 0;
  const proximoOperador = () => operadores[vez++ % operadores.length]!;

  const ref = await api<CaixasParaPdv>('GET', '/api/comercial/pdv/obter-caixas-para-pdv');
  const pix = ref.formasPagamento.find((f) => f.tipo === 'pix');
  const dinheiro = ref.formasPagamento.find((f) => f.tipo === 'dinheiro');
  if (!pix || !dinheiro) throw new Error('O tenant do benchmark não tem PIX e Dinheiro entre as formas de pagamento');

  /** A 5-item sale at register `caixaId`, paid R$ 10,00 by PIX and the rest in cash with change. */
  const novaVenda = (caixaId: string) => {
    const itens = Array.from({ length: 5 }, () => {
      const p = pick(dados.produtos);
      return { id: randomUUID(), produtoId: p.id, quantidade: 1, valorUnitario: p.precoVenda };
    });
    const total = calcularVenda({ itens }).valorLiquido;
    const restante = Math.round((total - 10) * 100) / 100;
    return {
      id: randomUUID(),
      tipo: 'Venda',
      caixaId,
      itens: itens.map(({ id, produtoId, quantidade }) => ({ id, produtoId, quantidade })),
      financeiros: [
        { chave: randomUUID(), formaPagamentoId: pix.id, valorRecebido: 10 },
        { chave: randomUUID(), formaPagamentoId: dinheiro.id, valorRecebido: Math.ceil(restante / 10) * 10 },
      ],
    };
  };
  const PALAVRAS_PRODUTO = ['racao golden', 'petisco', 'shampoo pet', 'castrados salmao', 'areia', 'coleira kong'];

  type Caso = {
    nome: string;
    url: string;
    method?: 'GET' | 'POST';
    caminho: () => string;
    /** The body and, when not the administrator's, the request's `authorization`. */
    corpo?: () => { body: string; authorization?: string };
  };
  const casos: Caso[] = [
    { nome: 'rota Fastify vazia (teto)', url: `http://127.0.0.1:${port + 1}`, caminho: () => '/bare' },
    {
      nome: 'código de barras',
      url: base,
      caminho: () => `/api/inventario/produtos/busca-pdv?q=${pick(dados.gtins)}`,
    },
    {
      nome: 'busca de produto por nome',
      url: base,
      caminho: () => `/api/inventario/produtos/busca-pdv?q=${encodeURIComponent(pick(PALAVRAS_PRODUTO))}`,
    },
    {
      nome: 'busca de cliente',
      url: base,
      caminho: () => `/api/pessoal/pessoas?query=${encodeURIComponent(pick(dados.buscasCliente))}&pageSize=20`,
    },
    {
      nome: 'posição de estoque (página de 50)',
      url: base,
      caminho: () => `/api/estoques?pageSize=50&page=${1 + Math.floor(random() * 100)}`,
    },
    {
      nome: 'posição de estoque abaixo do mínimo',
      url: base,
      caminho: () => '/api/estoques?pageSize=50&situacao=abaixo_minimo',
    },
    {
      nome: 'finalizar venda (5 itens, 2 pagamentos)',
      url: base,
      method: 'POST',
      caminho: () => '/api/comercial/pdv/salvar-venda',
      corpo: () => {
        const operador = proximoOperador();
        return { body: JSON.stringify(novaVenda(operador.caixaId)), authorization: operador.authorization };
      },
    },
  ];

  console.log(
    `\nCarga: ${banco === 'postgres' ? 'PostgreSQL' : 'PGlite (embutido, uma conexão)'}, ${conexoes} conexões, ${duracao} s por caso, ` +
      `${os.cpus().length} CPUs; ${dados.contagens.produtos.toLocaleString('pt-BR')} produtos, ` +
      `${dados.contagens.clientes.toLocaleString('pt-BR')} clientes, ${dados.contagens.itens.toLocaleString('pt-BR')} itens vendidos\n`,
  );
  console.log(
    `${'caso'.padEnd(42)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'erros'.padStart(8)}${'÷ teto'.padStart(9)}` +
      `${'CPU node'.padStart(10)}${'CPU pg'.padStart(9)}${'pg banco'.padStart(10)}`,
  );
  const resultados = new Map<string, autocannon.Result>();
  let teto = 0;
  // BENCH_CASOS=venda,barras runs only the cases whose name contains one of the words (the
  // bare route always runs: it is the ratio's base).
  const filtro = process.env.BENCH_CASOS?.split(',')
    .map((c) => c.trim().toLowerCase())
    .filter(Boolean);
  const escolhidos = casos.filter((c, i) => i === 0 || !filtro || filtro.some((f) => c.nome.includes(f)));
  /**
   * Waits until the requests a case left behind (autocannon stops sending, the server still
   * answers what it received; a slow case keeps PostgreSQL busy for seconds) are done: a barcode
   * lookup must answer within 100 ms three times in a row (30 s at most). Without this the next
   * case is measured on a busy machine.
   */
  const aguardarOcioso = async () => {
    const limite = Date.now() + 30_000;
    let seguidas = 0;
    while (seguidas < 3 && Date.now() < limite) {
      const inicio = performance.now();
      await fetch(`${base}/api/inventario/produtos/busca-pdv?q=${pick(dados.gtins)}`, { headers });
      seguidas = performance.now() - inicio < 100 ? seguidas + 1 : 0;
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  for (const caso of escolhidos) {
    const carregar = (segundos: number) =>
      autocannon({
        url: caso.url,
        connections: conexoes,
        duration: segundos,
        headers,
        requests: [
          {
            method: caso.method ?? 'GET',
            setupRequest: (req) => {
              const corpo = caso.corpo?.();
              return {
                ...req,
                path: caso.caminho(),
                ...(corpo ? { body: corpo.body } : {}),
                ...(corpo?.authorization ? { headers: { ...req.headers, authorization: corpo.authorization } } : {}),
              };
            },
          },
        ],
      });
    // Warm-up (not measured): the pool's connections idle for 10 s close, so without it a case
    // starts on new PostgreSQL backends, which authenticate and plan each statement anew for
    // their first executions (custom plans before the generic one): a server under steady load
    // has paid that long before.
    if (aquecimento > 0 && caso.url === base) {
      await aguardarOcioso();
      await carregar(aquecimento);
    }
    await aguardarOcioso();
    const cpuAntes = cpuMs(servidor.pid);
    const bancoAntes = cpuBackendsDoBanco();
    const result = await carregar(duracao);
    resultados.set(caso.nome, result);
    const cpuDepois = cpuMs(servidor.pid);
    const doBanco = cpuDoBancoEntre(bancoAntes, cpuBackendsDoBanco());
    const rps = result.requests.average;
    if (!teto) teto = rps;
    const erros = result.non2xx + result.errors + result.timeouts;
    const feitas = Math.max(1, result.requests.total);
    const porReq = (antes: number | null, depois: number | null) =>
      antes === null || depois === null ? '–' : ((depois - antes) / feitas).toFixed(2);
    console.log(
      `${caso.nome.padEnd(42)}${rps.toFixed(0).padStart(9)}${String(result.latency.p50).padStart(9)}${String(result.latency.p99).padStart(9)}` +
        `${String(erros).padStart(8)}${`${((rps / teto) * 100).toFixed(1)} %`.padStart(9)}` +
        `${porReq(cpuAntes.node, cpuDepois.node).padStart(10)}${porReq(cpuAntes.postgres, cpuDepois.postgres).padStart(9)}` +
        `${porReq(doBanco === null ? null : 0, doBanco).padStart(10)}`,
    );
  }
  const barras = resultados.get('código de barras');
  const venda = resultados.get('finalizar venda (5 itens, 2 pagamentos)');
  const metas = [
    barras && `código de barras p99 < 50 ms → ${barras.latency.p99} ms ${barras.latency.p99 < 50 ? '✔' : '✘'}`,
    venda && `finalizar ≥ 300 vendas/s → ${venda.requests.average.toFixed(0)} ${venda.requests.average >= 300 ? '✔' : '✘'}`,
  ].filter(Boolean);
  if (metas.length > 0) console.log(`\nMetas (PostgreSQL, 2 núcleos): ${metas.join('; ')}`);
  const pico = memoriaPicoMb(servidor.pid);
  if (pico !== null) console.log(`Memória do servidor: pico de ${pico.toLocaleString('pt-BR')} MB (RSS)`);
} finally {
  servidor.kill('SIGTERM');
}
