import { describe, expect, it } from 'vitest';
import type { UnidadeMedida } from '@petshop/shared/unidade-medida';
import { newTenant, useTestApp, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const URL = '/api/inventario/unidades-medida';

const criar = (t: TenantFixture, payload: object) => ctx.app.inject({ method: 'POST', url: URL, headers: t.headers, payload });

const listar = async (t: TenantFixture, qs = '') => {
  const res = await ctx.app.inject({ url: `${URL}?pageSize=100${qs}`, headers: t.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: UnidadeMedida[]; total: number }>();
};

describe('/api/inventario/unidades-medida', () => {
  it('a new tenant starts with the usual units (UN whole, KG fractional, ...)', async () => {
    const t = await newTenant(ctx);
    const { items } = await listar(t);
    const porSigla = Object.fromEntries(items.map((u) => [u.sigla, u]));
    expect(Object.keys(porSigla).sort()).toEqual(['CX', 'DZ', 'FR', 'G', 'KG', 'L', 'ML', 'MT', 'PC', 'SC', 'UN']);
    expect(porSigla.UN).toMatchObject({ descricao: 'Unidade', permiteVendaFracionada: false, ativo: true });
    expect(porSigla.KG).toMatchObject({ descricao: 'Quilograma', permiteVendaFracionada: true });
    expect(porSigla.ML!.permiteVendaFracionada).toBe(true);
    expect(porSigla.CX!.permiteVendaFracionada).toBe(false);
  });

  it('creates (sigla upper-cased), gets, updates and deletes a unit', async () => {
    const t = await newTenant(ctx);
    const res = await criar(t, { sigla: ' m2 ', descricao: 'Metro quadrado', permiteVendaFracionada: true });
    expect(res.statusCode).toBe(201);
    const unidade = res.json<UnidadeMedida>();
    expect(unidade).toMatchObject({ sigla: 'M2', descricao: 'Metro quadrado', permiteVendaFracionada: true, ativo: true });

    const got = await ctx.app.inject({ url: `${URL}/${unidade.id}`, headers: t.headers });
    expect(got.json()).toEqual(unidade);

    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${unidade.id}`,
      headers: t.headers,
      payload: { sigla: 'M2', descricao: 'Metro²', permiteVendaFracionada: false, ativo: false },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ descricao: 'Metro²', permiteVendaFracionada: false, ativo: false });

    const del = await ctx.app.inject({ method: 'DELETE', url: `${URL}/${unidade.id}`, headers: t.headers });
    expect(del.json()).toEqual({ ok: true });
    expect((await ctx.app.inject({ url: `${URL}/${unidade.id}`, headers: t.headers })).statusCode).toBe(404);
  });

  it('validates with Portuguese messages on each field', async () => {
    const t = await newTenant(ctx);
    const res = await criar(t, { sigla: 'QUILOGR', descricao: '', permiteVendaFracionada: 'sim' });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<{ errors: Record<string, string[]> }>();
    expect(errors.sigla).toEqual(['Sigla deve ter no máximo 6 caracteres']);
    expect(errors.descricao).toEqual(['Descrição é obrigatória']);
    expect(errors.permiteVendaFracionada).toEqual(['Informe se permite venda fracionada']);
    const simbolos = await criar(t, { sigla: 'k g', descricao: 'x' });
    expect(simbolos.json().errors.sigla).toEqual(['Sigla deve ter somente letras e números']);
  });

  it('refuses a sigla already used in the tenant, whatever the case, but not in another tenant', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const dup = await criar(a, { sigla: 'kg', descricao: 'Quilo' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ sigla: ['Já existe uma unidade de medida com esta sigla'] });
    expect((await criar(a, { sigla: 'TON', descricao: 'Tonelada' })).statusCode).toBe(201);
    expect((await criar(b, { sigla: 'TON', descricao: 'Tonelada' })).statusCode).toBe(201);
  });

  it('lists with search (sigla or description, accent-insensitive), ativo filter and pagination', async () => {
    const t = await newTenant(ctx);
    const busca = await listar(t, '&query=duzia');
    expect(busca.items.map((u) => u.sigla)).toEqual(['DZ']);
    const porSigla = await listar(t, '&query=ml');
    expect(porSigla.items.map((u) => u.sigla)).toEqual(['ML']);
    const inativa = (await criar(t, { sigla: 'BD', descricao: 'Balde', ativo: false })).json<UnidadeMedida>();
    expect((await listar(t, '&ativo=false')).items.map((u) => u.id)).toEqual([inativa.id]);
    expect((await listar(t, '&ativo=true')).total).toBe(11);
    const page = await ctx.app.inject({ url: `${URL}?page=2&pageSize=5`, headers: t.headers });
    expect(page.json()).toMatchObject({ total: 12, page: 2, pageSize: 5 });
    expect(page.json().items).toHaveLength(5);
  });

  it('refuses to delete a unit used by a product, suggesting deactivation', async () => {
    const t = await newTenant(ctx);
    const un = (await listar(t, '&query=UN')).items.find((u) => u.sigla === 'UN')!;
    const prod = await ctx.app.inject({
      method: 'POST',
      url: '/api/inventario/produtos',
      headers: t.headers,
      payload: { nome: 'Coleira', unidadeMedidaId: un.id, precoVenda: 10 },
    });
    expect(prod.statusCode).toBe(201);
    const del = await ctx.app.inject({ method: 'DELETE', url: `${URL}/${un.id}`, headers: t.headers });
    expect(del.statusCode).toBe(400);
    expect(del.json().errors.generalErrors[0]).toMatch(/em uso por produtos.*Desative-a/);
  });

  it('keeps tenants apart: 404 on another tenant unit, never listed', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const unidade = (await criar(a, { sigla: 'GL', descricao: 'Galão' })).json<UnidadeMedida>();
    expect((await ctx.app.inject({ url: `${URL}/${unidade.id}`, headers: b.headers })).statusCode).toBe(404);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${unidade.id}`,
      headers: b.headers,
      payload: { sigla: 'GL', descricao: 'Roubado' },
    });
    expect(put.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${URL}/${unidade.id}`, headers: b.headers })).statusCode).toBe(404);
    expect((await listar(b)).items.some((u) => u.id === unidade.id)).toBe(false);
    expect((await ctx.app.inject({ url: `${URL}/${unidade.id}`, headers: a.headers })).json().descricao).toBe('Galão');
  });
});
