/**
 * Benchmark of the products' fiscal status (GET /api/fiscal/produto-situacao, issue #18 item 7)
 * on a catalogue of 100 000 products: `npx tsx bench/situacao-fiscal.ts`.
 *
 * A fresh PGlite (temporary folder, migrated), one tenant, N products (bench/catalogo.ts) of
 * which one in 10 has no NCM and one in 200 has CFOP 5949 (incomplete for the Simples unit),
 * then the real app (`app.inject`: auth, tenant scope, RLS) is asked REQUESTS times per case.
 * Every answer is checked. A second unit with CRT 3 (normal regime, no product has a CST) makes
 * every product incomplete: the worst case for "incomplete first".
 *
 * Environment: BENCH_PRODUTOS (default 100000), BENCH_REQUESTS (default 50),
 * BENCH_DATABASE_URL (run on that PostgreSQL instead), BENCH_DIR (keep the PGlite there and
 * reuse it on the next run: seeding 100 000 products takes minutes), BENCH_EXPLAIN=1.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import type { ProdutoSituacao } from '@petshop/shared/fiscal';
import { buildApp } from '../apps/api/src/app.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { unidadesMedida, unidadesNegocio, usuarioUnidades } from '../apps/api/src/db/schema/index.ts';
import { withTenant } from '../apps/api/src/db/tenant-scope.ts';
import { seededRandom } from '../apps/api/src/db/seed/generators.ts';
import { criarTenant } from '../apps/api/src/modules/tenants/criar-tenant.ts';
import { inserirProdutos, percentile } from './catalogo.ts';
import { configDoBench } from './config-do-bench.ts';

const N = Number(process.env.BENCH_PRODUTOS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const random = seededRandom(18);
const ms = (v: number) => v.toFixed(2).padStart(8);

const keepDir = process.env.BENCH_DIR;
if (keepDir) mkdirSync(keepDir, { recursive: true });
const dataDir = databaseUrl ? undefined : (keepDir ?? mkdtempSync(path.join(os.tmpdir(), 'petshop-bench-situacao-')));
const metaFile = dataDir ? path.join(dataDir, 'bench-situacao.json') : undefined;
type Meta = { email: string; senha: string; unidadeNegocioId: string; normalId: string };
const reused: Meta | undefined =
  metaFile && existsSync(metaFile) ? (JSON.parse(readFileSync(metaFile, 'utf8')) as Meta) : undefined;
const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir!, 'db') });
if (databaseUrl && reused) throw new Error('BENCH_DIR só vale para o PGlite');
try {
  await database.migrate();
  const config = configDoBench(dataDir ?? os.tmpdir());
  const app = await buildApp(config, database);
  await app.ready();

  const seed = async (): Promise<Meta> => {
    const email = `bench.${randomBytes(4).toString('hex')}@bench.com.br`;
    const senha = 'senha-do-bench-123';
    const ids = await criarTenant(database.db, {
      tenant: { nome: 'Pet Shop Bench Fiscal', limiteUsuarios: 5, limiteUnidades: 5 },
      unidade: { nomeFantasia: 'Loja Simples', razaoSocial: 'Loja Simples Ltda', cnpj: '11222333000181' },
      administrador: { nome: 'Bench', email, senha },
    });
    const unidadeId = await withTenant(database.db, ids, async (tx) => {
      const [un] = await tx.select({ id: unidadesMedida.id }).from(unidadesMedida).where(eq(unidadesMedida.sigla, 'UN'));
      return un!.id;
    });
    const t0 = performance.now();
    await inserirProdutos(database.db, { tenantId: ids.tenantId, unidadeMedidaId: unidadeId, n: N, random });
    // One in 10 without NCM, one in 200 with CFOP 5949: incomplete for a Simples Nacional unit.
    await database.db.execute(sql`update produtos set ncm = null where tenant_id = ${ids.tenantId} and codigo_busca like '%0'`);
    await database.db.execute(
      sql`update produtos set cfop = '5949' where tenant_id = ${ids.tenantId} and substr(codigo_busca, 6, 2) = '37'`,
    );
    // A normal-regime unit (CRT 3): no product has a CST, so all are incomplete there.
    const [normal] = await database.db
      .insert(unidadesNegocio)
      .values({
        tenantId: ids.tenantId,
        nomeFantasia: 'Loja Normal',
        razaoSocial: 'Loja Normal Ltda',
        cnpj: '11444777000161',
        crt: '3',
      })
      .returning({ id: unidadesNegocio.id });
    await database.db
      .insert(usuarioUnidades)
      .values({ tenantId: ids.tenantId, usuarioId: ids.usuarioId, unidadeNegocioId: normal!.id, perfilId: 'administrador' });
    await database.db.execute(sql`analyze produtos`);
    console.log(`${N.toLocaleString('pt-BR')} produtos prontos em ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const meta = { email, senha, unidadeNegocioId: ids.unidadeNegocioId, normalId: normal!.id };
    if (metaFile) writeFileSync(metaFile, JSON.stringify(meta));
    return meta;
  };
  const meta = reused ?? (await seed());
  const { email, senha } = meta;

  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha } });
  const token = login.json<{ accessToken: string }>().accessToken;
  const headersDe = (unidade: string) => ({ authorization: `Bearer ${token}`, 'x-origin': 'web', 'x-unidade-negocio': unidade });
  const simples = headersDe(meta.unidadeNegocioId);
  const regimeNormal = headersDe(meta.normalId);

  type Page = { items: ProdutoSituacao[]; total: number };
  const primeiros = (
    await app.inject({ url: '/api/fiscal/produto-situacao?pageSize=20&pendentes=false', headers: simples })
  ).json<Page>();
  const vinteIds = primeiros.items.map((p) => p.id).join(',');
  const casos: { nome: string; url: () => string; headers: Record<string, string>; confere: (p: Page) => boolean }[] = [
    {
      nome: 'só pendentes, página 1',
      url: () => '/api/fiscal/produto-situacao?pageSize=20&pendentes=true',
      headers: simples,
      confere: (p) => p.items.length === 20 && p.items.every((x) => !x.completo) && p.total > N / 20,
    },
    {
      nome: 'só pendentes, página ao acaso',
      url: () => `/api/fiscal/produto-situacao?pageSize=20&pendentes=true&page=${1 + Math.floor(random() * 400)}`,
      headers: simples,
      confere: (p) => p.items.every((x) => !x.completo),
    },
    {
      nome: 'todos (pendentes antes)',
      url: () => `/api/fiscal/produto-situacao?pageSize=20&page=${1 + Math.floor(random() * 4000)}`,
      headers: simples,
      confere: (p) => p.items.length === 20 && p.total > N / 2,
    },
    {
      nome: 'busca "racao golden" pend.',
      url: () => '/api/fiscal/produto-situacao?pageSize=20&pendentes=true&query=racao%20golden',
      headers: simples,
      confere: (p) => p.items.every((x) => !x.completo && x.nome.startsWith('Ração Golden')),
    },
    {
      nome: '20 ids (vindo do PDV)',
      url: () => `/api/fiscal/produto-situacao?pageSize=100&ids=${vinteIds}`,
      headers: simples,
      confere: (p) => p.total === 20,
    },
    {
      // The cost of any authenticated call on this machine at this moment (no fiscal work).
      nome: '(referência: GET trivial)',
      url: () => '/api/inventario/unidades-medida?pageSize=1',
      headers: simples,
      confere: () => true,
    },
    {
      nome: 'CRT 3: todos pendentes',
      url: () => '/api/fiscal/produto-situacao?pageSize=20&pendentes=true',
      headers: regimeNormal,
      confere: (p) => p.items.length === 20 && p.total > N * 0.9,
    },
  ];
  for (const caso of casos) await app.inject({ url: caso.url(), headers: caso.headers }); // warm-up
  console.log(`\nGET /api/fiscal/produto-situacao (${REQUESTS} requisições por caso):`);
  console.log(`${'caso'.padEnd(30)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'max ms'.padStart(8)}`);
  for (const caso of casos) {
    const tempos: number[] = [];
    for (let r = 0; r < REQUESTS; r++) {
      const url = caso.url();
      const start = performance.now();
      const res = await app.inject({ url, headers: caso.headers });
      tempos.push(performance.now() - start);
      if (res.statusCode !== 200 || !caso.confere(res.json<Page>()))
        throw new Error(`Resposta inesperada (${caso.nome}) ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
    tempos.sort((a, b) => a - b);
    console.log(`${caso.nome.padEnd(30)}${ms(percentile(tempos, 50))}${ms(percentile(tempos, 95))}${ms(tempos.at(-1)!)}`);
  }
  await app.close();
} finally {
  await database.close();
  if (dataDir && !keepDir) rmSync(dataDir, { recursive: true, force: true });
}
