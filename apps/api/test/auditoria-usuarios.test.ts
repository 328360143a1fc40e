/**
 * Audit of user and permission changes (issue #22 item 4): creating a user (UsuarioCriado), a
 * change of its fields (UsuarioAlterado, only what changed), deactivation by PUT or DELETE
 * (UsuarioDesativado) and reactivation (UsuarioAlterado), a password set by an administrator,
 * changed by the user or reset by the e-mailed link (SenhaRedefinida, no value), the unit ↔
 * profile list (PermissoesAlteradas, by name), a tenant created by the platform operator (its
 * first Administrador, in that tenant's log). Each act records exactly one event, tenant-wide
 * (unidade null), by the acting user; an unchanged save records none; no password in any event;
 * the events are the tenant's only. Also: the user's discount limit (`descontoMaximo`) saved and read.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AcaoAuditoria } from '@petshop/shared/auditoria';
import type { Usuario } from '@petshop/shared/usuario';
import { auditoriaEventos, redefinicoesSenha, usuarios } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { hashToken } from '../src/modules/auth/esqueci-senha.ts';
import { clearAuthCache } from '../src/plugins/auth-cache.ts';
import {
  authHeaders,
  injectMultipart,
  login,
  newTenant,
  novaUnidade,
  uniqueEmail,
  useTestApp,
  validCnpj,
  type TenantFixture,
} from './helper.ts';

const ctx = useTestApp();
const USUARIOS = '/api/auth/usuarios';
const SENHA = 'senha-carla-123';
const NOVA_SENHA = 'senha-nova-456';

/** Every audit event of the tenant, oldest first (read as the tenant, RLS on). */
const todos = (tenantId: string) =>
  withTenant(ctx.database.db, { tenantId }, (tx) => tx.select().from(auditoriaEventos).orderBy(asc(auditoriaEventos.criadoEm)));

const eventos = async (t: Pick<TenantFixture, 'tenantId'>, acao?: AcaoAuditoria) =>
  (await todos(t.tenantId)).filter((e) => !acao || e.acao === acao);

const semSegredos = async (tenantId: string, ...segredos: string[]) => {
  const json = JSON.stringify(await todos(tenantId));
  for (const s of segredos) expect(json).not.toContain(s);
  expect(json).not.toMatch(/senha"\s*:/i);
};

const dadosUsuario = (t: TenantFixture, overrides: Record<string, unknown> = {}) => ({
  nome: 'Carla Caixa',
  email: uniqueEmail('carla'),
  senha: SENHA,
  descontoMaximo: 10,
  unidades: [{ unidadeNegocioId: t.unidadeNegocioId, perfilId: 'caixa' }],
  ...overrides,
});

const criar = async (t: TenantFixture, dados: Record<string, unknown>) => {
  const res = await injectMultipart(ctx, 'POST', USUARIOS, t.headers, dados);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Usuario>();
};

const alterar = (t: TenantFixture, id: string, dados: Record<string, unknown>) =>
  injectMultipart(ctx, 'PUT', `${USUARIOS}/${id}`, t.headers, dados);

describe('audit of users and permissions', () => {
  it('create: one UsuarioCriado with name, e-mail, units/profiles and discount limit — never the password', async () => {
    const t = await newTenant(ctx);
    const dados = dadosUsuario(t);
    const usuario = await criar(t, dados);
    expect(usuario.descontoMaximo).toBe(10);
    const [evento, ...outros] = await eventos(t);
    expect(outros).toEqual([]);
    expect(evento).toMatchObject({
      acao: 'UsuarioCriado',
      entidade: 'usuario',
      entidadeId: usuario.id,
      usuarioId: t.usuarioId,
      unidadeNegocioId: null,
      descricao: `Usuário Carla Caixa (${dados.email}) criado: Caixa / Vendedor em Loja Centro`,
      antes: null,
      depois: {
        nome: 'Carla Caixa',
        email: dados.email,
        unidades: [{ unidade: 'Loja Centro', perfil: 'Caixa / Vendedor' }],
        descontoMaximo: 10,
        ativo: true,
      },
    });
    await semSegredos(t.tenantId, SENHA);
  });

  it('update: only the changed fields; same data records nothing; bad discount → 400 and nothing', async () => {
    const t = await newTenant(ctx);
    const dados = dadosUsuario(t);
    const usuario = await criar(t, dados);
    const inicio = (await eventos(t)).length;

    // The same data again (the form re-sent): nothing.
    const { senha: _senha, ...semSenha } = dados;
    expect((await alterar(t, usuario.id, semSenha)).statusCode).toBe(200);
    expect(await eventos(t)).toHaveLength(inicio);

    const invalido = await alterar(t, usuario.id, { ...semSenha, descontoMaximo: 120 });
    expect(invalido.statusCode).toBe(400);
    expect(invalido.json<{ errors: Record<string, string[]> }>().errors.descontoMaximo).toEqual([
      'Desconto máximo (%) deve estar entre 0 e 100',
    ]);
    expect(await eventos(t)).toHaveLength(inicio);

    const res = await alterar(t, usuario.id, { ...semSenha, nome: 'Carla Souza', descontoMaximo: '7,5' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Usuario>().descontoMaximo).toBe(7.5);
    const novos = (await eventos(t)).slice(inicio);
    expect(novos).toHaveLength(1);
    expect(novos[0]).toMatchObject({
      acao: 'UsuarioAlterado',
      entidadeId: usuario.id,
      usuarioId: t.usuarioId,
      unidadeNegocioId: null,
      descricao: 'Usuário Carla Souza alterado: nome, desconto máximo',
      antes: { nome: 'Carla Caixa', descontoMaximo: 10 },
      depois: { nome: 'Carla Souza', descontoMaximo: 7.5 },
    });

    // Emptying the limit: no limit (null), recorded as such.
    const semLimite = await alterar(t, usuario.id, { ...semSenha, nome: 'Carla Souza', descontoMaximo: '' });
    expect(semLimite.json<Usuario>().descontoMaximo).toBeNull();
    const [ultimo] = (await eventos(t)).slice(-1);
    expect(ultimo).toMatchObject({ acao: 'UsuarioAlterado', antes: { descontoMaximo: 7.5 }, depois: { descontoMaximo: null } });
  });

  it('profiles changed → PermissoesAlteradas by name; a password set by the administrator → SenhaRedefinida without a value', async () => {
    const t = await newTenant(ctx);
    const bairro = await novaUnidade(ctx, t);
    const dados = dadosUsuario(t);
    const usuario = await criar(t, dados);
    const inicio = (await eventos(t)).length;

    const { senha: _senha, ...semSenha } = dados;
    const res = await alterar(t, usuario.id, {
      ...semSenha,
      senha: NOVA_SENHA,
      unidades: [
        { unidadeNegocioId: t.unidadeNegocioId, perfilId: 'gerente' },
        { unidadeNegocioId: bairro.id, perfilId: 'caixa' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const novos = (await eventos(t)).slice(inicio);
    expect(novos.map((e) => e.acao).sort()).toEqual(['PermissoesAlteradas', 'SenhaRedefinida']);
    expect(novos.find((e) => e.acao === 'PermissoesAlteradas')).toMatchObject({
      entidadeId: usuario.id,
      usuarioId: t.usuarioId,
      unidadeNegocioId: null,
      descricao:
        'Perfis de acesso de Carla Caixa: Caixa / Vendedor em Loja Centro → Caixa / Vendedor em Loja Bairro, Gerente em Loja Centro',
      antes: { unidades: [{ unidade: 'Loja Centro', perfil: 'Caixa / Vendedor' }] },
      depois: {
        unidades: [
          { unidade: 'Loja Bairro', perfil: 'Caixa / Vendedor' },
          { unidade: 'Loja Centro', perfil: 'Gerente' },
        ],
      },
    });
    expect(novos.find((e) => e.acao === 'SenhaRedefinida')).toMatchObject({
      entidadeId: usuario.id,
      usuarioId: t.usuarioId,
      unidadeNegocioId: null,
      descricao: 'Senha de Carla Caixa redefinida por um administrador',
      antes: null,
      depois: null,
    });
    await semSegredos(t.tenantId, SENHA, NOVA_SENHA);
  });

  it('deactivation (PUT or DELETE) → UsuarioDesativado once; reactivation → UsuarioAlterado', async () => {
    const t = await newTenant(ctx);
    const dados = dadosUsuario(t);
    const { senha: _senha, ...semSenha } = dados;
    const usuario = await criar(t, dados);
    const inicio = (await eventos(t)).length;

    expect((await alterar(t, usuario.id, { ...semSenha, ativo: false })).statusCode).toBe(200);
    let novos = (await eventos(t)).slice(inicio);
    expect(novos).toHaveLength(1);
    expect(novos[0]).toMatchObject({
      acao: 'UsuarioDesativado',
      entidadeId: usuario.id,
      usuarioId: t.usuarioId,
      unidadeNegocioId: null,
      descricao: 'Usuário Carla Caixa desativado',
      antes: { ativo: true },
      depois: { ativo: false },
    });

    // DELETE of a user already inactive changes nothing: nothing recorded.
    expect((await ctx.app.inject({ method: 'DELETE', url: `${USUARIOS}/${usuario.id}`, headers: t.headers })).statusCode).toBe(
      200,
    );
    expect((await eventos(t)).slice(inicio)).toHaveLength(1);

    expect((await alterar(t, usuario.id, { ...semSenha, ativo: true })).statusCode).toBe(200);
    novos = (await eventos(t)).slice(inicio);
    expect(novos).toHaveLength(2);
    expect(novos[1]).toMatchObject({
      acao: 'UsuarioAlterado',
      descricao: 'Usuário Carla Caixa reativado',
      antes: { ativo: false },
      depois: { ativo: true },
    });

    expect((await ctx.app.inject({ method: 'DELETE', url: `${USUARIOS}/${usuario.id}`, headers: t.headers })).statusCode).toBe(
      200,
    );
    novos = (await eventos(t)).slice(inicio);
    expect(novos).toHaveLength(3);
    expect(novos[2]).toMatchObject({ acao: 'UsuarioDesativado', entidadeId: usuario.id, usuarioId: t.usuarioId });
  });

  it('the user changing their own password and the "esqueci a senha" reset → SenhaRedefinida by that user', async () => {
    const t = await newTenant(ctx);
    const dados = dadosUsuario(t);
    const usuario = await criar(t, dados);
    const session = await login(ctx, dados.email, SENHA);
    const inicio = (await eventos(t)).length;

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/alterar-senha',
      headers: authHeaders(session.accessToken, t.unidadeNegocioId),
      payload: { senhaAtual: SENHA, novaSenha: NOVA_SENHA, confirmacaoSenha: NOVA_SENHA },
    });
    expect(res.statusCode, res.body).toBe(200);
    let novos = (await eventos(t)).slice(inicio);
    expect(novos).toHaveLength(1);
    expect(novos[0]).toMatchObject({
      acao: 'SenhaRedefinida',
      entidadeId: usuario.id,
      usuarioId: usuario.id,
      unidadeNegocioId: null,
      descricao: 'Carla Caixa alterou a própria senha',
    });

    // A wrong current password changes nothing: nothing recorded.
    const errada = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/alterar-senha',
      headers: authHeaders(res.json<{ accessToken: string }>().accessToken, t.unidadeNegocioId),
      payload: { senhaAtual: 'errada-123456', novaSenha: 'outra-senha-789', confirmacaoSenha: 'outra-senha-789' },
    });
    expect(errada.statusCode).toBe(400);
    expect((await eventos(t)).slice(inicio)).toHaveLength(1);

    const token = 'a'.repeat(43);
    await ctx.database.db
      .insert(redefinicoesSenha)
      .values({ usuarioId: usuario.id, tokenHash: hashToken(token), expiraEm: new Date(Date.now() + 3_600_000) });
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/redefinir-senha',
      payload: { token, novaSenha: 'senha-do-link-789', confirmacaoSenha: 'senha-do-link-789' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    novos = (await eventos(t)).slice(inicio);
    expect(novos).toHaveLength(2);
    expect(novos[1]).toMatchObject({
      acao: 'SenhaRedefinida',
      entidadeId: usuario.id,
      usuarioId: usuario.id,
      unidadeNegocioId: null,
      descricao: 'Carla Caixa redefiniu a senha pelo link de "Esqueci minha senha"',
    });
    await semSegredos(t.tenantId, SENHA, NOVA_SENHA, 'senha-do-link-789', token);
  });

  it('a tenant created by the platform operator: UsuarioCriado of its Administrador in that tenant only', async () => {
    const op = await newTenant(ctx);
    await ctx.database.db.update(usuarios).set({ operadorPlataforma: true }).where(eq(usuarios.id, op.usuarioId));
    clearAuthCache();
    const inicioOp = (await eventos(op)).length;
    const email = uniqueEmail('nova');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/manager/tenants',
      headers: op.headers,
      payload: {
        nome: 'Pet Shop Novo',
        cnpj: validCnpj(),
        limiteUnidades: 1,
        limiteUsuarios: 5,
        administrador: { nome: 'Dona Nova', email, senha: 'senha-nova-123' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const tenantId = res.json<{ id: string }>().id;
    const [novo] = await ctx.database.db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.email, email));
    const lista = await eventos({ tenantId });
    expect(lista).toHaveLength(1);
    expect(lista[0]).toMatchObject({
      acao: 'UsuarioCriado',
      entidadeId: novo!.id,
      usuarioId: op.usuarioId,
      unidadeNegocioId: null,
      depois: { nome: 'Dona Nova', email, unidades: [{ unidade: 'Pet Shop Novo', perfil: 'Administrador' }] },
    });
    expect(JSON.stringify(lista)).not.toContain('senha-nova-123');
    // The operator's own tenant got nothing.
    expect(await eventos(op)).toHaveLength(inicioOp);
  });

  it('tenant isolation: another tenant sees none of these events', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const usuario = await criar(a, dadosUsuario(a));
    expect((await eventos(a, 'UsuarioCriado')).map((e) => e.entidadeId)).toEqual([usuario.id]);
    expect(await eventos(b)).toEqual([]);
    // B cannot change A's user (404) and nothing is recorded anywhere.
    const res = await alterar(b, usuario.id, { ...dadosUsuario(b), senha: undefined });
    expect(res.statusCode).toBe(404);
    expect(await eventos(b)).toEqual([]);
    expect(await eventos(a)).toHaveLength(1);
  });
});
