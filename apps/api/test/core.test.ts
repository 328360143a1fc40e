import { describe, expect, it } from 'vitest';
import { authHeaders, newTenant, uniqueEmail, useTestApp, usuarioComPerfil } from './helper.ts';
import { criarTenant } from '../src/modules/tenants/criar-tenant.ts';
import { usuarios } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';

const ctx = useTestApp();

describe('GET /api/health', () => {
  it('answers ok without a token', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });
});

describe('OpenAPI', () => {
  it('documents every auth, business-unit and manager call of the spec', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>();
    const expected: [string, string][] = [
      ['/api/auth/login', 'post'],
      ['/api/auth/me', 'get'],
      ['/api/auth/alterar-senha', 'post'],
      ['/api/auth/usuarios', 'get'],
      ['/api/auth/usuarios', 'post'],
      ['/api/auth/usuarios/{id}', 'get'],
      ['/api/auth/usuarios/{id}', 'put'],
      ['/api/auth/usuarios/{id}', 'delete'],
      ['/api/auth/perfis', 'get'],
      ['/api/auth/onboarding', 'post'],
      ['/api/geral/unidades-negocio', 'get'],
      ['/api/geral/unidades_negocio', 'post'],
      ['/api/geral/unidades_negocio/{id}', 'get'],
      ['/api/geral/unidades_negocio/{id}', 'delete'],
      ['/api/geral/unidades-negocio/{id}', 'put'],
      ['/api/manager/tenants', 'get'],
      ['/api/manager/tenants', 'post'],
      ['/api/manager/tenants/{id}', 'get'],
      ['/api/manager/tenants/{id}', 'put'],
    ];
    for (const [path, method] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    const post = doc.paths['/api/geral/unidades_negocio']!.post as { requestBody: { content: Record<string, unknown> } };
    expect(Object.keys(post.requestBody.content)).toContain('multipart/form-data');
  });

  it('serves the documentation UI', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('errors', () => {
  const junk: { name: string; contentType: string; payload: string }[] = [
    { name: 'broken JSON', contentType: 'application/json', payload: '{"email": ' },
    { name: 'a JSON array', contentType: 'application/json', payload: '[1,2,3]' },
    { name: 'a JSON string', contentType: 'application/json', payload: '"oi"' },
    { name: 'null', contentType: 'application/json', payload: 'null' },
    { name: 'numbers for strings', contentType: 'application/json', payload: '{"email": 1, "senha": {"a": 1}}' },
    { name: 'plain text', contentType: 'text/plain', payload: 'email=x' },
    { name: 'an unknown content type', contentType: 'application/x-lixo', payload: '\u0000\u0001' },
    { name: 'an empty JSON body', contentType: 'application/json', payload: '' },
  ];
  for (const { name, contentType, payload } of junk) {
    it(`answers 400 with the errors map for ${name}`, async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': contentType },
        payload,
      });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ errors: Record<string, string[]> }>();
      expect(Object.keys(body.errors).length).toBeGreaterThan(0);
      for (const messages of Object.values(body.errors))
        expect(messages.every((m) => typeof m === 'string' && m.length > 0)).toBe(true);
    });
  }

  it('answers 400, not 500, for a malformed id in the path', async () => {
    const t = await newTenant(ctx);
    const res = await ctx.app.inject({ url: '/api/auth/usuarios/nao-e-uuid', headers: t.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.id).toEqual(['Identificador inválido']);
  });

  it('answers 404 in the errors format for an unknown API path', async () => {
    const res = await ctx.app.inject({ url: '/api/nada-aqui' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: { generalErrors: ['Recurso não encontrado'] } });
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('x-unidade-negocio and permissions', () => {
  it('refuses (403) a unit of another tenant and accepts the own one', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const own = await ctx.app.inject({ url: '/api/auth/usuarios', headers: a.headers });
    expect(own.statusCode).toBe(200);
    const other = await ctx.app.inject({ url: '/api/auth/usuarios', headers: authHeaders(a.token, b.unidadeNegocioId) });
    expect(other.statusCode).toBe(403);
    expect(other.json().errors.generalErrors).toEqual(['Você não tem acesso a esta unidade de negócio']);
    const junk = await ctx.app.inject({ url: '/api/auth/me', headers: authHeaders(a.token, 'lixo') });
    expect(junk.statusCode).toBe(403);
  });

  it('refuses (403) a route to a profile without its permission', async () => {
    const t = await newTenant(ctx);
    const { headers } = await usuarioComPerfil(ctx, t, 'caixa', 'Caixa');
    const res = await ctx.app.inject({ url: '/api/auth/usuarios', headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: { generalErrors: ['Você não tem permissão para esta ação'] } });
    const me = await ctx.app.inject({ url: '/api/auth/me', headers });
    expect(me.statusCode).toBe(200);
  });

  it('asks for a unit on a route that needs a permission', async () => {
    const t = await newTenant(ctx);
    const res = await ctx.app.inject({ url: '/api/auth/usuarios', headers: authHeaders(t.token) });
    expect(res.statusCode).toBe(400);
  });
});

describe('XSRF', () => {
  it('refuses a state-changing request that carries cookies without the matching header', async () => {
    const t = await newTenant(ctx);
    const first = await ctx.app.inject({ url: '/api/health' });
    const cookie = first.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toBeTruthy();
    const payload = { senhaAtual: t.senha, novaSenha: 'nova-senha-789', confirmacaoSenha: 'nova-senha-789' };
    const without = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/alterar-senha',
      headers: { ...authHeaders(t.token), cookie: `XSRF-TOKEN=${cookie!.value}` },
      payload,
    });
    expect(without.statusCode).toBe(403);
    const withHeader = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/alterar-senha',
      headers: { ...authHeaders(t.token), cookie: `XSRF-TOKEN=${cookie!.value}`, 'x-xsrf-token': cookie!.value },
      payload,
    });
    expect(withHeader.statusCode).toBe(200);
  });
});

describe('row-level security', () => {
  it('hides other tenants rows even from a query without a where clause', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const seen = await withTenant(ctx.database.db, { tenantId: a.tenantId }, (tx) => tx.select().from(usuarios));
    expect(seen.map((u) => u.tenantId)).toEqual([a.tenantId]);
    expect(seen.some((u) => u.id === b.usuarioId)).toBe(false);
  });

  it('refuses to write a row into another tenant', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    await expect(
      withTenant(ctx.database.db, { tenantId: a.tenantId }, async (tx) =>
        tx.insert(usuarios).values({ tenantId: b.tenantId, nome: 'Intruso', email: uniqueEmail(), senhaHash: 'x' }),
      ),
    ).rejects.toThrow();
  });
});

describe('tenant and user deactivation', () => {
  it('ends the sessions of a deactivated tenant', async () => {
    const email = uniqueEmail('admin');
    const ids = await criarTenant(ctx.database.db, {
      tenant: { nome: 'Temporário', ativo: false },
      unidade: { nomeFantasia: 'Loja', razaoSocial: 'Loja', cnpj: '11222333000181' },
      administrador: { nome: 'Fulano', email, senha: 'senha-fulano-1' },
    });
    expect(ids.tenantId).toBeTruthy();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha: 'senha-fulano-1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.generalErrors[0]).toContain('desativada');
  });
});
