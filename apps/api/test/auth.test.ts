import { describe, expect, it } from 'vitest';
import { authHeaders, login, newTenant, useTestApp } from './helper.ts';

const ctx = useTestApp({ jwtTtlSeconds: 3600 });

/** A token issued at `iat` (seconds), as if signed then. */
const signAt = (t: { tenantId: string; usuarioId: string }, iat: number, expiresIn = 3600) =>
  ctx.app.jwt.sign({ tid: t.tenantId, tv: 0, iat } as { tid: string; tv: number }, { sub: t.usuarioId, expiresIn });

describe('POST /api/auth/login', () => {
  it('answers a token and the session user with units and profiles', async () => {
    const t = await newTenant(ctx);
    const session = await login(ctx, t.email.toUpperCase(), t.senha);
    expect(session.accessToken).toMatch(/^ey/);
    expect(session.user).toMatchObject({
      id: t.usuarioId,
      email: t.email,
      operadorPlataforma: false,
      tenant: { id: t.tenantId },
      unidadesNegocio: [{ id: t.unidadeNegocioId, nome: 'Loja Centro', perfil: { id: 'administrador', nome: 'Administrador' } }],
    });
    expect(session.user.unidadesNegocio[0]!.permissoes).toContain('usuarios.gerenciar');
  });

  it('refuses a wrong password with generalErrors and the same message as an unknown e-mail', async () => {
    const t = await newTenant(ctx);
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: t.email, senha: 'errada' } });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ninguem@x.com.br', senha: 'x' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ errors: { generalErrors: ['E-mail ou senha inválidos'] } });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers field errors in Portuguese for missing or malformed fields', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'não-é-email' } });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<{ errors: Record<string, string[]> }>();
    expect(errors.email).toEqual(['E-mail inválido']);
    expect(errors.senha).toEqual(['Senha é obrigatória']);
  });
});

describe('GET /api/auth/me', () => {
  it('answers the session user for a valid token', async () => {
    const t = await newTenant(ctx);
    const res = await ctx.app.inject({ url: '/api/auth/me', headers: authHeaders(t.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: t.usuarioId, tenant: { id: t.tenantId } });
  });

  it('answers 401 Acesso não autorizado without, with a forged or with an expired token', async () => {
    const t = await newTenant(ctx);
    const forged = ctx.app.jwt.sign({ tid: t.tenantId, tv: 0 }, {
      sub: t.usuarioId,
      key: 'outra-chave-qualquer-com-32-caracteres!!',
    } as never);
    const expired = signAt(t, Math.floor(Date.now() / 1000) - 7200, 60);
    for (const headers of [{}, authHeaders('lixo'), authHeaders(forged), authHeaders(expired)]) {
      const res = await ctx.app.inject({ url: '/api/auth/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ errors: { generalErrors: ['Acesso não autorizado'] } });
    }
  });

  it('renews an aging token through x-new-authorization, and not a fresh one', async () => {
    const t = await newTenant(ctx);
    const fresh = await ctx.app.inject({ url: '/api/auth/me', headers: authHeaders(t.token) });
    expect(fresh.headers['x-new-authorization']).toBeUndefined();
    const old = signAt(t, Math.floor(Date.now() / 1000) - 1800);
    const res = await ctx.app.inject({ url: '/api/auth/me', headers: authHeaders(old) });
    expect(res.statusCode).toBe(200);
    const renewed = res.headers['x-new-authorization'];
    expect(typeof renewed).toBe('string');
    expect(res.headers['access-control-expose-headers']).toBe('x-new-authorization');
    const again = await ctx.app.inject({ url: '/api/auth/me', headers: authHeaders(renewed as string) });
    expect(again.statusCode).toBe(200);
  });
});

describe('POST /api/auth/alterar-senha', () => {
  it('changes the password, answers a new token and ends the other sessions', async () => {
    const t = await newTenant(ctx);
    const other = await login(ctx, t.email, t.senha);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/alterar-senha',
      headers: authHeaders(t.token),
      payload: { senhaAtual: t.senha, novaSenha: 'nova-senha-456', confirmacaoSenha: 'nova-senha-456' },
    });
    expect(res.statusCode).toBe(200);
    const { accessToken } = res.json<{ accessToken: string }>();
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: authHeaders(accessToken) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: authHeaders(other.accessToken) })).statusCode).toBe(401);
    await expect(login(ctx, t.email, t.senha)).rejects.toThrow();
    await login(ctx, t.email, 'nova-senha-456');
  });

  it('refuses a wrong current password and a confirmation that does not match', async () => {
    const t = await newTenant(ctx);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/alterar-senha',
      headers: authHeaders(t.token),
      payload: { senhaAtual: 'errada', novaSenha: 'nova-senha-456', confirmacaoSenha: 'nova-senha-456' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.senhaAtual).toEqual(['Senha atual incorreta']);
    const mismatch = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/alterar-senha',
      headers: authHeaders(t.token),
      payload: { senhaAtual: t.senha, novaSenha: 'nova-senha-456', confirmacaoSenha: 'outra' },
    });
    expect(mismatch.json().errors.confirmacaoSenha).toEqual(['A confirmação não confere com a nova senha']);
  });
});

describe('GET /api/auth/perfis', () => {
  it('lists the seven profiles of the domain with their permissions', async () => {
    const t = await newTenant(ctx);
    const res = await ctx.app.inject({ url: '/api/auth/perfis', headers: t.headers });
    expect(res.statusCode).toBe(200);
    const perfis = res.json<{ id: string; permissoes: string[] }[]>();
    expect(perfis.map((p) => p.id).sort()).toEqual(
      ['administrador', 'banhista', 'caixa', 'financeiro', 'gerente', 'recepcao', 'veterinario'].sort(),
    );
    expect(perfis.find((p) => p.id === 'gerente')!.permissoes).not.toContain('usuarios.gerenciar');
  });
});
