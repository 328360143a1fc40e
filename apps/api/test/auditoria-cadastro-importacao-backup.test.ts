/**
 * The audit log's remaining acts (issue #22 item 4): the onboarding sign-up records "Usuário
 * criado" for the new tenant's first administrator (by themselves, tenant-wide, with the IP); a
 * spreadsheet import records who imported what (file, counts; in the unit; a refused file
 * records nothing); the embedded database's backup records a data export in every tenant's log
 * (no user: the machine's operator, by token). The template's download holds no tenant data and
 * is not audited.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LoginOutput } from '@petshop/shared/auth';
import { buildApp } from '../src/app.ts';
import { backupToken } from '../src/db/backup.ts';
import { openDatabase } from '../src/db/client.ts';
import { auditoriaEventos } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import {
  newTenant,
  testConfig,
  uniqueEmail,
  useTestApp,
  usuarioComPerfil,
  validCnpj,
  validCpf,
  type TestContext,
} from './helper.ts';

const eventosDo = (c: Pick<TestContext, 'database'>, tenantId: string, acao?: string) =>
  withTenant(c.database.db, { tenantId }, (tx) =>
    tx
      .select()
      .from(auditoriaEventos)
      .where(acao ? eq(auditoriaEventos.acao, acao) : undefined)
      .orderBy(asc(auditoriaEventos.criadoEm)),
  );

describe('auditoria do cadastro e das importações', () => {
  const ctx = useTestApp();

  it('o cadastro (onboarding) registra "Usuário criado": o próprio administrador, sem unidade, com o IP', async () => {
    const email = uniqueEmail('dono');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/onboarding',
      remoteAddress: '203.0.113.7',
      payload: {
        dadosPessoais: {
          nome: 'Marcos Dono',
          email,
          cpf: validCpf(),
          telefone: '(31) 99876-5432',
          senha: 'senha-marcos-1',
          confirmacaoSenha: 'senha-marcos-1',
        },
        petshop: {
          nomeFantasia: 'Au Au Pet',
          cnpj: validCnpj(),
          telefone: '(31) 3222-1100',
          endereco: {
            cep: '30130-010',
            logradouro: 'Av. Afonso Pena',
            numero: '500',
            bairro: 'Centro',
            cidade: 'Belo Horizonte',
            uf: 'MG',
          },
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { user } = res.json<LoginOutput>();
    const eventos = await eventosDo(ctx, user.tenant.id);
    expect(eventos).toHaveLength(1);
    expect(eventos[0]).toMatchObject({
      acao: 'UsuarioCriado',
      entidade: 'usuario',
      entidadeId: user.id,
      usuarioId: user.id,
      unidadeNegocioId: null,
      ip: '203.0.113.7',
      antes: null,
      depois: { nome: 'Marcos Dono', email, unidades: [{ unidade: 'Au Au Pet', perfil: 'Administrador' }], origem: 'cadastro' },
    });
    expect(eventos[0]!.descricao).toBe(
      `Usuário Marcos Dono (${email}) criado no cadastro do pet shop: Administrador em Au Au Pet`,
    );
    // No password in the event.
    expect(JSON.stringify(eventos[0])).not.toContain('senha-marcos-1');
  });

  it('a importação registra quem importou o quê (arquivo e contagens, na unidade); um arquivo recusado e o modelo, nada', async () => {
    const t = await newTenant(ctx);
    const gerente = await usuarioComPerfil(ctx, t, 'gerente');
    const csv = ['Nome;CPF', 'Ana Importada;', 'Bruno Importado;', `Carla Errada;123`, ''].join('\r\n');
    const boundary = `----petshop${randomUUID()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="clientes-2026.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(csv),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const enviar = (url: string) =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...gerente.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });

    // The preview writes nothing and records nothing; nor does the template's download.
    expect((await enviar('/api/importacoes/clientes/previa')).statusCode).toBe(200);
    const modelo = await ctx.app.inject({ url: '/api/importacoes/clientes/modelo?formato=csv', headers: gerente.headers });
    expect(modelo.statusCode).toBe(200);
    expect(await eventosDo(ctx, t.tenantId, 'DadosImportados')).toEqual([]);

    const res = await enviar('/api/importacoes/clientes');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ importadas: 2, ignoradas: 1 });
    const eventos = await eventosDo(ctx, t.tenantId, 'DadosImportados');
    expect(eventos).toHaveLength(1);
    expect(eventos[0]).toMatchObject({
      entidade: 'importacao',
      entidadeId: 'clientes',
      usuarioId: gerente.usuarioId,
      unidadeNegocioId: t.unidadeNegocioId,
      depois: { tipo: 'clientes', arquivo: 'clientes-2026.csv', importadas: 2, ignoradas: 1, criados: { pessoas: 2 } },
    });
    expect(eventos[0]!.descricao).toBe(
      'Importação de clientes e pets pela planilha clientes-2026.csv: 2 linhas importadas, 1 ignoradas',
    );
    // The rows themselves are not in the log.
    expect(JSON.stringify(eventos[0])).not.toContain('Ana Importada');

    // A file that is not a spreadsheet: 400, nothing recorded.
    const ruim = await ctx.app.inject({
      method: 'POST',
      url: '/api/importacoes/clientes',
      headers: { ...gerente.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\nxx\r\n--${boundary}--\r\n`,
        ),
      ]),
    });
    expect(ruim.statusCode).toBe(400);
    expect(await eventosDo(ctx, t.tenantId, 'DadosImportados')).toHaveLength(1);
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('auditoria do backup do banco embutido', () => {
  const ctx = {} as TestContext;
  let tmp: string;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'petshop-backup-auditoria-'));
    const dataDir = path.join(tmp, 'data');
    ctx.database = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]) });
    ctx.config = testConfig({ dataDir });
    ctx.app = await buildApp(ctx.config, ctx.database);
    await ctx.app.ready();
  }, 120_000);

  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('um backup registra uma exportação de dados no log de cada empresa; um recusado, nada', async () => {
    const loja = await newTenant(ctx);
    const outra = await newTenant(ctx);
    const recusado = await ctx.app.inject({ method: 'POST', url: '/api/manager/backup' });
    expect(recusado.statusCode).toBe(401);
    expect(await eventosDo(ctx, loja.tenantId, 'DadosExportados')).toEqual([]);

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/manager/backup',
      remoteAddress: '127.0.0.1',
      headers: { 'x-backup-token': backupToken(ctx.config.jwtSecret) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { arquivo, bytes } = res.json<{ arquivo: string; bytes: number }>();
    for (const t of [loja, outra]) {
      const eventos = await eventosDo(ctx, t.tenantId, 'DadosExportados');
      expect(eventos).toHaveLength(1);
      expect(eventos[0]).toMatchObject({
        entidade: 'backup',
        entidadeId: path.basename(arquivo),
        usuarioId: null,
        unidadeNegocioId: null,
        ip: '127.0.0.1',
        depois: { formato: 'tar.gz', arquivo: path.basename(arquivo), bytes },
      });
      expect(eventos[0]!.descricao).toContain('Backup do banco embutido');
    }
    // Each tenant sees its own event only (row-level security).
    const lista = await ctx.app.inject({ url: '/api/auditoria?acao=DadosExportados', headers: loja.headers });
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json<{ total: number }>().total).toBe(1);
    const semFiltro = await withTenant(ctx.database.db, { tenantId: loja.tenantId }, (tx) =>
      tx
        .select()
        .from(auditoriaEventos)
        .where(and(eq(auditoriaEventos.entidade, 'backup'), eq(auditoriaEventos.tenantId, outra.tenantId))),
    );
    expect(semFiltro).toEqual([]);
  });
});
