import { describe, expect, it } from 'vitest';
import type { Marca } from '@petshop/shared/marca';
import type { UnidadeMedida } from '@petshop/shared/unidade-medida';
import { newTenant, useTestApp, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const URL = '/api/inventario/marcas';

const criar = (t: TenantFixture, payload: object) => ctx.app.inject({ method: 'POST', url: URL, headers: t.headers, payload });

const listar = async (t: TenantFixture, qs = '') => {
  const res = await ctx.app.inject({ url: `${URL}?pageSize=100${qs}`, headers: t.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: Marca[]; total: number }>();
};

describe('/api/inventario/marcas', () => {
  it('creates, gets, updates and deletes a brand', async () => {
    const t = await newTenant(ctx);
    const res = await criar(t, { nome: '  Royal Canin ' });
    expect(res.statusCode).toBe(201);
    const marca = res.json<Marca>();
    expect(marca).toEqual({ id: expect.any(String), nome: 'Royal Canin', ativo: true });
    expect((await ctx.app.inject({ url: `${URL}/${marca.id}`, headers: t.headers })).json()).toEqual(marca);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${marca.id}`,
      headers: t.headers,
      payload: { nome: 'Royal Canin Brasil', ativo: false },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ nome: 'Royal Canin Brasil', ativo: false });
    expect((await ctx.app.inject({ method: 'DELETE', url: `${URL}/${marca.id}`, headers: t.headers })).json()).toEqual({
      ok: true,
    });
    expect((await ctx.app.inject({ url: `${URL}/${marca.id}`, headers: t.headers })).statusCode).toBe(404);
  });

  it('validates the name in Portuguese', async () => {
    const t = await newTenant(ctx);
    const vazio = await criar(t, { nome: '   ' });
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().errors).toEqual({ nome: ['Nome é obrigatório'] });
    const longo = await criar(t, { nome: 'x'.repeat(81) });
    expect(longo.json().errors.nome).toEqual(['Nome deve ter no máximo 80 caracteres']);
    const semCorpo = await ctx.app.inject({ method: 'POST', url: URL, headers: t.headers, payload: {} });
    expect(semCorpo.json().errors.nome).toBeDefined();
  });

  it('refuses a name already used in the tenant ignoring case and accents, also on update', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    expect((await criar(a, { nome: 'Guabi Natural' })).statusCode).toBe(201);
    const dup = await criar(a, { nome: 'GUABÍ natural' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ nome: ['Já existe uma marca com este nome'] });
    const outra = (await criar(a, { nome: 'Golden' })).json<Marca>();
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `${URL}/${outra.id}`,
      headers: a.headers,
      payload: { nome: 'guabi natural' },
    });
    expect(put.json().errors).toEqual({ nome: ['Já existe uma marca com este nome'] });
    expect((await criar(b, { nome: 'Guabi Natural' })).statusCode).toBe(201);
  });

  it('lists ordered by name with accent-insensitive search and ativo filter', async () => {
    const t = await newTenant(ctx);
    for (const nome of ['Pedigree', 'Premiér Pet', 'Golden', 'Whiskas']) await criar(t, { nome });
    await criar(t, { nome: 'Antiga', ativo: false });
    expect((await listar(t)).items.map((m) => m.nome)).toEqual(['Antiga', 'Golden', 'Pedigree', 'Premiér Pet', 'Whiskas']);
    expect((await listar(t, '&query=PREMIER')).items.map((m) => m.nome)).toEqual(['Premiér Pet']);
    expect((await listar(t, '&query=gree')).items.map((m) => m.nome)).toEqual(['Pedigree']);
    expect((await listar(t, '&ativo=false')).items.map((m) => m.nome)).toEqual(['Antiga']);
    const pagina = await ctx.app.inject({ url: `${URL}?page=2&pageSize=2`, headers: t.headers });
    expect(pagina.json()).toMatchObject({
      total: 5,
      page: 2,
      pageSize: 2,
      items: [{ nome: 'Pedigree' }, { nome: 'Premiér Pet' }],
    });
  });

  it('refuses to delete a brand used by a product, suggesting deactivation', async () => {
    const t = await newTenant(ctx);
    const marca = (await criar(t, { nome: 'Kong' })).json<Marca>();
    const un = (await ctx.app.inject({ url: '/api/inventario/unidades-medida?query=UN', headers: t.headers }))
      .json<{ items: UnidadeMedida[] }>()
      .items.find((u) => u.sigla === 'UN')!;
    const prod = await ctx.app.inject({
      method: 'POST',
      url: '/api/inventario/produtos',
      headers: t.headers,
      payload: { nome: 'Kong Classic M', marcaId: marca.id, unidadeMedidaId: un.id, precoVenda: 70 },
    });
    expect(prod.statusCode).toBe(201);
    const del = await ctx.app.inject({ method: 'DELETE', url: `${URL}/${marca.id}`, headers: t.headers });
    expect(del.statusCode).toBe(400);
    expect(del.json().errors.generalErrors).toEqual([
      'Esta marca está em uso por produtos e não pode ser excluída. Desative-a para que não seja mais usada.',
    ]);
  });

  it('keeps tenants apart: 404 on another tenant brand, never listed', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const marca = (await criar(a, { nome: 'Biofresh' })).json<Marca>();
    expect((await ctx.app.inject({ url: `${URL}/${marca.id}`, headers: b.headers })).statusCode).toBe(404);
    const put = await ctx.app.inject({ method: 'PUT', url: `${URL}/${marca.id}`, headers: b.headers, payload: { nome: 'X' } });
    expect(put.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${URL}/${marca.id}`, headers: b.headers })).statusCode).toBe(404);
    expect((await listar(b)).total).toBe(0);
  });
});
