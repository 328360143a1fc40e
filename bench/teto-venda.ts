/**
 * The ceiling of finalising a sale on this machine's PostgreSQL, without the application: what
 * PostgreSQL alone does per second when a 5-item sale with two payments is written the cheapest
 * way we know, so that carga-pdv.ts's "finalizar venda" can be read against it (issue #4
 * "Performance": finalise ≥ 300 sales/s on 2 cores).
 *
 *   BENCH_DATABASE_URL=postgres://… npm run bench:teto
 *
 * pgbench (PostgreSQL's own load client, written in C: its CPU is small) runs, on the tenant of
 * gerar-dados.ts, with 20 clients (BENCH_CONEXOES), prepared statements and pipelining, a
 * script that does per sale what salvar-venda does, as few statements as possible:
 * - the sale's number: its own short transaction (as `reservarNumeroVenda`);
 * - BEGIN, the tenant scope (`withTenant`), the sale's advisory lock, the reads (products,
 *   payment methods, the register `for share`);
 * - ONE statement with data-modifying CTEs: the sale, its 5 items, its 2 payments, the stock
 *   balances with their ledger rows, the register's 2 movements, the PIX receivable; COMMIT.
 * No validation, no rule, no answer to build: this is a floor for PostgreSQL's part, not a
 * design. It prints the transactions per second and PostgreSQL's CPU per sale.
 * Settings: BENCH_CONEXOES (20), BENCH_DURACAO (15 s). Needs `pgbench` on the PATH (it ships
 * with PostgreSQL; Debian: package postgresql-15).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cpuMs } from './cpu.ts';
import { dadosJson, type DadosBench } from './gerar-dados.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('Defina BENCH_DATABASE_URL (o teto é medido no PostgreSQL)');
const conexoes = Number(process.env.BENCH_CONEXOES ?? 20);
const duracao = Number(process.env.BENCH_DURACAO ?? 15);
const dados = JSON.parse(readFileSync(dadosJson('postgres'), 'utf8')) as DadosBench;

const db = new pg.Client({ connectionString: url });
await db.connect();
const um = async (text: string, values: unknown[] = []) => {
  const { rows } = await db.query<Record<string, string>>(text, values);
  if (!rows[0]) throw new Error(`Sem resultado: ${text}`);
  return rows[0];
};
const unidade = dados.unidadeNegocioId;
const { tenant_id: tenant } = await um('select tenant_id from unidades_negocio where id = $1', [unidade]);
const caixa = await um(`select id, usuario_id from caixas where unidade_negocio_id = $1 and status = 'Aberto' limit 1`, [
  unidade,
]);
const forma = (tipo: string) => um(`select id from formas_pagamento where tenant_id = $1 and tipo = $2 limit 1`, [tenant, tipo]);
const pix = (await forma('pix')).id;
const dinheiro = (await forma('dinheiro')).id;
const conta = (await um(`select id from contas where unidade_negocio_id = $1 and tipo = 'banco' limit 1`, [unidade])).id;
const categoria = (await um(`select id from categorias_financeiras where tenant_id = $1 and tipo = 'receita' limit 1`, [tenant]))
  .id;
// pgbench draws numbers, not ids: the active products numbered 1…n.
await db.query(`drop table if exists bench_teto_produtos`);
await db.query(
  `create table bench_teto_produtos as
   select (row_number() over (order by id))::int as n, id from produtos where tenant_id = $1 and ativo and controla_estoque`,
  [tenant],
);
await db.query(`create unique index on bench_teto_produtos (n)`);
await db.query(`grant select on bench_teto_produtos to petshop_app`);
// The sale's number: the script's first transaction (the counter) stands for
// `reservarNumeroVenda`, but its value cannot be carried into the pipeline (no `\gset` there); a sequence far above the real
// numbers keeps them unique.
await db.query(`create sequence if not exists bench_teto_numero start 9000000000`);
await db.query(`grant usage on sequence bench_teto_numero to petshop_app`);
const { total } = await um('select count(*)::int as total from bench_teto_produtos');
await db.end();

const escopo = `select set_config('app.tenant_id', '${tenant}', true), set_config('app.unidade_negocio_id', '${unidade}', true), set_config('role', 'petshop_app', true), set_config('jit', 'off', true);`;
const sorteados = `(select id from bench_teto_produtos where n in (:a, :b, :c, :d, :e))`;
const script = `\\set a random(1, ${total})
\\set b random(1, ${total})
\\set c random(1, ${total})
\\set d random(1, ${total})
\\set e random(1, ${total})
\\startpipeline
BEGIN;
${escopo}
insert into contadores (nome, valor) values ('venda', 1) on conflict (unidade_negocio_id, nome) do update set valor = contadores.valor + 1 returning valor;
COMMIT;
BEGIN;
${escopo}
select pg_advisory_xact_lock(hashtextextended(random()::text, 0));
select p.id, p.nome, p.ativo, p.preco_venda, p.preco_custo, p.tipo, p.controla_estoque, u.sigla from produtos p join unidades_medida u on u.id = p.unidade_medida_id where p.id in ${sorteados};
select * from formas_pagamento where id in ('${pix}', '${dinheiro}');
select status from caixas where id = '${caixa.id}' for share;
\\endpipeline
\\startpipeline
with p as (select id, row_number() over () as o from ${sorteados} x),
v as (insert into vendas (id, numero, tipo, status, em_atendimento, caixa_id, usuario_id, valor_bruto, valor_liquido, valor_pago, estoque_baixado, data_finalizacao)
  values (gen_random_uuid(), nextval('bench_teto_numero'), 'Venda', 'Finalizada', false, '${caixa.id}', '${caixa.usuario_id}', 50, 50, 50, true, now()) returning id, numero),
i as (insert into venda_itens (id, venda_id, ordem, produto_id, descricao, unidade_sigla, quantidade, valor_unitario, valor_total, preco_custo)
  select gen_random_uuid(), v.id, p.o, p.id, 'Produto', 'UN', 1, 10, 10, 5 from v, p),
f as (insert into venda_financeiros (venda_id, chave, forma_pagamento_id, tipo_forma, valor, valor_recebido, troco, caixa_id, usuario_id, efetivado_em)
  select v.id, gen_random_uuid()::text, x.f, x.t, x.v, x.v, 0, '${caixa.id}', '${caixa.usuario_id}', now()
    from v, (values ('${pix}'::uuid, 'pix', 10), ('${dinheiro}'::uuid, 'dinheiro', 40)) x (f, t, v)
  returning id, forma_pagamento_id, tipo_forma, valor, venda_id),
e as (insert into estoques (produto_id, quantidade) select p.id, -1 from p order by p.id
  on conflict (unidade_negocio_id, produto_id) do update set quantidade = estoques.quantidade + excluded.quantidade, updated_at = now()
  returning produto_id, quantidade, custo_medio),
m as (insert into movimentacoes_estoque (produto_id, tipo, quantidade, custo_unitario, saldo_resultante, origem, origem_id, observacao, usuario_id)
  select e.produto_id, 'saida_venda', -1, e.custo_medio, e.quantidade, 'venda', v.id, 'Venda nº ' || v.numero, '${caixa.usuario_id}' from e, v),
c as (insert into movimentacoes_caixa (caixa_id, tipo, forma_pagamento_id, valor, descricao, venda_id, venda_financeiro_id, usuario_id)
  select '${caixa.id}', 'recebimento', f.forma_pagamento_id, f.valor, 'Venda', f.venda_id, f.id, '${caixa.usuario_id}' from f),
r as (insert into receitas (descricao, categoria_financeira_id, forma_pagamento_id, conta_id, venda_id, venda_financeiro_id, parcela, total_parcelas, data_emissao, data_vencimento, valor, valor_taxa)
  select 'Venda', '${categoria}', f.forma_pagamento_id, '${conta}', f.venda_id, f.id, 1, 1, current_date, current_date, f.valor, 0 from f where f.tipo_forma = 'pix')
select (select count(*) from e) as saldos, (select min(quantidade) from e) as menor;
COMMIT;
\\endpipeline
`;
const pasta = mkdtempSync(path.join(os.tmpdir(), 'teto-venda-'));
const arquivo = path.join(pasta, 'venda.sql');
writeFileSync(arquivo, script);

const u = new URL(url);
const env = { ...process.env, PGPASSWORD: decodeURIComponent(u.password) };
const args = [
  ...['-h', u.searchParams.get('host') ?? u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username)],
  ...['-n', '-M', 'prepared', '-c', String(conexoes), '-j', '2', '-T', String(duracao), '-f', arquivo, u.pathname.slice(1)],
];
// PostgreSQL's CPU is read from the 2nd second to 2 s before the end: pgbench's connections are
// open then (a backend's CPU is gone from /proc once it exits).
let antes: number | null = null;
let depois: number | null = null;
const t1 = setTimeout(() => (antes = cpuMs(undefined).postgres), 2000);
const t2 = setTimeout(() => (depois = cpuMs(undefined).postgres), (duracao - 2) * 1000);
const saida = await new Promise<string>((resolve, reject) =>
  execFile('pgbench', args, { env }, (erro, stdout, stderr) =>
    erro ? reject(new Error(stderr || erro.message)) : resolve(stdout),
  ),
);
clearTimeout(t1);
clearTimeout(t2);
const tps = Number(/tps = ([\d.]+)/.exec(saida)?.[1] ?? NaN);
const falhas = /number of failed transactions: (\d+)/.exec(saida)?.[1] ?? '?';
console.log(
  `\nTeto do PostgreSQL (pgbench, ${conexoes} conexões, ${duracao} s, ${os.cpus().length} CPUs): venda de 5 itens e 2 pagamentos em 2 transações`,
);
console.log(`vendas/s ${tps.toFixed(0)}   falhas ${falhas}`);
if (antes !== null && depois !== null) {
  const porVenda = (depois - antes) / (tps * (duracao - 4));
  console.log(
    `CPU do PostgreSQL por venda ${porVenda.toFixed(2)} ms (${((depois - antes) / ((duracao - 4) * 10)).toFixed(0)} % de um núcleo)`,
  );
}
rmSync(pasta, { recursive: true, force: true });
