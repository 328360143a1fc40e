/**
 * Backups of the embedded database (issue #22 item 5): a tenant with sales on a PGlite folder on
 * disk, backed up by the running server (the route and `npm run backup`'s own command line),
 * restored into a fresh folder, opened: the same sales (count and total), a login that works,
 * and nothing written after the backup. Also: the stopped-folder path, the refusals (open folder,
 * non-empty destination, bad token, not a backup). PGlite only (PostgreSQL: pg_dump, README).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { BACKUP_DIR_NAME, backupPastaParada, backupToken, extrairBackup } from '../src/db/backup.ts';
import { openDatabase } from '../src/db/client.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { newTenant, testConfig, type TenantFixture, type TestContext } from './helper.ts';
import { cenario, inserirVenda, scopeOf, type Cenario } from './vendas-helper.ts';

const run = promisify(execFile);
const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs the command line as `npm run backup|restore` does (from apps/api). */
const cli = (args: string[], env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', 'src/db/backup-cli.ts', ...args], {
    cwd: API_DIR,
    env: { ...process.env, ...env, INIT_CWD: API_DIR },
  });

/** The tenant's sales: how many and their total (valor_liquido), read under its scope. */
const vendasDo = async (ctx: Pick<TestContext, 'database'>, t: TenantFixture) =>
  withTenant(ctx.database.db, scopeOf(t), async (tx) => {
    const r = (await tx.execute(
      sql`select count(*)::int as n, coalesce(sum(valor_liquido), 0)::text as total from vendas`,
    )) as unknown as { rows: { n: number; total: string }[] };
    return r.rows[0]!;
  });

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('backup e restauração do banco embutido', () => {
  const ctx = {} as TestContext;
  let tmp: string;
  let dataDir: string;
  let loja: TenantFixture;
  let outra: TenantFixture;
  let c: Cenario;

  const venda = (t: TenantFixture, quantidade: number, valor: number) =>
    inserirVenda(ctx, scopeOf(t), {
      status: 'Finalizada',
      itens: [{ produtoId: c.racao.id, descricao: c.racao.nome, quantidade, valorUnitario: valor }],
      pagamentos: [{ formaPagamentoId: c.formas.dinheiro, tipo: 'dinheiro', valor: quantidade * valor }],
    });

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'petshop-backup-'));
    dataDir = path.join(tmp, 'data');
    ctx.database = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]) });
    ctx.config = testConfig({ dataDir });
    ctx.app = await buildApp(ctx.config, ctx.database);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    loja = await newTenant(ctx);
    outra = await newTenant(ctx);
    c = await cenario(ctx, loja);
    await venda(loja, 2, 189.9);
    await venda(loja, 1, 24.5);
    await venda(loja, 3, 10);
    const c2 = await cenario(ctx, outra);
    await inserirVenda(ctx, scopeOf(outra), {
      status: 'Finalizada',
      itens: [{ produtoId: c2.racao.id, descricao: c2.racao.nome, quantidade: 1, valorUnitario: 99 }],
      pagamentos: [{ formaPagamentoId: c2.formas.pix, tipo: 'pix', valor: 99 }],
    });
  }, 120_000);

  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('o servidor no ar faz o backup; restaurado numa pasta nova, tem as mesmas vendas e o login funciona', async () => {
    const antes = await vendasDo(ctx, loja);
    expect(antes).toEqual({ n: 3, total: '434.30' });

    // Only with the token signed with the server's secret.
    const semToken = await ctx.app.inject({ method: 'POST', url: '/api/manager/backup' });
    expect(semToken.statusCode).toBe(401);
    const outroSegredo = await ctx.app.inject({
      method: 'POST',
      url: '/api/manager/backup',
      headers: { 'x-backup-token': backupToken('outro-segredo-qualquer-com-32-caracteres') },
    });
    expect(outroSegredo.statusCode).toBe(401);
    const vencido = await ctx.app.inject({
      method: 'POST',
      url: '/api/manager/backup',
      headers: { 'x-backup-token': backupToken(ctx.config.jwtSecret, Date.now() - 5 * 60_000) },
    });
    expect(vencido.statusCode).toBe(401);

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/manager/backup',
      headers: { 'x-backup-token': backupToken(ctx.config.jwtSecret) },
    });
    expect(res.statusCode).toBe(200);
    const { arquivo, bytes } = res.json<{ arquivo: string; bytes: number }>();
    expect(path.dirname(arquivo)).toBe(path.join(dataDir, BACKUP_DIR_NAME));
    expect(path.basename(arquivo)).toMatch(/^petshop-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    expect(bytes).toBeGreaterThan(0);
    // The staging copy is gone; only the archive is left.
    expect(readdirSync(path.join(dataDir, BACKUP_DIR_NAME))).toEqual([path.basename(arquivo)]);

    // Written after the backup: not in it.
    await venda(loja, 1, 1000);

    // A non-empty folder (the live one) is refused.
    await expect(extrairBackup(arquivo, dataDir)).rejects.toThrow(/não está vazia/);

    const destino = path.join(tmp, 'restaurado');
    expect(await extrairBackup(arquivo, destino)).toBeGreaterThan(0);
    expect(existsSync(path.join(destino, BACKUP_DIR_NAME))).toBe(false);
    expect(existsSync(path.join(destino, 'postmaster.pid'))).toBe(false);

    const restaurado = await openDatabase({ dataDir: destino });
    try {
      await restaurado.migrate();
      const app = await buildApp(testConfig({ dataDir: destino }), restaurado);
      try {
        const r = { app, database: restaurado, config: ctx.config };
        expect(await vendasDo(r, loja)).toEqual(antes);
        expect((await vendasDo(r, outra)).n).toBe(1);
        const login = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: loja.email, senha: loja.senha },
        });
        expect(login.statusCode).toBe(200);
        const { accessToken } = login.json<{ accessToken: string }>();
        const lista = await app.inject({
          method: 'GET',
          url: '/api/comercial/vendas?pageSize=50',
          headers: { authorization: `Bearer ${accessToken}`, 'x-origin': 'web', 'x-unidade-negocio': loja.unidadeNegocioId },
        });
        expect(lista.statusCode).toBe(200);
        expect(lista.json<{ total: number }>().total).toBe(3);
        // While it is open, the stopped-folder backup refuses it.
        await expect(backupPastaParada(destino, path.join(tmp, 'x.tar.gz'))).rejects.toThrow(/aberto/);
      } finally {
        await app.close();
      }
    } finally {
      await restaurado.close();
    }
  }, 120_000);

  it('npm run backup (servidor no ar e parado) e npm run restore pela linha de comando', async () => {
    const env = { DATA_DIR: dataDir, JWT_SECRET: ctx.config.jwtSecret, NODE_ENV: 'test' };
    const addr = ctx.app.server.address() as { port: number };
    const noAr = path.join(tmp, 'no-ar.tar.gz');
    const feito = await cli(['backup', '--saida', noAr, '--url', `http://127.0.0.1:${addr.port}`], env);
    expect(feito.stdout).toContain(`Backup gravado pelo servidor em ${noAr}`);
    expect(existsSync(noAr)).toBe(true);

    // Without a server answering, an open folder is not copied.
    const semServidor = cli(['backup', '--url', 'http://127.0.0.1:9'], env);
    await expect(semServidor).rejects.toMatchObject({ stderr: expect.stringContaining('nenhum servidor respondeu') });

    const destino = path.join(tmp, 'cli-restaurado');
    const restaurado = await cli(['restore', noAr, '--destino', destino], env);
    expect(restaurado.stdout).toContain('2 empresa(s), 5 venda(s)');

    // Into a non-empty folder: refused, unless --forcar (the old folder kept aside).
    const recusado = cli(['restore', noAr, '--destino', destino], env);
    await expect(recusado).rejects.toMatchObject({ stderr: expect.stringContaining('não está vazia') });
    const forcado = await cli(['restore', noAr, '--destino', destino, '--forcar'], env);
    expect(forcado.stdout).toContain('A pasta anterior foi mantida em');
    expect(readdirSync(tmp).some((n) => n.startsWith('cli-restaurado.anterior-'))).toBe(true);

    // The restored folder is closed now: the stopped-server backup archives it directly.
    const parado = await cli(['backup', '--saida', path.join(tmp, 'parado.tar.gz')], { ...env, DATA_DIR: destino });
    expect(parado.stdout).toContain('Backup gravado em');
    const outraVez = path.join(tmp, 'outra-vez');
    await extrairBackup(path.join(tmp, 'parado.tar.gz'), outraVez);
    const db = await openDatabase({ dataDir: outraVez });
    try {
      expect(await vendasDo({ database: db }, loja)).toEqual({ n: 4, total: '1434.30' });
    } finally {
      await db.close();
    }

    // Not a backup.
    const lixo = path.join(tmp, 'lixo.tar.gz');
    writeFileSync(lixo, 'não é um backup');
    await expect(extrairBackup(lixo, path.join(tmp, 'nada'))).rejects.toThrow(/não é um backup válido/);
  }, 240_000);
});
