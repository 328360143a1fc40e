/**
 * Data generator of the load benchmark (issue #4 "Performance"): one tenant with 100 000
 * products (all with stock), 200 000 customers and 1 000 000 sale items (200 000 finalised
 * sales of 5 items over the last 60 days, each paid with one of the default methods), on
 * PostgreSQL (BENCH_DATABASE_URL) or on the embedded database (PGlite in BENCH_DATA_DIR,
 * default bench/.data/pglite, recreated).
 *
 *   npm run bench:dados                       # PGlite
 *   BENCH_DATABASE_URL=postgres://… npm run bench:dados
 *
 * Sizes: BENCH_PRODUTOS (100000), BENCH_CLIENTES (200000), BENCH_ITENS (1000000).
 * Writes bench/.data/dados-postgres.json or dados-pglite.json (login and samples) for carga-pdv.ts.
 *
 * Products go in through the same batch insert as busca-pdv.ts; customers, sales and items
 * with set-based SQL (generate_series) as the tables' owner, since a million rows through the
 * API would take an hour and measure the insert, not the till.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { queryRows } from '../apps/api/src/db/rows.ts';
import { seededRandom } from '../apps/api/src/db/seed/generators.ts';
import { criarTenant } from '../apps/api/src/modules/tenants/criar-tenant.ts';
import { ativo, inserirProdutos } from './catalogo.ts';

export const BENCH_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '.data');
/** Login and samples of the last generated data, one file per database kind (both can be kept). */
export const dadosJson = (banco: 'postgres' | 'pglite') => path.join(BENCH_DIR, `dados-${banco}.json`);

export type DadosBench = {
  banco: 'postgres' | 'pglite';
  email: string;
  senha: string;
  unidadeNegocioId: string;
  /** Barcodes of active products (a sample). */
  gtins: string[];
  /** Active products (a sample) with their price (reais), for the sales the load test finalises. */
  produtos: { id: string; precoVenda: number }[];
  /** Words that find customers (a sample of first names and surnames). */
  buscasCliente: string[];
  contagens: { produtos: number; clientes: number; vendas: number; itens: number };
};

const NOMES = [
  'Ana',
  'Bruno',
  'Carla',
  'Daniel',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'João',
  'Karina',
  'Lucas',
  'Mariana',
  'Nicolas',
  'Olívia',
  'Paulo',
  'Rafaela',
  'Sérgio',
  'Tatiane',
  'Vinícius',
];
const SOBRENOMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Araújo',
  'Melo',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Moreira',
  'Cardoso',
  'Teixeira',
  'Correia',
  'Mendes',
];

const segundos = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;

/** Fills `database` (migrated) with the benchmark tenant and answers what the load test needs. */
export const gerarDados = async (
  database: Database,
  tamanhos: { produtos: number; clientes: number; itens: number },
  log: (linha: string) => void = console.log,
): Promise<DadosBench> => {
  const db = database.db;
  const random = seededRandom(7);
  const email = `carga.${Date.now().toString(36)}@bench.com.br`;
  const senha = 'senha-da-carga-123';
  const ids = await criarTenant(db, {
    // 20 tills, one cashier each (carga-pdv.ts), besides the administrator.
    tenant: { nome: 'Pet Shop Carga', limiteUsuarios: 30 },
    unidade: { nomeFantasia: 'Loja Carga', razaoSocial: 'Loja Carga Ltda', cnpj: '11222333000181' },
    administrador: { nome: 'Operador de Carga', email, senha },
  });
  const t = ids.tenantId;
  const u = ids.unidadeNegocioId;
  const [un] = await queryRows<{ id: string }>(db, sql`select id from unidades_medida where tenant_id = ${t} and sigla = 'UN'`);

  let t0 = performance.now();
  const gtins = await inserirProdutos(db, { tenantId: t, unidadeMedidaId: un!.id, n: tamanhos.produtos, random });
  await db.execute(sql`insert into estoques (tenant_id, unidade_negocio_id, produto_id, quantidade, custo_medio)
    select ${t}, ${u}, id, 1000000, preco_custo from produtos where tenant_id = ${t}`);
  log(`${tamanhos.produtos.toLocaleString('pt-BR')} produtos com estoque em ${segundos(t0)}`);

  t0 = performance.now();
  await db.execute(sql`insert into pessoas (tenant_id, nome, email, telefones, cidade, uf)
    select ${t},
           (string_to_array(${NOMES.join(',')}, ','))[1 + g % ${NOMES.length}] || ' ' || (string_to_array(${SOBRENOMES.join(',')}, ','))[1 + (g / ${NOMES.length}) % ${SOBRENOMES.length}]
             || ' ' || (string_to_array(${SOBRENOMES.join(',')}, ','))[1 + (g / ${NOMES.length * SOBRENOMES.length}) % ${SOBRENOMES.length}],
           'cliente' || g || '@exemplo.com.br',
           jsonb_build_array(jsonb_build_object('numero', '119' || lpad(g::text, 8, '0'), 'tipo', 'celular', 'whatsapp', true)),
           'São Paulo', 'SP'
      from generate_series(1, ${tamanhos.clientes}) g`);
  log(`${tamanhos.clientes.toLocaleString('pt-BR')} clientes em ${segundos(t0)}`);

  t0 = performance.now();
  const vendas = Math.floor(tamanhos.itens / 5);
  // Helper tables (unlogged, dropped at the end): every batch's transaction reads them, on whichever
  // connection of the pool it runs.
  const auxiliares = {
    bench_clientes: sql`select row_number() over (order by id) as n, id from pessoas where tenant_id = ${t}`,
    bench_produtos: sql`select row_number() over (order by id) as n, id, nome, preco_venda, preco_custo from produtos where tenant_id = ${t} and ativo`,
    bench_formas: sql`select row_number() over (order by nome) - 1 as n, id, tipo from formas_pagamento
       where tenant_id = ${t} and tipo in ('dinheiro', 'pix', 'cartao_debito', 'cartao_credito')`,
  };
  for (const [tabela, select] of Object.entries(auxiliares)) {
    await db.execute(sql.raw(`drop table if exists ${tabela}`));
    await db.execute(sql`create unlogged table ${sql.raw(tabela)} as ${select}`);
    await db.execute(sql.raw(`create index on ${tabela} (n)`));
    await db.execute(sql.raw(`analyze ${tabela}`));
  }
  const [formas] = await queryRows<{ n: string }>(db, sql`select count(*) as n from bench_formas`);
  const nFormas = Number(formas!.n);
  // Batches of LOTE_VENDAS sales, each in one transaction: the sales' deferred rollup triggers
  // (itens_vendidos, pagamentos_vendidos) run once per sale at its commit, with the items and
  // payments already there. (One statement per table in autocommit ran them twice per sale, the
  // first time without items: over 40 minutes for 200 000 sales; one transaction for all of them
  // grows the triggers' per-transaction list of sales done without end.)
  for (let inicio = 1; inicio <= vendas; inicio += LOTE_VENDAS) {
    const fim = Math.min(vendas, inicio + LOTE_VENDAS - 1);
    await db.transaction(async (tx) => {
      // Sale g at g × (86 400 s ÷ sales per day) before now: the newest now, the oldest 60 days ago.
      await tx.execute(sql`insert into vendas (tenant_id, unidade_negocio_id, numero, tipo, status, em_atendimento, usuario_id,
          cliente_id, estoque_baixado, data_finalizacao, created_at, updated_at)
        select ${t}, ${u}, g, 'Venda', 'Finalizada', false, ${ids.usuarioId},
               case when g % 3 = 0 then null else c.id end, true, ts, ts, ts
          from generate_series(${inicio}::int, ${fim}::int) g
          join bench_clientes c on c.n = 1 + (g::bigint * 7919) % ${tamanhos.clientes}
          cross join lateral (select now() - make_interval(secs => ((g::bigint * 86400) / ${Math.max(1, Math.ceil(vendas / 60))})::int) as ts) d`);
      await tx.execute(sql`insert into venda_itens (tenant_id, unidade_negocio_id, venda_id, ordem, produto_id, descricao,
          unidade_sigla, quantidade, valor_unitario, valor_total, preco_custo)
        select v.tenant_id, v.unidade_negocio_id, v.id, k, p.id, p.nome, 'UN', q, p.preco_venda, p.preco_venda * q, p.preco_custo
          from vendas v
          cross join generate_series(1, 5) k
          cross join lateral (select 1 + (v.numero + k) % 3 as q) qq
          join bench_produtos p on p.n = 1 + ((v.numero * 5 + k) * 104729) % (select count(*) from bench_produtos)
         where v.tenant_id = ${t} and v.numero between ${inicio} and ${fim}`);
      await tx.execute(sql`update vendas v set valor_bruto = s.total, valor_liquido = s.total, valor_pago = s.total
          from (select vi.venda_id, sum(vi.valor_total) as total from venda_itens vi join vendas w on w.id = vi.venda_id
                 where w.tenant_id = ${t} and w.numero between ${inicio} and ${fim} group by vi.venda_id) s
         where s.venda_id = v.id`);
      if (nFormas > 0) {
        await tx.execute(sql`insert into venda_financeiros (tenant_id, unidade_negocio_id, venda_id, chave, forma_pagamento_id,
            tipo_forma, valor, valor_recebido, efetivado_em, created_at)
          select v.tenant_id, v.unidade_negocio_id, v.id, 'carga', f.id, f.tipo, v.valor_liquido, v.valor_liquido, v.created_at, v.created_at
            from vendas v join bench_formas f on f.n = v.numero % ${nFormas}
           where v.tenant_id = ${t} and v.numero between ${inicio} and ${fim}`);
      }
    });
  }
  await db.execute(
    sql`insert into contadores (tenant_id, unidade_negocio_id, nome, valor) values (${t}, ${u}, 'venda', ${vendas})`,
  );
  const amostraProdutos = await queryRows<{ id: string; preco_venda: string }>(
    db,
    sql`select id, preco_venda from bench_produtos where n % ${Math.max(1, Math.floor(tamanhos.produtos / 2000))} = 0 limit 2000`,
  );
  for (const tabela of Object.keys(auxiliares)) await db.execute(sql.raw(`drop table ${tabela}`));
  log(`${vendas.toLocaleString('pt-BR')} vendas com ${(vendas * 5).toLocaleString('pt-BR')} itens em ${segundos(t0)}`);

  t0 = performance.now();
  for (const tabela of ['produtos', 'estoques', 'pessoas', 'vendas', 'venda_itens', 'venda_financeiros']) {
    await db.execute(sql.raw(`analyze ${tabela}`));
  }
  log(`analyze em ${segundos(t0)}`);

  return {
    banco: database.driver === 'pglite' ? 'pglite' : 'postgres',
    email,
    senha,
    unidadeNegocioId: u,
    gtins: gtins
      .filter((_, i) => ativo(i))
      .filter((_, i) => i % 97 === 0)
      .slice(0, 1000),
    produtos: amostraProdutos.map((r) => ({ id: r.id, precoVenda: Number(r.preco_venda) })),
    buscasCliente: [
      ...NOMES.slice(0, 10).map((n) => n.toLowerCase()),
      ...SOBRENOMES.slice(0, 10).map((s) => `${s.toLowerCase()}`),
    ],
    contagens: { produtos: tamanhos.produtos, clientes: tamanhos.clientes, vendas, itens: vendas * 5 },
  };
};

/** Sales written per transaction (see gerarDados). */
const LOTE_VENDAS = 5_000;

export const PGLITE_DIR = process.env.BENCH_DATA_DIR ?? path.join(BENCH_DIR, 'pglite');

/** CLI: recreates the benchmark database and writes dados-<banco>.json. */
const main = async () => {
  const url = process.env.BENCH_DATABASE_URL;
  const tamanhos = {
    produtos: Number(process.env.BENCH_PRODUTOS ?? 100_000),
    clientes: Number(process.env.BENCH_CLIENTES ?? 200_000),
    itens: Number(process.env.BENCH_ITENS ?? 1_000_000),
  };
  mkdirSync(BENCH_DIR, { recursive: true });
  if (!url) rmSync(PGLITE_DIR, { recursive: true, force: true });
  const t0 = performance.now();
  const database = await openDatabase(url ? { url, poolSize: 4 } : { dataDir: PGLITE_DIR });
  try {
    await database.migrate();
    console.log(`Banco: ${url ? 'PostgreSQL' : `PGlite em ${PGLITE_DIR}`}`);
    const dados = await gerarDados(database, tamanhos);
    writeFileSync(dadosJson(dados.banco), JSON.stringify(dados, null, 2));
    console.log(
      `Pronto em ${segundos(t0)}; ${dadosJson(dados.banco)} gravado. RSS ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB`,
    );
  } finally {
    await database.close();
  }
};

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
