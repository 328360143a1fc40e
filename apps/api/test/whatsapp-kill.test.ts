/**
 * The WhatsApp outbox survives a crash (issue #21 "Tests": "kill -9 in the middle of sending →
 * after restart nothing is lost and nothing is sent twice"). The real server (src/server.ts, as
 * `npm start` runs it) in a child process, WHATSAPP_GATEWAY=evolution talking to the Evolution API
 * protocol fake (test/fakes/evolution-fake.ts, whose answer to each send comes 60 ms after it
 * records the message: a send in flight at the kill went out without the server learning it);
 * 40 messages queued; SIGKILL once some went; a new server on the same database (PostgreSQL of
 * TEST_DATABASE_URL, else a PGlite folder) takes the claims whose lease ran out, asks the gateway
 * (findMessages) before sending a message that was in flight, and sends the rest. The fake must
 * have received each message exactly once, and the log shows all 40 Enviada.
 *
 * Its time is mostly the two server starts (about 10 s each on PostgreSQL, more on PGlite or a
 * busy machine): the deadlines below are generous, the test ends as soon as the queue is done.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { MensagemWhatsapp } from '@petshop/shared/whatsapp';
import { openDatabase, type Database } from '../src/db/client.ts';
import { queryRows } from '../src/db/rows.ts';
import { whatsappConexoes } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { criarTenant } from '../src/modules/tenants/criar-tenant.ts';
import { nomeInstancia } from '../src/modules/whatsapp/conexao-repository.ts';
import { enfileirarMensagem } from '../src/modules/whatsapp/enfileirar-mensagem.ts';
import { iniciarEvolutionFake, type EvolutionFake } from './fakes/evolution-fake.ts';
import { uniqueEmail, validCnpj } from './helper.ts';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TOTAL = 40;
const API_KEY = 'chave-evolution-kill';

const portaLivre = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const porta = (s.address() as { port: number }).port;
      s.close(() => resolve(porta));
    });
  });

/** Polls `fn` until it answers a truthy value, or fails after `ms` with `mensagem`. */
const aguardar = async <T>(fn: () => Promise<T> | T, ms: number, mensagem: () => string): Promise<NonNullable<T>> => {
  const fim = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > fim) throw new Error(`Tempo esgotado: ${mensagem()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

type Servidor = { processo: ChildProcess; url: string; saida: string[] };

const servidores: ChildProcess[] = [];
let evolution: EvolutionFake | undefined;
let dataDir: string | undefined;

afterAll(async () => {
  for (const p of servidores) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  await evolution?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Starts src/server.ts (cwd apps/api, like `npm start`) and waits for /api/health. */
const iniciarServidor = async (env: NodeJS.ProcessEnv): Promise<Servidor> => {
  const porta = await portaLivre();
  const processo = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...env, PORT: String(porta) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servidores.push(processo);
  const saida: string[] = [];
  const guardar = (b: Buffer) => {
    saida.push(b.toString('utf8'));
    if (saida.length > 200) saida.shift();
  };
  processo.stdout!.on('data', guardar);
  processo.stderr!.on('data', guardar);
  const url = `http://127.0.0.1:${porta}`;
  await aguardar(
    async () => {
      if (processo.exitCode !== null) throw new Error(`o servidor terminou (${processo.exitCode}): ${saida.join('')}`);
      return fetch(`${url}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
    },
    90_000,
    () => `servidor não respondeu: ${saida.join('')}`,
  );
  return { processo, url, saida };
};

const matar = (p: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (p.exitCode !== null || p.signalCode !== null) return resolve();
    p.once('exit', () => resolve());
    p.kill('SIGKILL');
  });

describe('fila do WhatsApp depois de kill -9', () => {
  it('nada se perde e nada sai duas vezes quando o servidor morre no meio do envio', { timeout: 240_000 }, async () => {
    evolution = await iniciarEvolutionFake({ apiKey: API_KEY, atrasoMs: 60 });
    const dbUrl = process.env.TEST_DATABASE_URL;
    dataDir = mkdtempSync(path.join(tmpdir(), 'petshop-whatsapp-kill-'));
    const abrir = (): Promise<Database> =>
      dbUrl ? openDatabase({ url: dbUrl, poolSize: 2 }) : openDatabase({ dataDir: path.join(dataDir!, 'db') });

    // The shop: a tenant whose unit's number is connected at the Evolution fake, 40 messages queued.
    const email = uniqueEmail('kill');
    const senha = 'senha-segura-123';
    const cnpj = validCnpj();
    let escopo: { tenantId: string; unidadeNegocioId: string };
    const primeira = dbUrl
      ? await abrir()
      : await openDatabase({
          dataDir: path.join(dataDir, 'db'),
          loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]),
        });
    try {
      const ids = await criarTenant(primeira.db, {
        tenant: { nome: `Pet Shop ${email}`, cnpj, limiteUnidades: 2, limiteUsuarios: 2 },
        unidade: { nomeFantasia: 'Loja Centro', razaoSocial: 'Loja Centro Ltda', cnpj },
        administrador: { nome: 'Administradora Teste', email, senha },
      });
      escopo = { tenantId: ids.tenantId, unidadeNegocioId: ids.unidadeNegocioId };
      const instancia = nomeInstancia(escopo.unidadeNegocioId);
      const criada = await fetch(`${evolution.url}/instance/create`, {
        method: 'POST',
        headers: { apikey: API_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ instanceName: instancia, qrcode: true, integration: 'WHATSAPP-BAILEYS' }),
      });
      expect(criada.status).toBe(201);
      expect(await evolution.lerQrcode(instancia, '5511999990000')).toBe(true);
      await withTenant(primeira.db, escopo, async (tx) => {
        await tx.insert(whatsappConexoes).values({
          unidadeNegocioId: escopo.unidadeNegocioId,
          gateway: 'evolution',
          instancia,
          status: 'Conectado',
          numero: '5511999990000',
          conectadoEm: new Date(),
          webhookSecret: 'segredo-kill',
        });
        for (let i = 0; i < TOTAL; i++) {
          const r = await enfileirarMensagem(tx, {
            tipo: 'teste',
            chave: `kill:${i}`,
            telefone: `1198${String(i).padStart(7, '0')}`,
            texto: `Mensagem ${i} de ${TOTAL}`,
          });
          expect(r.enfileirada).toBe(true);
        }
      });
    } finally {
      await primeira.close();
    }

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'db'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      WHATSAPP_GATEWAY: 'evolution',
      EVOLUTION_URL: evolution.url,
      EVOLUTION_API_KEY: API_KEY,
      WHATSAPP_WORKER_MS: '200',
      // A claim's lease is 6 deadlines: 6 s here, so the restarted server takes the claims soon.
      WHATSAPP_TIMEOUT_MS: '1000',
      WHATSAPP_MENSAGENS_POR_MINUTO: '1000',
    };
    delete env.DATABASE_URL;
    if (dbUrl) env.DATABASE_URL = dbUrl;

    // First server: killed once some messages went (the next one is usually in flight).
    const s1 = await iniciarServidor(env);
    await aguardar(
      () => evolution!.enviadas.length >= 8,
      60_000,
      () => `o primeiro servidor não enviou: ${s1.saida.join('')}`,
    );
    await matar(s1.processo);
    const noKill = evolution.enviadas.length;
    expect(noKill).toBeLessThan(TOTAL);

    // What the crash left: messages claimed or waiting, none lost.
    const depoisDaQueda = await abrir();
    try {
      const status = await withTenant(depoisDaQueda.db, escopo, (tx) =>
        queryRows<{ status: string; n: number }>(
          tx,
          sql`select status, count(*)::int as n from whatsapp_mensagens group by status order by status`,
        ),
      );
      expect(status.reduce((s, r) => s + Number(r.n), 0)).toBe(TOTAL);
      expect(status.some((r) => r.status === 'Enviando' || r.status === 'Pendente')).toBe(true);
    } finally {
      await depoisDaQueda.close();
    }

    // Second server on the same database: finishes the queue.
    const s2 = await iniciarServidor(env);
    const login = await fetch(`${s2.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, senha }),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const headers = {
      authorization: `Bearer ${accessToken}`,
      'x-origin': 'web',
      'x-unidade-negocio': escopo.unidadeNegocioId,
    };
    let ultimas: MensagemWhatsapp[] = [];
    await aguardar(
      async () => {
        const r = await fetch(`${s2.url}/api/whatsapp/mensagens?pageSize=100`, { headers });
        if (r.status !== 200) throw new Error(`GET /api/whatsapp/mensagens: ${r.status} ${await r.text()}`);
        ultimas = ((await r.json()) as { items: MensagemWhatsapp[] }).items;
        return ultimas.length === TOTAL && ultimas.every((m) => m.status === 'Enviada');
      },
      60_000,
      () =>
        `status: ${JSON.stringify(ultimas.map((m) => m.status))}; enviadas ${evolution!.enviadas.length}; ${s2.saida.join('')}`,
    );
    await matar(s2.processo);

    // Each message reached the gateway exactly once.
    const textos = evolution.enviadas.map((e) => e.texto).sort();
    const esperados = Array.from({ length: TOTAL }, (_, i) => `Mensagem ${i} de ${TOTAL}`).sort();
    expect(textos).toEqual(esperados);
    expect(new Set(evolution.enviadas.map((e) => e.numero)).size).toBe(TOTAL);
    // The claims the crash left were looked up at the gateway before sending.
    expect(evolution.requisicoes.some((r) => r.caminho.startsWith('/chat/findMessages/'))).toBe(true);
  });
});
