/**
 * Benchmark of the till's product search (GET /api/inventario/produtos/busca-pdv) on a
 * catalogue of 100 000 products: `npm run bench`. See bench/README.md for how to read it.
 *
 * A fresh embedded database (PGlite in a temporary folder, migrated like the server does),
 * one tenant, N products with unique GTIN-13 barcodes inserted in batches, then the real app
 * (`buildApp` + `app.inject`, so auth, tenant scope and row-level security included) is asked
 * REQUESTS times per case: exact barcode, exact internal code, name prefix, name contains and
 * no match. Prints p50/p95/max in ms per case and the process RSS.
 *
 * Environment: BENCH_PRODUTOS (default 100000), BENCH_REQUESTS (default 200),
 * BENCH_DATABASE_URL (optional: run on that PostgreSQL instead, adding a new tenant to it),
 * BENCH_EXPLAIN=1 (print the query plans of the barcode and name searches).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { unidadesMedida } from '../apps/api/src/db/schema/index.ts';
import { withTenant } from '../apps/api/src/db/tenant-scope.ts';
import { seededRandom } from '../apps/api/src/db/seed/generators.ts';
import { criarTenant } from '../apps/api/src/modules/tenants/criar-tenant.ts';
import { ativo, codigoDe, inserirProdutos, LOTE_PRODUTOS, MARCAS, percentile, PUBLICOS, SABORES, TIPOS } from './catalogo.ts';
import { configDoBench } from './config-do-bench.ts';

const N = Number(process.env.BENCH_PRODUTOS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const databaseUrl = process.env.BENCH_DATABASE_URL;

const random = seededRandom(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const ms = (v: number) => v.toFixed(2).padStart(8);
const mb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(os.tmpdir(), 'petshop-bench-'));
const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir!, 'db') });
try {
  const t0 = performance.now();
  await database.migrate();
  console.log(
    `Banco: ${databaseUrl ? 'PostgreSQL' : 'PGlite em ' + dataDir} — migrado em ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const config = configDoBench(dataDir ?? os.tmpdir());
  const app = await buildApp(config, database);
  await app.ready();

  const email = `bench.${randomBytes(4).toString('hex')}@bench.com.br`;
  const senha = 'senha-do-bench-123';
  const ids = await criarTenant(database.db, {
    tenant: { nome: 'Pet Shop Bench', limiteUsuarios: 5 },
    unidade: { nomeFantasia: 'Loja Bench', razaoSocial: 'Loja Bench Ltda', cnpj: '11222333000181' },
    administrador: { nome: 'Bench', email, senha },
  });
  const { unidadeId } = await withTenant(database.db, ids, async (tx) => {
    const [un] = await tx
      .select({ id: unidadesMedida.id })
      .from(unidadesMedida)
      .where(sql`${unidadesMedida.sigla} = 'UN'`);
    return { unidadeId: un!.id };
  });

  const tInsert = performance.now();
  const gtins = await inserirProdutos(database.db, { tenantId: ids.tenantId, unidadeMedidaId: unidadeId, n: N, random });
  const insertSeconds = (performance.now() - tInsert) / 1000;
  await database.db.execute(sql`analyze produtos`);
  console.log(
    `${N.toLocaleString('pt-BR')} produtos inseridos em lotes de ${LOTE_PRODUTOS} em ${insertSeconds.toFixed(1)} s (${Math.round(N / insertSeconds).toLocaleString('pt-BR')} por segundo)`,
  );

  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha } });
  const token = login.json<{ accessToken: string }>().accessToken;
  const headers = { authorization: `Bearer ${token}`, 'x-origin': 'web', 'x-unidade-negocio': ids.unidadeNegocioId };

  const indiceAtivo = () => {
    for (;;) {
      const i = Math.floor(random() * N);
      if (ativo(i)) return i;
    }
  };
  const semAcento = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();

  type Caso = {
    nome: string;
    q: () => string;
    confere: (itens: { codigoBarras: string | null; codigo: string | null; nome: string }[], q: string) => boolean;
  };
  const casos: Caso[] = [
    {
      nome: 'código de barras exato',
      q: () => gtins[indiceAtivo()]!,
      confere: (itens, q) => itens.length === 1 && itens[0]!.codigoBarras === q,
    },
    {
      nome: 'código interno exato',
      q: () => codigoDe(indiceAtivo()).toLowerCase(),
      confere: (itens, q) => itens.length === 1 && itens[0]!.codigo === q.toUpperCase(),
    },
    {
      nome: 'nome começa com',
      q: () => semAcento(`${pick(TIPOS)} ${pick(MARCAS)}`),
      confere: (itens, q) => itens.length > 0 && itens.length <= 20 && semAcento(itens[0]!.nome).startsWith(q),
    },
    {
      nome: 'nome contém',
      q: () => semAcento(`${pick(PUBLICOS).split(' ').at(-1)} ${pick(SABORES)}`),
      confere: (itens, q) => itens.length > 0 && itens.every((p) => semAcento(p.nome).includes(q)),
    },
    {
      nome: 'sem resultado',
      q: () => `zq${Math.floor(random() * 1e6)}xw`,
      confere: (itens) => itens.length === 0,
    },
  ];

  const ask = (q: string) => app.inject({ url: `/api/inventario/produtos/busca-pdv?q=${encodeURIComponent(q)}`, headers });
  for (let i = 0; i < 10; i++) await ask(casos[i % casos.length]!.q()); // warm-up

  console.log(`\nBusca do PDV pela API (${REQUESTS} requisições por caso, app.inject com autenticação e RLS):`);
  console.log(`${'caso'.padEnd(26)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'max ms'.padStart(8)}  itens (média)`);
  for (const caso of casos) {
    const tempos: number[] = [];
    let itens = 0;
    for (let r = 0; r < REQUESTS; r++) {
      const q = caso.q();
      const start = performance.now();
      const res = await ask(q);
      tempos.push(performance.now() - start);
      const body = res.json<{ codigoBarras: string | null; codigo: string | null; nome: string }[]>();
      if (res.statusCode !== 200 || !caso.confere(body, q))
        throw new Error(`Resposta inesperada para "${q}" (${caso.nome}): ${res.statusCode} ${res.body.slice(0, 300)}`);
      itens += body.length;
    }
    tempos.sort((a, b) => a - b);
    console.log(
      `${caso.nome.padEnd(26)}${ms(percentile(tempos, 50))}${ms(percentile(tempos, 95))}${ms(tempos.at(-1)!)}  ${(itens / REQUESTS).toFixed(1)}`,
    );
  }
  // Reference: an authenticated call doing one trivial indexed read, i.e. the cost of the
  // request itself (JWT, user re-read, tenant-scoped transaction) without the search.
  const referencia: number[] = [];
  for (let r = 0; r < REQUESTS; r++) {
    const start = performance.now();
    const res = await app.inject({ url: `/api/inventario/unidades-medida/${unidadeId}`, headers });
    referencia.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`Referência: ${res.statusCode} ${res.body}`);
  }
  referencia.sort((a, b) => a - b);
  console.log(
    `${'(referência: GET por id)'.padEnd(26)}${ms(percentile(referencia, 50))}${ms(percentile(referencia, 95))}${ms(referencia.at(-1)!)}`,
  );
  console.log(`\nRSS do processo (Node + banco embutido): ${mb()} MB`);

  if (process.env.BENCH_EXPLAIN) {
    const planos = await withTenant(database.db, ids, async (tx) => {
      const plano = async (query: ReturnType<typeof sql>) =>
        ((await tx.execute(query)) as unknown as { rows: Record<string, string>[] }).rows
          .map((r) => Object.values(r)[0])
          .join('\n');
      return {
        barras: await plano(sql`explain analyze select id from produtos where codigo_barras = ${gtins[1]!} and ativo`),
        codigo: await plano(sql`explain analyze select id from produtos where codigo_busca = upper(${codigoDe(1)}) and ativo`),
      };
    });
    // f_produtos_nome_contem runs as the tables' owner: its two reads, on the plain handle.
    const plano = async (query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: Record<string, string>[] }).rows
        .map((r) => Object.values(r)[0])
        .join('\n');
    const comeca = await plano(
      sql`explain analyze select id from produtos where tenant_id = ${ids.tenantId} and ativo and nome_busca collate "C" >= 'racao golden' and nome_busca collate "C" < ('racao golden' || chr(1114111)) collate "C" order by nome_busca collate "C", nome, id limit 20`,
    );
    const contem = await plano(
      sql`explain analyze select id from produtos where tenant_id = ${ids.tenantId} and ativo and nome_busca like '%castrados salmao%' and not starts_with(nome_busca, 'castrados salmao') order by nome_busca collate "C", nome, id limit 20`,
    );
    console.log(`\nPlano — código de barras (dentro do escopo do tenant, com RLS):\n${planos.barras}`);
    console.log(`\nPlano — código interno (dentro do escopo do tenant, com RLS):\n${planos.codigo}`);
    console.log(`\nPlano — nome começa com (1ª leitura de f_produtos_nome_contem):\n${comeca}`);
    console.log(`\nPlano — nome contém (2ª leitura de f_produtos_nome_contem):\n${contem}`);
  }
  await app.close();
} finally {
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
