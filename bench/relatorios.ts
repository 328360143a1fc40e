/**
 * The reports' and the home page's bench (issue #20 "Performance"): p50/p95/max of N sequential
 * calls of every report (`GET /api/relatorios/{id}`, one month; the two ABC curves also over 12
 * months), of `GET /api/indicadores`, and of the two slow reads of item 4 (stock below minimum,
 * customer search) with the PostgreSQL CPU spent per call, against the targets:
 *
 *   report p95 < 300 ms · ABC over 12 months p95 < 500 ms · indicadores p95 < 150 ms ·
 *   stock below minimum and customer search < 20 ms of PostgreSQL CPU per call.
 *
 *   BENCH_DATABASE_URL=postgres://bench:bench@127.0.0.1:5432/petshop_bench npm run bench:relatorios
 *   npm run bench:relatorios            # PGlite of gerar-dados.ts (bench/.data/pglite)
 *
 * Needs the data of `npm run bench:dados` on that database. First it adds, as the tables' owner
 * with set-based SQL (like dados-agenda.ts), what the reports read and the till's data lack,
 * each only when missing: 8 categories with 4 subcategories each and 40 brands spread over the
 * products; lots with expiry dates (1–3 per product, for one product in 10, from 60 days ago to
 * a year ahead) for the unit; a minimum stock on one product in 20 (half of them under it);
 * `pessoas.como_conheceu` and registration dates spread over two years; the agenda's data
 * (dados-agenda.ts) when the unit has no appointment. Then it starts servidor.ts (the real
 * server, a child process) and calls each case once (checked: 200, or 400 "Relatório em
 * construção" → "pendente"), then BENCH_REPETICOES times (30) one after the other.
 * The CPU of PostgreSQL is read from /proc (cpu.ts) around the N calls of each case: meaningful
 * on PostgreSQL only, and it includes whatever else PostgreSQL does meanwhile on this machine.
 */
import { fork } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { todayISO } from '@petshop/shared/format';
import { COMO_CONHECEU } from '@petshop/shared/pessoa';
import { RELATORIO_IDS, RELATORIOS, type RelatorioId } from '@petshop/shared/relatorios';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { queryRows } from '../apps/api/src/db/rows.ts';
import { cpuMs } from './cpu.ts';
import { gerarDadosAgenda } from './dados-agenda.ts';
import { dadosJson, PGLITE_DIR, type DadosBench } from './gerar-dados.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const url = process.env.BENCH_DATABASE_URL;
const banco = url ? 'postgres' : 'pglite';
const repeticoes = Number(process.env.BENCH_REPETICOES ?? 30);
const port = Number(process.env.BENCH_PORT ?? 3950);
const segundos = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;

/** Adds what the reports read to the bench tenant of `unidadeNegocioId`, each part only when missing. */
export const gerarDadosRelatorios = async (database: Database, unidadeNegocioId: string): Promise<void> => {
  const db = database.db;
  const [unidade] = await queryRows<{ tenant_id: string; time_zone: string }>(
    db,
    sql`select tenant_id, time_zone from unidades_negocio where id = ${unidadeNegocioId}`,
  );
  if (!unidade) throw new Error(`Unidade ${unidadeNegocioId} não encontrada: rode npm run bench:dados`);
  const t = unidade.tenant_id;
  const u = unidadeNegocioId;
  const conta = async (q: ReturnType<typeof sql>) => Number((await queryRows<{ n: string }>(db, q))[0]?.n ?? 0);

  // Categories (8 × 4 subcategories) and 40 brands, spread over the products by their id.
  if (
    (await conta(sql`select count(*) as n from categorias_produto where tenant_id = ${t} and nome like '% (relatórios)'`)) === 0
  ) {
    const t0 = performance.now();
    await db.execute(sql`insert into categorias_produto (tenant_id, nome)
      select ${t}, 'Categoria ' || g || ' (relatórios)' from generate_series(1, 8) g`);
    await db.execute(sql`insert into categorias_produto (tenant_id, nome, categoria_pai_id)
      select ${t}, 'Subcategoria ' || c.g || '.' || s || ' (relatórios)', c.id
        from (select id, substring(nome from 'Categoria (\\d+)')::int as g from categorias_produto
               where tenant_id = ${t} and nome like 'Categoria % (relatórios)') c, generate_series(1, 4) s`);
    await db.execute(sql`insert into marcas (tenant_id, nome)
      select ${t}, 'Marca ' || g || ' (relatórios)' from generate_series(1, 40) g`);
    await db.execute(sql`with sub as (
        select id, row_number() over (order by nome) - 1 as i, count(*) over () as n from categorias_produto
         where tenant_id = ${t} and nome like 'Subcategoria % (relatórios)'),
      mar as (
        select id, row_number() over (order by nome) - 1 as i, count(*) over () as n from marcas
         where tenant_id = ${t} and nome like 'Marca % (relatórios)')
      update produtos p
         set categoria_id = coalesce(p.categoria_id, (select sub.id from sub where sub.i = abs(hashtext(p.id::text)) % sub.n)),
             marca_id = coalesce(p.marca_id, (select mar.id from mar where mar.i = abs(hashtext(p.id::text || 'm')) % mar.n))
       where p.tenant_id = ${t} and p.tipo = 'produto'`);
    console.log(`Categorias e marcas nos produtos em ${segundos(t0)}`);
  }

  // Lots with expiry dates: one product in 10 controls lots, 1–3 lots each.
  if ((await conta(sql`select count(*) as n from lotes where unidade_negocio_id = ${u}`)) < 1000) {
    const t0 = performance.now();
    await db.execute(sql`update produtos set controla_lote = true
      where tenant_id = ${t} and tipo = 'produto' and controla_estoque and abs(hashtext(id::text)) % 10 = 0`);
    await db.execute(sql`insert into lotes (tenant_id, unidade_negocio_id, produto_id, numero, data_fabricacao, data_validade, quantidade)
      select ${t}, ${u}, p.id, 'L' || to_char(n, 'FM00') || '-' || left(p.id::text, 8),
             current_date - 400 + (abs(hashtext(p.id::text || n)) % 60),
             current_date - 60 + (abs(hashtext(p.id::text || n || 'v')) % 425),
             1 + abs(hashtext(p.id::text || n || 'q')) % 40
        from produtos p, generate_series(1, 3) n
       where p.tenant_id = ${t} and p.controla_lote and n <= 1 + abs(hashtext(p.id::text)) % 3
      on conflict do nothing`);
    console.log(`Lotes com validade em ${segundos(t0)}`);
  }

  // A minimum stock on one product in 20: half of them above their balance (below minimum).
  if ((await conta(sql`select count(*) as n from produtos where tenant_id = ${t} and estoque_minimo > 0`)) === 0) {
    const t0 = performance.now();
    await db.execute(sql`update produtos p
         set estoque_minimo = greatest(1, round(coalesce(e.quantidade, 0) * case when abs(hashtext(p.id::text)) % 2 = 0 then 1.5 else 0.5 end))
        from produtos x left join estoques e on e.produto_id = x.id and e.unidade_negocio_id = ${u}
       where x.id = p.id and p.tenant_id = ${t} and p.tipo = 'produto' and p.controla_estoque
         and abs(hashtext(p.id::text || 'min')) % 20 = 0`);
    console.log(`Estoque mínimo em 1 de 20 produtos em ${segundos(t0)}`);
  }

  // How customers found the shop, and registration dates over two years (all made the same day).
  if ((await conta(sql`select count(*) as n from pessoas where tenant_id = ${t} and como_conheceu is not null`)) === 0) {
    const t0 = performance.now();
    const opcoes = `{${COMO_CONHECEU.map((c) => `"${c}"`).join(',')}}`;
    await db.execute(sql`update pessoas
         set como_conheceu = case when abs(hashtext(id::text)) % 5 = 0 then null
                                  else (${opcoes}::text[])[1 + abs(hashtext(id::text || 'c')) % ${COMO_CONHECEU.length}] end,
             created_at = now() - make_interval(days => abs(hashtext(id::text || 'd')) % 730, secs => abs(hashtext(id::text)) % 86400)
       where tenant_id = ${t}`);
    console.log(`Como conheceu e data de cadastro dos clientes em ${segundos(t0)}`);
  }

  if ((await conta(sql`select count(*) as n from atendimentos where unidade_negocio_id = ${u}`)) === 0) {
    await gerarDadosAgenda(database, u, Number(process.env.BENCH_ATENDIMENTOS_MES ?? 2000));
  }
  for (const tabela of ['produtos', 'categorias_produto', 'marcas', 'lotes', 'pessoas', 'estoques']) {
    await db.execute(sql.raw(`analyze ${tabela}`));
  }
};

type Caso = { nome: string; url: string; meta: { tipo: 'p95' | 'cpu'; ms: number } };
type Resultado = { caso: Caso; status: 'ok' | 'pendente' | 'erro'; ms: number[]; cpuPg: number | null; detalhe?: string };

const percentil = (valores: number[], p: number): number => {
  const ordenados = [...valores].sort((a, b) => a - b);
  return ordenados[Math.min(ordenados.length - 1, Math.ceil((p / 100) * ordenados.length) - 1)] ?? NaN;
};

const main = async () => {
  if (!existsSync(dadosJson(banco))) throw new Error(`Sem ${dadosJson(banco)}: rode npm run bench:dados antes`);
  const dados = JSON.parse(readFileSync(dadosJson(banco), 'utf8')) as DadosBench;
  const database = await openDatabase(url ? { url, poolSize: 2 } : { dataDir: PGLITE_DIR });
  let timeZone: string;
  try {
    await database.migrate();
    await gerarDadosRelatorios(database, dados.unidadeNegocioId);
    const [u] = await queryRows<{ time_zone: string }>(
      database.db,
      sql`select time_zone from unidades_negocio where id = ${dados.unidadeNegocioId}`,
    );
    timeZone = u!.time_zone;
  } finally {
    await database.close();
  }

  // One month: the current one (the default period of every report); 12 months: the 11 before it too.
  const hoje = todayISO(timeZone);
  const [ano, mes] = hoje.split('-').map(Number) as [number, number];
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const inicioMes = iso(new Date(Date.UTC(ano, mes - 1, 1)));
  const fimMes = iso(new Date(Date.UTC(ano, mes, 0)));
  const inicio12 = iso(new Date(Date.UTC(ano, mes - 12, 1)));
  const casos: Caso[] = [];
  for (const id of RELATORIO_IDS as readonly RelatorioId[]) {
    const periodo = RELATORIOS[id].temPeriodo ? `?dataInicio=${inicioMes}&dataFim=${fimMes}` : '';
    casos.push({ nome: id, url: `/api/relatorios/${id}${periodo}`, meta: { tipo: 'p95', ms: 300 } });
  }
  for (const id of ['curva-abc-produtos', 'curva-abc-clientes']) {
    casos.push({
      nome: `${id} (12 meses)`,
      url: `/api/relatorios/${id}?dataInicio=${inicio12}&dataFim=${fimMes}`,
      meta: { tipo: 'p95', ms: 500 },
    });
  }
  casos.push({ nome: 'indicadores', url: '/api/indicadores', meta: { tipo: 'p95', ms: 150 } });
  casos.push({
    nome: 'estoque abaixo do mínimo',
    url: '/api/estoques?pageSize=50&situacao=abaixo_minimo',
    meta: { tipo: 'cpu', ms: 20 },
  });
  casos.push({ nome: 'busca de cliente "silva"', url: '/api/pessoal/pessoas?query=silva', meta: { tipo: 'cpu', ms: 20 } });

  // BENCH_CASOS: only the cases whose name contains one of these comma-separated words (e.g. "12 meses").
  const filtro = process.env.BENCH_CASOS?.split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  const escolhidos = filtro?.length ? casos.filter((c) => filtro.some((f) => c.nome.includes(f))) : casos;

  const servidor = fork(path.join(here, 'servidor.ts'), [], {
    execArgv: ['--max-semi-space-size=32', '--import', 'tsx'],
    env: { ...process.env, BENCH_PORT: String(port), BENCH_POOL: '4' },
    stdio: 'inherit',
  });
  await new Promise<void>((resolve, reject) => {
    servidor.once('message', () => resolve());
    servidor.once('exit', (code) => reject(new Error(`O servidor saiu com código ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const resultados: Resultado[] = [];
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: dados.email, senha: dados.senha }),
    });
    if (!login.ok) throw new Error(`Login: ${login.status} ${await login.text()}`);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}`, 'x-unidade-negocio': dados.unidadeNegocioId, 'x-origin': 'web' };

    for (const caso of escolhidos) {
      const primeira = await fetch(`${base}${caso.url}`, { headers });
      const corpo = await primeira.text();
      if (primeira.status === 400 && corpo.includes('em construção')) {
        resultados.push({ caso, status: 'pendente', ms: [], cpuPg: null });
        console.log(`${caso.nome}: pendente (400 Relatório em construção)`);
        continue;
      }
      if (primeira.status !== 200) {
        resultados.push({ caso, status: 'erro', ms: [], cpuPg: null, detalhe: `${primeira.status} ${corpo.slice(0, 160)}` });
        console.log(`${caso.nome}: ${primeira.status} ${corpo.slice(0, 300)}`);
        continue;
      }
      const ms: number[] = [];
      const antes = cpuMs(servidor.pid);
      for (let i = 0; i < repeticoes; i++) {
        const t0 = performance.now();
        const res = await fetch(`${base}${caso.url}`, { headers });
        await res.arrayBuffer();
        ms.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`${caso.url}: ${res.status}`);
      }
      const depois = cpuMs(servidor.pid);
      const cpuPg =
        banco === 'postgres' && antes.postgres !== null && depois.postgres !== null
          ? (depois.postgres - antes.postgres) / repeticoes
          : null;
      resultados.push({ caso, status: 'ok', ms, cpuPg });
      console.log(`${caso.nome}: p95 ${percentil(ms, 95).toFixed(1)} ms`);
    }
  } finally {
    servidor.kill('SIGTERM');
  }

  const f = (n: number) => n.toFixed(1).padStart(8);
  console.log(`\n${banco === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ${repeticoes} chamadas seguidas por caso, ${hoje}:\n`);
  console.log(`${'caso'.padEnd(46)}  p50 ms   p95 ms   max ms   CPU pg  meta                 `);
  for (const r of resultados) {
    const nome = r.caso.nome.padEnd(46);
    const meta = r.caso.meta.tipo === 'p95' ? `p95 < ${r.caso.meta.ms} ms` : `CPU pg < ${r.caso.meta.ms} ms`;
    if (r.status !== 'ok') {
      console.log(`${nome}  ${r.status === 'pendente' ? 'pendente' : `erro: ${r.detalhe}`}`);
      continue;
    }
    const p95 = percentil(r.ms, 95);
    const valor = r.caso.meta.tipo === 'p95' ? p95 : r.cpuPg;
    const ok = valor === null ? '?' : valor < r.caso.meta.ms ? '✔' : '✘';
    console.log(
      `${nome}${f(percentil(r.ms, 50))} ${f(p95)} ${f(Math.max(...r.ms))} ${r.cpuPg === null ? '       –' : f(r.cpuPg)}  ${meta} ${ok}`,
    );
  }
};

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
