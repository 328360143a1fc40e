/**
 * Two API instances on one PostgreSQL (issue #22 item 3). Runs only with TEST_DATABASE_URL (CI's
 * second run, `.ci/run` step 5): two real server processes (`src/server.ts`, as `npm start`
 * runs it) on two ports with the same DATABASE_URL, JWT_SECRET and ENCRYPTION_KEY, SEED_DEMO
 * off; the tenant is made through this file's in-process app on the same database. Checks:
 * - sales finalised at once on both → every sale number distinct;
 * - a password changed through A → the old token refused by B at once (B had it cached);
 * - a login brute force spread over both → limited as one (LOGIN_RATE_LIMIT in total); the
 *   shared counter's window and the cleaning of ended rows;
 * - the recurrences' run on two handles at once → each payable generated once; while another
 *   run holds the lock, a run skips its turn.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recorrencia } from '@petshop/shared/financeiro';
import type { Venda } from '@petshop/shared/venda';
import { openDatabase, type Database } from '../src/db/client.ts';
import { queryRows } from '../src/db/rows.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { gerarRecorrenciasSozinho, LOCK_RECORRENCIAS } from '../src/modules/financeiro/gerar-recorrencias.ts';
import { contarRequisicao, limparLimitesVencidos } from '../src/plugins/rate-limit-store.ts';
import { abrirCaixa, formasDoTenant, novoProduto, pagamento, PDV, vendaInput } from './fixtures/vendas.ts';
import { authHeaders, newTenant, useTestApp } from './helper.ts';

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LIMITE_LOGIN = 5;

/** A free TCP port on 127.0.0.1. */
const portaLivre = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

type Instancia = { url: string; processo: ChildProcess; saida: string[] };

/** Starts `src/server.ts` on a free port and waits (up to 60 s) until /api/health answers. */
const iniciarInstancia = async (segredos: { jwtSecret: string; encryptionKey: string }): Promise<Instancia> => {
  const porta = await portaLivre();
  const processo = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(porta),
      HOST: '127.0.0.1',
      DATABASE_URL,
      SEED_DEMO: 'false',
      JWT_SECRET: segredos.jwtSecret,
      ENCRYPTION_KEY: segredos.encryptionKey,
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: String(LIMITE_LOGIN),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const saida: string[] = [];
  processo.stdout!.on('data', (d: Buffer) => saida.push(d.toString()));
  processo.stderr!.on('data', (d: Buffer) => saida.push(d.toString()));
  const url = `http://127.0.0.1:${porta}`;
  const prazo = Date.now() + 60_000;
  while (Date.now() < prazo) {
    if (processo.exitCode !== null) throw new Error(`servidor terminou (${processo.exitCode}):\n${saida.join('')}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, processo, saida };
    await new Promise((r) => setTimeout(r, 200));
  }
  processo.kill('SIGKILL');
  throw new Error(`servidor não respondeu em 60 s:\n${saida.join('')}`);
};

const pararInstancia = async (i: Instancia | undefined) => {
  if (!i || i.processo.exitCode !== null) return;
  const fim = new Promise((r) => i.processo.once('exit', r));
  i.processo.kill('SIGTERM');
  const prazo = setTimeout(() => i.processo.kill('SIGKILL'), 10_000);
  await fim;
  clearTimeout(prazo);
};

/** An HTTP call to one instance: status and parsed JSON body. */
const chamar = async (
  i: Instancia,
  metodo: string,
  rota: string,
  headers: Record<string, string>,
  corpo?: object,
): Promise<{ status: number; body: unknown }> => {
  const res = await fetch(`${i.url}${rota}`, {
    method: metodo,
    headers: { ...headers, ...(corpo ? { 'content-type': 'application/json' } : {}) },
    body: corpo ? JSON.stringify(corpo) : undefined,
  });
  const texto = await res.text();
  return { status: res.status, body: texto ? JSON.parse(texto) : null };
};

describe.skipIf(!DATABASE_URL)('two API instances on one PostgreSQL', () => {
  const segredos = { jwtSecret: randomBytes(32).toString('hex'), encryptionKey: randomBytes(32).toString('hex') };
  const ctx = useTestApp({ jwtSecret: segredos.jwtSecret, encryptionKey: Buffer.from(segredos.encryptionKey, 'hex') });
  let a: Instancia | undefined;
  let b: Instancia | undefined;
  let outra: Database | undefined;

  beforeAll(async () => {
    // One after the other: each applies the (already applied) migrations at start.
    a = await iniciarInstancia(segredos);
    b = await iniciarInstancia(segredos);
    outra = await openDatabase({ url: DATABASE_URL!, poolSize: 4 });
  }, 150_000);
  afterAll(async () => {
    await Promise.all([pararInstancia(a), pararInstancia(b)]);
    await outra?.close();
  });

  it('sales finalised at once on both instances get distinct numbers', async () => {
    const t = await newTenant(ctx);
    const formas = await formasDoTenant(ctx, t);
    await abrirCaixa(ctx, t, 0);
    const produto = await novoProduto(ctx, t, { nome: 'Ração premium 15 kg', precoVenda: 329.9, estoque: 100 });
    const vendas = Array.from({ length: 12 }, () =>
      vendaInput({ itens: [{ produto, quantidade: 1 }], financeiros: [pagamento(formas.dinheiro, 329.9)] }),
    );
    const respostas = await Promise.all(
      vendas.map((v, n) => chamar(n % 2 === 0 ? a! : b!, 'POST', `${PDV}/salvar-venda`, t.headers, v)),
    );
    expect(
      respostas.map((r) => r.status),
      JSON.stringify(respostas.map((r) => r.body)),
    ).toEqual(Array(12).fill(200));
    expect(respostas.every((r) => (r.body as Venda).status === 'Finalizada')).toBe(true);
    const numeros = respostas.map((r) => (r.body as Venda).numero);
    expect(new Set(numeros).size).toBe(12);
  });

  it('a password changed through A: the old token is refused by B at once', async () => {
    const t = await newTenant(ctx);
    // B and A both remember the session (auth cache) before the change.
    for (const i of [a!, b!, b!]) expect((await chamar(i, 'GET', '/api/auth/me', t.headers)).status).toBe(200);
    const troca = await chamar(a!, 'POST', '/api/auth/alterar-senha', t.headers, {
      senhaAtual: t.senha,
      novaSenha: 'outra-senha-segura-456',
      confirmacaoSenha: 'outra-senha-segura-456',
    });
    expect(troca.status, JSON.stringify(troca.body)).toBe(200);
    expect((await chamar(b!, 'GET', '/api/auth/me', t.headers)).status).toBe(401);
    expect((await chamar(a!, 'GET', '/api/auth/me', t.headers)).status).toBe(401);
    // The new token works on both.
    const novos = authHeaders((troca.body as { accessToken: string }).accessToken, t.unidadeNegocioId);
    for (const i of [a!, b!]) expect((await chamar(i, 'GET', '/api/auth/me', novos)).status).toBe(200);
  });

  it('a user deactivated by another process is refused by both instances at once', async () => {
    const t = await newTenant(ctx);
    // Deactivated by this test process (a third writer): neither A nor B ran clearAuthCache(),
    // so only the auth version bumped by the trigger tells B its cached session is stale.
    expect((await chamar(b!, 'GET', '/api/auth/me', t.headers)).status).toBe(200);
    await ctx.database.db.execute(sql`update usuarios set ativo = false where id = ${t.usuarioId}`);
    expect((await chamar(b!, 'GET', '/api/auth/me', t.headers)).status).toBe(401);
    expect((await chamar(a!, 'GET', '/api/auth/me', t.headers)).status).toBe(401);
  });

  it('a login brute force spread over both instances is limited as one', async () => {
    const email = `alvo.${randomUUID().slice(0, 8)}@teste.com.br`;
    const tentar = (i: Instancia) =>
      chamar(i, 'POST', '/api/auth/login', { 'x-origin': 'web' }, { email, senha: 'chute-errado' });
    const antes = [];
    for (let n = 0; n < LIMITE_LOGIN; n++) antes.push((await tentar(n % 2 === 0 ? a! : b!)).status);
    expect(antes.every((s) => s !== 429)).toBe(true);
    for (const i of [a!, b!]) {
      const bloqueada = await tentar(i);
      expect(bloqueada.status).toBe(429);
      expect((bloqueada.body as { errors: { generalErrors: string[] } }).errors.generalErrors[0]).toMatch(
        /^Muitas tentativas de login\. Aguarde \d+ segundos/,
      );
    }
    // Another e-mail from the same address is not affected.
    const outro = await chamar(a!, 'POST', '/api/auth/login', { 'x-origin': 'web' }, { email: `x.${email}`, senha: 'chute' });
    expect(outro.status).not.toBe(429);
  });

  it('the shared counter: a window counts, ends and starts again; ended rows are deleted', async () => {
    const db = ctx.database.db;
    const chave = `teste|${randomUUID()}`;
    expect((await contarRequisicao(db, chave, 60_000)).current).toBe(1);
    const segunda = await contarRequisicao(outra!.db, chave, 60_000);
    expect(segunda.current).toBe(2);
    expect(segunda.ttl).toBeGreaterThan(0);
    expect(segunda.ttl).toBeLessThanOrEqual(60_000);
    // A 1 ms window: ended on a later statement (polled, no fixed sleep), the next request starts again at 1.
    const curta = `teste|${randomUUID()}`;
    await contarRequisicao(db, curta, 1);
    const prazo = Date.now() + 5_000;
    let atual = 0;
    while (Date.now() < prazo && atual !== 1) atual = (await contarRequisicao(db, curta, 1)).current;
    expect(atual).toBe(1);
    // Cleaning deletes the ended row and keeps the live one.
    const prazoLimpeza = Date.now() + 5_000;
    let restantes: string[] = [];
    do {
      await limparLimitesVencidos(db);
      restantes = (
        await queryRows<{ chave: string }>(db, sql`select chave from limites_requisicao where chave in (${chave}, ${curta})`)
      ).map((r) => r.chave);
    } while (restantes.includes(curta) && Date.now() < prazoLimpeza);
    expect(restantes).toEqual([chave]);
  });

  it('the recurrences run twice at once generates each payable once; a held lock skips the turn', async () => {
    const t = await newTenant(ctx);
    const hoje = new Date().toISOString().slice(0, 10);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/financeiro/recorrencias',
      headers: t.headers,
      payload: { descricao: 'Aluguel da loja', valor: 2500, frequencia: 'semanal', dataInicio: hoje },
    });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json<Recorrencia>();
    const escopo = { tenantId: t.tenantId, unidadeNegocioId: t.unidadeNegocioId };
    const contar = async () =>
      withTenant(ctx.database.db, escopo, async (tx) =>
        (
          await queryRows<{ ocorrencia: number }>(
            tx,
            sql`select recorrencia_ocorrencia as ocorrencia from despesas where recorrencia_id = ${r.id}`,
          )
        ).map((d) => d.ocorrencia),
      );
    const completas = (await contar()).length;
    expect(completas).toBeGreaterThanOrEqual(12);
    const esquecer = async () => {
      await ctx.database.db.execute(sql`delete from despesas where recorrencia_id = ${r.id}`);
      await ctx.database.db.execute(sql`update recorrencias set proxima_ocorrencia = 0 where id = ${r.id}`);
    };

    // Another run holds the lock: this one skips its turn and writes nothing.
    await esquecer();
    let liberar!: () => void;
    const segurando = new Promise<void>((resolve) => (liberar = resolve));
    let travou!: () => void;
    const travado = new Promise<void>((resolve) => (travou = resolve));
    const outraExecucao = outra!.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${LOCK_RECORRENCIAS}))`);
      travou();
      await segurando;
    });
    await travado;
    expect(await gerarRecorrenciasSozinho(ctx.database.db)).toEqual({ executou: false });
    expect(await contar()).toHaveLength(0);
    liberar();
    await outraExecucao;

    // Both "instances" (two connection pools) run at once: each occurrence exactly once.
    const execucoes = await Promise.all([gerarRecorrenciasSozinho(ctx.database.db), gerarRecorrenciasSozinho(outra!.db)]);
    expect(execucoes.some((e) => e.executou)).toBe(true);
    const ocorrencias = await contar();
    expect(ocorrencias).toHaveLength(completas);
    expect(new Set(ocorrencias).size).toBe(completas);
  });
});
