/**
 * /api/financeiro/categorias-financeiro (issue #4 item 1, DOMAIN.md §7): the income/expense
 * tree of a new tenant, CRUD with the tree rules (same kind as the parent, no cycles),
 * tree order and path, delete refused while in use or with children, permissions, tenancy.
 */
import { describe, expect, it } from 'vitest';
import type { CategoriaFinanceira } from '@petshop/shared/categoria-financeira';
import type { Conta } from '@petshop/shared/conta';
import type { Page } from '@petshop/shared/http';
import { withTenant } from '../src/db/tenant-scope.ts';
import { lancarMovimentoFinanceiro } from '../src/modules/financeiro/contas-ledger.ts';
import { CATEGORIAS_FINANCEIRAS_PADRAO } from '../src/modules/financeiro/defaults.ts';
import { authHeaders, newTenant, novaUnidade, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const URL = '/api/financeiro/categorias-financeiro';

const criar = (t: TenantFixture, payload: object, headers = t.headers) =>
  ctx.app.inject({ method: 'POST', url: URL, headers, payload });
const atualizar = (t: TenantFixture, id: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `${URL}/${id}`, headers: t.headers, payload });
const excluir = (t: TenantFixture, id: string, headers = t.headers) =>
  ctx.app.inject({ method: 'DELETE', url: `${URL}/${id}`, headers });
const listar = async (t: TenantFixture, qs = '', headers = t.headers) => {
  const res = await ctx.app.inject({ url: `${URL}?pageSize=100${qs}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json<Page<CategoriaFinanceira>>();
};
const categoria = async (t: TenantFixture, nome: string) =>
  (await listar(t, `&query=${encodeURIComponent(nome)}`)).items.find((c) => c.nome === nome)!;

describe('/api/financeiro/categorias-financeiro', () => {
  it('a new tenant starts with an income and expense tree, listed in tree order with paths', async () => {
    const t = await newTenant(ctx);
    const { items, total } = await listar(t);
    const esperado = Object.values(CATEGORIAS_FINANCEIRAS_PADRAO)
      .flat()
      .reduce((n, c) => n + 1 + (c.filhas?.length ?? 0), 0);
    expect(total).toBe(esperado);
    expect(items.map((c) => c.caminho)).toEqual([
      'Outras receitas',
      'Serviços de banho e tosa',
      'Serviços veterinários',
      'Vendas de produtos',
      'Compras',
      'Compras › Fornecedores/mercadorias',
      'Despesas operacionais',
      'Despesas operacionais › Água',
      'Despesas operacionais › Aluguel',
      'Despesas operacionais › Energia',
      'Despesas operacionais › Internet/telefone',
      'Despesas operacionais › Manutenção',
      'Despesas operacionais › Marketing',
      'Impostos e tarifas',
      'Impostos e tarifas › Impostos',
      'Impostos e tarifas › Tarifas bancárias e de cartão',
      'Outras despesas',
      'Pessoal',
      'Pessoal › Salários',
    ]);
    expect(items.filter((c) => c.tipo === 'receita').map((c) => c.nome)).toContain('Vendas de produtos');
    expect(items.find((c) => c.nome === 'Aluguel')).toMatchObject({
      tipo: 'despesa',
      categoriaPaiNome: 'Despesas operacionais',
      categoriaPaiId: items.find((c) => c.nome === 'Despesas operacionais')!.id,
      ativo: true,
    });
    // Filters: tipo, optional query (accent-insensitive), ativo.
    expect((await listar(t, '&tipo=receita')).total).toBe(4);
    expect((await listar(t, '&query=AGUA')).items.map((c) => c.caminho)).toEqual(['Despesas operacionais › Água']);
    expect((await listar(t, '&ativo=false')).total).toBe(0);
    expect((await ctx.app.inject({ url: `${URL}?page=2&pageSize=5`, headers: t.headers })).json()).toMatchObject({
      page: 2,
      pageSize: 5,
      total: esperado,
      items: [{ caminho: 'Compras › Fornecedores/mercadorias' }, {}, {}, {}, {}],
    });
  });

  it('creates, gets, updates and deletes a category under a parent of the same kind', async () => {
    const t = await newTenant(ctx);
    const pai = await categoria(t, 'Despesas operacionais');
    const res = await criar(t, { nome: ' Limpeza ', tipo: 'despesa', categoriaPaiId: pai.id });
    expect(res.statusCode).toBe(201);
    const limpeza = res.json<CategoriaFinanceira>();
    expect(limpeza).toEqual({
      id: expect.any(String),
      nome: 'Limpeza',
      tipo: 'despesa',
      categoriaPaiId: pai.id,
      categoriaPaiNome: 'Despesas operacionais',
      caminho: 'Despesas operacionais › Limpeza',
      ativo: true,
    });
    expect((await ctx.app.inject({ url: `${URL}/${limpeza.id}`, headers: t.headers })).json()).toEqual(limpeza);
    const neto = (
      await criar(t, { nome: 'Produtos de limpeza', tipo: 'despesa', categoriaPaiId: limpeza.id })
    ).json<CategoriaFinanceira>();
    expect(neto.caminho).toBe('Despesas operacionais › Limpeza › Produtos de limpeza');

    const put = await atualizar(t, limpeza.id, { nome: 'Higienização', tipo: 'despesa', categoriaPaiId: null, ativo: false });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ nome: 'Higienização', categoriaPaiId: null, caminho: 'Higienização', ativo: false });
    expect((await ctx.app.inject({ url: `${URL}/${neto.id}`, headers: t.headers })).json().caminho).toBe(
      'Higienização › Produtos de limpeza',
    );
    expect((await excluir(t, neto.id)).json()).toEqual({ ok: true });
    expect((await excluir(t, limpeza.id)).json()).toEqual({ ok: true });
    expect((await ctx.app.inject({ url: `${URL}/${limpeza.id}`, headers: t.headers })).statusCode).toBe(404);
  });

  it('validates fields, the parent kind and cycles in Portuguese', async () => {
    const t = await newTenant(ctx);
    const ruim = await criar(t, { nome: '', tipo: 'investimento', categoriaPaiId: 'x' });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().errors).toEqual({
      nome: ['Nome é obrigatório'],
      tipo: ['Tipo inválido'],
      categoriaPaiId: ['Categoria pai inválida'],
    });
    const receita = await categoria(t, 'Outras receitas');
    const misturada = await criar(t, { nome: 'Multas', tipo: 'despesa', categoriaPaiId: receita.id });
    expect(misturada.json().errors).toEqual({ categoriaPaiId: ['A categoria pai deve ser uma categoria de despesa'] });

    const pai = await categoria(t, 'Despesas operacionais');
    const filha = await categoria(t, 'Aluguel');
    expect((await atualizar(t, pai.id, { nome: pai.nome, tipo: 'despesa', categoriaPaiId: pai.id })).json().errors).toEqual({
      categoriaPaiId: ['Uma categoria não pode ser a sua própria categoria pai'],
    });
    expect((await atualizar(t, pai.id, { nome: pai.nome, tipo: 'despesa', categoriaPaiId: filha.id })).json().errors).toEqual({
      categoriaPaiId: ['A categoria pai não pode ser uma subcategoria desta categoria'],
    });
    // A parent cannot switch kind under its children.
    expect((await atualizar(t, pai.id, { nome: pai.nome, tipo: 'receita' })).json().errors).toEqual({
      tipo: ['Uma categoria com subcategorias não pode mudar de tipo'],
    });
    const outra = await newTenant(ctx);
    const alheia = await categoria(outra, 'Pessoal');
    expect((await criar(t, { nome: 'X', tipo: 'despesa', categoriaPaiId: alheia.id })).json().errors).toEqual({
      categoriaPaiId: ['Categoria pai não encontrada'],
    });
  });

  it('keeps names unique per tenant and kind, ignoring case and accents', async () => {
    const t = await newTenant(ctx);
    const dup = await criar(t, { nome: 'SALARIOS', tipo: 'despesa' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual({ nome: ['Já existe uma categoria deste tipo com este nome'] });
    // Same name, other kind: allowed.
    expect((await criar(t, { nome: 'Salários', tipo: 'receita' })).statusCode).toBe(201);
  });

  it('refuses to delete a category with subcategories or used by ledger entries', async () => {
    const t = await newTenant(ctx);
    const pai = await categoria(t, 'Despesas operacionais');
    const comFilhas = await excluir(t, pai.id);
    expect(comFilhas.statusCode).toBe(400);
    expect(comFilhas.json().errors.generalErrors).toEqual([
      'Esta categoria tem subcategorias e não pode ser excluída. Mova ou exclua as subcategorias, ou desative-a.',
    ]);

    // Used in another unit's ledger: invisible from here, still refused.
    const { id: filialId } = await novaUnidade(ctx, t);
    const contaFilial = (await ctx.app.inject({ url: '/api/financeiro/contas', headers: authHeaders(t.token, filialId) })).json<
      Page<Conta>
    >().items[0]!;
    const energia = await categoria(t, 'Energia');
    await withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId: filialId }, (tx) =>
      lancarMovimentoFinanceiro(tx, {
        contaId: contaFilial.id,
        data: '2025-02-05',
        valor: -230.4,
        descricao: 'Conta de luz',
        origem: 'baixa_despesa',
        categoriaFinanceiraId: energia.id,
        usuarioId: t.usuarioId,
      }),
    );
    const usada = await excluir(t, energia.id);
    expect(usada.statusCode).toBe(400);
    expect(usada.json().errors.generalErrors).toEqual([
      'Esta categoria está em uso por lançamentos financeiros e não pode ser excluída. Desative-a para que não seja mais usada.',
    ]);
    // And from the unit that used it, the check itself answers.
    const daFilial = await excluir(t, energia.id, authHeaders(t.token, filialId));
    expect(daFilial.json().errors.generalErrors[0]).toMatch(/em uso por lançamentos/);
  });

  it('caixa and financeiro read; only financeiro writes', async () => {
    const t = await newTenant(ctx);
    const caixa = (await usuarioComPerfil(ctx, t, 'caixa')).headers;
    const financeiro = (await usuarioComPerfil(ctx, t, 'financeiro')).headers;
    const veterinario = (await usuarioComPerfil(ctx, t, 'veterinario')).headers;
    expect((await listar(t, '&tipo=despesa', caixa)).total).toBeGreaterThan(0);
    expect((await ctx.app.inject({ url: URL, headers: veterinario })).statusCode).toBe(403);
    expect((await criar(t, { nome: 'Z', tipo: 'despesa' }, caixa)).statusCode).toBe(403);
    expect((await criar(t, { nome: 'Z', tipo: 'despesa' }, financeiro)).statusCode).toBe(201);
  });

  it('keeps tenants apart: another tenant cannot read, change or delete a category', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const nova = (await criar(a, { nome: 'Royalties', tipo: 'receita' })).json<CategoriaFinanceira>();
    expect((await ctx.app.inject({ url: `${URL}/${nova.id}`, headers: b.headers })).statusCode).toBe(404);
    expect((await atualizar(b, nova.id, { nome: 'X', tipo: 'receita' })).statusCode).toBe(404);
    expect((await excluir(b, nova.id)).statusCode).toBe(404);
    expect((await listar(b, '&query=royalties')).total).toBe(0);
    expect((await listar(b)).total).toBe((await listar(a)).total - 1);
  });
});
