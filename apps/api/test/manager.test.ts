import { describe, expect, it } from 'vitest';
import type { Tenant } from '@petshop/shared/tenant';
import { tenants, usuarios } from '../src/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { authHeaders, login, newTenant, uniqueEmail, useTestApp, validCnpj, type TenantFixture } from './helper.ts';
import { clearAuthCache } from '../src/plugins/auth-cache.ts';

const ctx = useTestApp();

const operador = async (): Promise<TenantFixture> => {
  const t = await newTenant(ctx);
  await ctx.database.db.update(usuarios).set({ operadorPlataforma: true }).where(eq(usuarios.id, t.usuarioId));
  clearAuthCache();
  return t;
};

const novoTenant = () => ({
  nome: 'Pet Shop Novo',
  cnpj: validCnpj(),
  plano: 'profissional',
  limiteUnidades: 3,
  limiteUsuarios: 8,
  administrador: { nome: 'Dona Nova', email: uniqueEmail('nova'), senha: 'senha-nova-123' },
});

describe('/api/manager/tenants', () => {
  it('is refused (403) to users who are not platform operators', async () => {
    const t = await newTenant(ctx);
    for (const req of [
      { method: 'GET' as const, url: '/api/manager/tenants' },
      { method: 'POST' as const, url: '/api/manager/tenants', payload: novoTenant() },
      { method: 'GET' as const, url: `/api/manager/tenants/${t.tenantId}` },
    ]) {
      const res = await ctx.app.inject({ ...req, headers: t.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().errors.generalErrors).toEqual(['Acesso restrito aos operadores da plataforma']);
    }
  });

  it('creates a tenant with its first unit and administrator, who can log in', async () => {
    const op = await operador();
    const dados = novoTenant();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/manager/tenants', headers: op.headers, payload: dados });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      nome: 'Pet Shop Novo',
      plano: 'profissional',
      totalUnidades: 1,
      totalUsuarios: 1,
      limiteUnidades: 3,
    });
    const session = await login(ctx, dados.administrador.email, dados.administrador.senha);
    expect(session.user.unidadesNegocio[0]).toMatchObject({ nome: 'Pet Shop Novo', perfil: { id: 'administrador' } });
  });

  it('validates the body and refuses a taken administrator e-mail', async () => {
    const op = await operador();
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/manager/tenants',
      headers: op.headers,
      payload: { nome: '', plano: 'ouro', limiteUnidades: 0 },
    });
    expect(bad.statusCode).toBe(400);
    const { errors } = bad.json<{ errors: Record<string, string[]> }>();
    expect(errors.nome).toBeDefined();
    expect(errors.plano).toEqual(['Plano inválido']);
    expect(errors.limiteUnidades).toEqual(['Limite de unidades deve ser ao menos 1']);
    expect(errors.administrador).toBeDefined();
    const taken = await ctx.app.inject({
      method: 'POST',
      url: '/api/manager/tenants',
      headers: op.headers,
      payload: { ...novoTenant(), administrador: { nome: 'X', email: op.email, senha: 'senha-qualquer' } },
    });
    expect(taken.json().errors).toEqual({ 'administrador.email': ['E-mail já cadastrado'] });
  });

  it('lists with search, gets, updates and deactivates a tenant (its users lose access)', async () => {
    const op = await operador();
    const other = await newTenant(ctx);
    const list = await ctx.app.inject({
      url: `/api/manager/tenants?query=${encodeURIComponent(other.email)}`,
      headers: op.headers,
    });
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: other.tenantId, totalUnidades: 1, totalUsuarios: 1 }] });
    const got = await ctx.app.inject({ url: `/api/manager/tenants/${other.tenantId}`, headers: op.headers });
    const tenant = got.json<Tenant>();
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/manager/tenants/${other.tenantId}`,
      headers: op.headers,
      payload: { nome: tenant.nome, cnpj: tenant.cnpj, plano: 'rede', ativo: false, limiteUnidades: 10, limiteUsuarios: 50 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ plano: 'rede', ativo: false, limiteUnidades: 10 });
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: authHeaders(other.token) })).statusCode).toBe(401);
    const [row] = await ctx.database.db.select().from(tenants).where(eq(tenants.id, other.tenantId));
    expect(row!.ativo).toBe(false);
  });

  it('refuses limits below current usage, deactivating its own tenant, and unknown ids', async () => {
    const op = await operador();
    const payload = { nome: 'X', plano: 'basico', ativo: false, limiteUnidades: 1, limiteUsuarios: 1 };
    const own = await ctx.app.inject({ method: 'PUT', url: `/api/manager/tenants/${op.tenantId}`, headers: op.headers, payload });
    expect(own.json().errors.ativo).toBeDefined();
    const missing = await ctx.app.inject({
      url: '/api/manager/tenants/00000000-0000-4000-8000-000000000000',
      headers: op.headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});
