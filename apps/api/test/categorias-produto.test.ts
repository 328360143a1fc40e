import { describe, expect, it } from 'vitest';
import type { CategoriaProduto } from '@petshop/shared/categoria-produto';
import type { UnidadeMedida } from '@petshop/shared/unidade-medida';
import { newTenant, useTestApp, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const URL = '/api/inventario/categorias-produto';

const criar = (t: TenantFixture, payload: object) => ctx.app.inject({ method: 'POST', url: URL, headers: t.headers, payload });
const atualizar = (t: TenantFixture, id: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `${URL}/${id}`, headers: t.headers, payload });

const listar = async (t: TenantFixture, qs = '') => {
  const res = await ctx.app.inject({ url: `${URL}?pageSize=100${qs}`, headers: t.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: CategoriaProduto[]; total: number }>();
};

describe('/api/inventario/categorias-produto', () => {
  it('a new tenant starts with the pet shop categories', async () => {
    const t = await newTenant(ctx);
    const nomes = (await listar(t)).items.map((c) => c.nome);
    expect(nomes).toEqual([
      'Acessórios',
      'Aquarismo',
      'Brinquedos',
      'Higiene e Beleza',
      'Medicamentos',
      'Petiscos',
      'Rações',
      'Serviços de Banho e Tosa',
      'Serviços Veterinários',
      'Vacinas',
    ]);
  });

  it('creates a subcategory with its parent name, gets, updates and deletes it', async () => {
    const t = await newTenant(ctx);
    const racoes = (await listar(t, '&query=racoes')).items[0]!;
    const res = await criar(t, { nome: 'Rações para Cães', categoriaPaiId: racoes.id });
    expect(res.statusCode).toBe(201);
    const sub = res.json<CategoriaProduto>();
    expect(sub).toMatchObject({ nome: 'Rações para Cães', categoriaPaiId: racoes.id, categoriaPaiNome: 'Rações', ativo: true });
    expect((await ctx.app.inject({ url: `${URL}/${sub.id}`, headers: t.headers })).json()).toEqual(sub);
    expect((await listar(t, `&categoriaPaiId=${racoes.id}`)).items.map((c) => c.id)).toEqual([sub.id]);

    const put = await atualizar(t, sub.id, { nome: 'Rações Caninas', categoriaPaiId: null, ativo: false });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ nome: 'Rações Caninas', categoriaPaiId: null, categoriaPaiNome: null, ativo: false });
    expect((await ctx.app.inject({ method: 'DELETE', url: `${URL}/${sub.id}`, headers: t.headers })).json()).toEqual({
      ok: true,
    });
    expect((await ctx.app.inject({ url: `${URL}/${sub.id}`, headers: t.headers })).statusCode).toBe(404);
  });

  it('validates in Portuguese: required name, parent id format, unknown parent', async () => {
    const t = await newTenant(ctx);
    const res = await criar(t, { nome: '', categoriaPaiId: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ nome: ['Nome é obrigatório'], categoriaPaiId: ['Categoria pai inválida'] });
    const semPai = await criar(t, { nome: 'Órfã', categoriaPaiId: '00000000-0000-4000-8000-000000000000' });
    expect(semPai.json().errors).toEqual({ categoriaPaiId: ['Categoria pai não encontrada'] });
  });

  it('refuses a name already used in the tenant ignoring case and accents', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const dup = await criar(a, { nome: 'racoes' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ nome: ['Já existe uma categoria com este nome'] });
    expect((await criar(a, { nome: 'Camas e Casinhas' })).statusCode).toBe(201);
    expect((await criar(b, { nome: 'Camas e Casinhas' })).statusCode).toBe(201);
  });

  it('a category cannot be its own ancestor', async () => {
    const t = await newTenant(ctx);
    const avo = (await criar(t, { nome: 'Cães' })).json<CategoriaProduto>();
    const pai = (await criar(t, { nome: 'Cães Filhotes', categoriaPaiId: avo.id })).json<CategoriaProduto>();
    const filho = (await criar(t, { nome: 'Cães Filhotes Porte Mini', categoriaPaiId: pai.id })).json<CategoriaProduto>();
    const propria = await atualizar(t, avo.id, { nome: 'Cães', categoriaPaiId: avo.id });
    expect(propria.statusCode).toBe(400);
    expect(propria.json().errors).toEqual({ categoriaPaiId: ['Uma categoria não pode ser a sua própria categoria pai'] });
    const ciclo = await atualizar(t, avo.id, { nome: 'Cães', categoriaPaiId: filho.id });
    expect(ciclo.statusCode).toBe(400);
    expect(ciclo.json().errors).toEqual({ categoriaPaiId: ['A categoria pai não pode ser uma subcategoria desta categoria'] });
    // Moving a branch under an unrelated category is fine.
    const outra = (await criar(t, { nome: 'Gatos' })).json<CategoriaProduto>();
    expect((await atualizar(t, pai.id, { nome: 'Cães Filhotes', categoriaPaiId: outra.id })).statusCode).toBe(200);
  });

  it('refuses to delete a category with subcategories or used by a product, suggesting deactivation', async () => {
    const t = await newTenant(ctx);
    const pai = (await criar(t, { nome: 'Camas' })).json<CategoriaProduto>();
    await criar(t, { nome: 'Camas Grandes', categoriaPaiId: pai.id });
    const comFilhas = await ctx.app.inject({ method: 'DELETE', url: `${URL}/${pai.id}`, headers: t.headers });
    expect(comFilhas.statusCode).toBe(400);
    expect(comFilhas.json().errors.generalErrors[0]).toContain('tem subcategorias');

    const usada = (await criar(t, { nome: 'Casinhas' })).json<CategoriaProduto>();
    const un = (await ctx.app.inject({ url: '/api/inventario/unidades-medida?query=UN', headers: t.headers }))
      .json<{ items: UnidadeMedida[] }>()
      .items.find((u) => u.sigla === 'UN')!;
    await ctx.app.inject({
      method: 'POST',
      url: '/api/inventario/produtos',
      headers: t.headers,
      payload: { nome: 'Casinha Plástica Nº 3', categoriaId: usada.id, unidadeMedidaId: un.id, precoVenda: 150 },
    });
    const del = await ctx.app.inject({ method: 'DELETE', url: `${URL}/${usada.id}`, headers: t.headers });
    expect(del.statusCode).toBe(400);
    expect(del.json().errors.generalErrors[0]).toMatch(/em uso por produtos.*Desative-a/);
  });

  it('keeps tenants apart: 404 on another tenant category, which is no valid parent either', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const cat = (await criar(a, { nome: 'Só do A' })).json<CategoriaProduto>();
    expect((await ctx.app.inject({ url: `${URL}/${cat.id}`, headers: b.headers })).statusCode).toBe(404);
    expect((await atualizar(b, cat.id, { nome: 'X' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${URL}/${cat.id}`, headers: b.headers })).statusCode).toBe(404);
    const filhaEmB = await criar(b, { nome: 'Filha', categoriaPaiId: cat.id });
    expect(filhaEmB.json().errors).toEqual({ categoriaPaiId: ['Categoria pai não encontrada'] });
    expect((await listar(b, '&query=do a')).total).toBe(0);
  });
});
