/**
 * Test helpers: boot the whole app on a real database (PGlite from the migrated dump, or
 * PostgreSQL when TEST_DATABASE_URL is set) and talk to it over HTTP with `inject`.
 * Each test makes its own tenant (`newTenant`), which is also how tenancy is tested.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { generateCnpj, generateCpf } from '@brazilian-utils/brazilian-utils';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { LoginOutput } from '@petshop/shared/auth';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { produtos, tiposAtendimento, usuarioUnidades, usuarios } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { criarTenant } from '../src/modules/tenants/criar-tenant.ts';

export type TestContext = { app: App; database: Database; config: Config };

export const testConfig = (overrides: Partial<Config> = {}): Config =>
  loadConfig(
    { NODE_ENV: 'test' },
    {
      logLevel: 'silent',
      jwtSecret: randomBytes(32).toString('hex'),
      encryptionKey: randomBytes(32),
      webDist: '/nonexistent',
      loginRateLimit: 1000,
      seedDemo: false,
      dataDir: '/tmp',
      ...overrides,
    },
  );

/** Boots one app for the file (beforeAll) and closes it (afterAll). */
export const useTestApp = (overrides: Partial<Config> = {}): TestContext => {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL;
    const dump = inject('pgliteDump');
    ctx.database = url
      ? await openDatabase({ url, poolSize: 4 })
      : await openDatabase({ loadDataDir: new Blob([readFileSync(dump)]) });
    ctx.config = testConfig(overrides);
    ctx.app = await buildApp(ctx.config, ctx.database);
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });
  return ctx;
};

export const uniqueEmail = (prefix = 'user') => `${prefix}.${randomUUID().slice(0, 8)}@teste.com.br`;
export const validCpf = () => generateCpf();
export const validCnpj = () => generateCnpj();

export type TenantFixture = {
  tenantId: string;
  unidadeNegocioId: string;
  usuarioId: string;
  email: string;
  senha: string;
  token: string;
  user: LoginOutput['user'];
  /** Headers of the administrator working in the first unit. */
  headers: Record<string, string>;
};

/** A fresh tenant with one unit and its administrator, logged in. */
export const newTenant = async (
  ctx: TestContext,
  options: { limiteUnidades?: number; limiteUsuarios?: number } = {},
): Promise<TenantFixture> => {
  const email = uniqueEmail('admin');
  const senha = 'senha-segura-123';
  const cnpj = validCnpj();
  const ids = await criarTenant(ctx.database.db, {
    tenant: {
      nome: `Pet Shop ${email}`,
      cnpj,
      limiteUnidades: options.limiteUnidades ?? 5,
      limiteUsuarios: options.limiteUsuarios ?? 10,
    },
    unidade: { nomeFantasia: 'Loja Centro', razaoSocial: 'Loja Centro Ltda', cnpj },
    administrador: { nome: 'Administradora Teste', email, senha },
  });
  const session = await login(ctx, email, senha);
  return {
    ...ids,
    email,
    senha,
    token: session.accessToken,
    user: session.user,
    headers: authHeaders(session.accessToken, ids.unidadeNegocioId),
  };
};

export const authHeaders = (token: string, unidadeNegocioId?: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  'x-origin': 'web',
  ...(unidadeNegocioId ? { 'x-unidade-negocio': unidadeNegocioId } : {}),
});

export const login = async (ctx: TestContext, email: string, senha: string): Promise<LoginOutput> => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha } });
  if (res.statusCode !== 200) throw new Error(`login falhou: ${res.statusCode} ${res.body}`);
  return res.json<LoginOutput>();
};

/** A user of the tenant (named `nome`) with `perfilId` in the first unit, logged in: its headers and id. */
export const usuarioComPerfil = async (
  ctx: TestContext,
  t: TenantFixture,
  perfilId: string,
  nome = `Usuário ${perfilId}`,
): Promise<{ headers: Record<string, string>; usuarioId: string }> => {
  const email = uniqueEmail(perfilId);
  const senha = 'senha-segura-456';
  const usuarioId = await withTenant(ctx.database.db, { tenantId: t.tenantId }, async (tx) => {
    const [u] = await tx
      .insert(usuarios)
      .values({ nome, email, senhaHash: await hashPassword(senha) })
      .returning({ id: usuarios.id });
    await tx.insert(usuarioUnidades).values({ usuarioId: u!.id, unidadeNegocioId: t.unidadeNegocioId, perfilId });
    return u!.id;
  });
  const session = await login(ctx, email, senha);
  return { headers: authHeaders(session.accessToken, t.unidadeNegocioId), usuarioId };
};

type Files = Record<string, { filename: string; contentType: string; content: Buffer }>;

/** Builds a multipart/form-data body with a `dados` JSON part and file parts. */
export const multipart = (dados: unknown, files: Files = {}): { payload: Buffer; headers: Record<string, string> } => {
  const boundary = `----petshop${randomUUID()}`;
  const chunks: Buffer[] = [];
  const push = (s: string) => chunks.push(Buffer.from(s));
  push(`--${boundary}\r\nContent-Disposition: form-data; name="dados"\r\n\r\n${JSON.stringify(dados)}\r\n`);
  for (const [name, file] of Object.entries(files)) {
    push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
    );
    chunks.push(file.content);
    push('\r\n');
  }
  push(`--${boundary}--\r\n`);
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** Sends `dados` (and `files`) as multipart/form-data, the way the web app sends a form with a photo. */
export const injectMultipart = (
  ctx: TestContext,
  method: 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  dados: unknown,
  files: Files = {},
) => {
  const body = multipart(dados, files);
  return ctx.app.inject({ method, url, headers: { ...headers, ...body.headers }, payload: body.payload });
};

/** A 1×1 PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A second unit (default 'Loja Bairro') of `t` created by POST /api/geral/unidades_negocio (so it
 * gets the new-unit defaults): its id and headers.
 */
export const novaUnidade = async (ctx: TestContext, t: TenantFixture, nomeFantasia = 'Loja Bairro') => {
  const dados = { nomeFantasia, razaoSocial: `${nomeFantasia} Ltda`, cnpj: validCnpj() };
  const res = await injectMultipart(ctx, 'POST', '/api/geral/unidades_negocio', t.headers, dados);
  expect(res.statusCode).toBe(201);
  const id = res.json<{ id: string }>().id;
  return { id, headers: authHeaders(t.token, id) };
};

/**
 * Takes away what `t` started with in the agenda (its appointment types and their service
 * products, modules/agenda/defaults.ts), for tests that count the whole catalogue.
 */
export const semTiposAtendimentoPadrao = (ctx: TestContext, t: Pick<TenantFixture, 'tenantId'>): Promise<void> =>
  withTenant(ctx.database.db, { tenantId: t.tenantId }, async (tx) => {
    const tipos = await tx.delete(tiposAtendimento).returning({ produtoId: tiposAtendimento.produtoId });
    const ids = tipos.flatMap((x) => (x.produtoId ? [x.produtoId] : []));
    if (ids.length > 0) await tx.delete(produtos).where(inArray(produtos.id, ids));
  });
