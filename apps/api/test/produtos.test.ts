import { describe, expect, it } from 'vitest';
import type { CategoriaProduto } from '@petshop/shared/categoria-produto';
import type { Marca } from '@petshop/shared/marca';
import type { Produto } from '@petshop/shared/produto';
import type { UnidadeMedida } from '@petshop/shared/unidade-medida';
import { newTenant, semTiposAtendimentoPadrao, useTestApp, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const URL = '/api/inventario/produtos';

type Errors = Record<string, string[]>;

const criar = (t: TenantFixture, payload: object) => ctx.app.inject({ method: 'POST', url: URL, headers: t.headers, payload });
const atualizar = (t: TenantFixture, id: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `${URL}/${id}`, headers: t.headers, payload });
const obter = (t: TenantFixture, id: string) => ctx.app.inject({ url: `${URL}/${id}`, headers: t.headers });
const excluir = (t: TenantFixture, id: string) => ctx.app.inject({ method: 'DELETE', url: `${URL}/${id}`, headers: t.headers });

const listar = async (t: TenantFixture, qs = '') => {
  const res = await ctx.app.inject({ url: `${URL}?pageSize=100${qs}`, headers: t.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ items: Produto[]; total: number; page: number; pageSize: number }>();
};

/** The tenant's default units by sigla, plus a brand and a category of its own. */
const catalogo = async (t: TenantFixture) => {
  const unidades = (await ctx.app.inject({ url: '/api/inventario/unidades-medida?pageSize=100', headers: t.headers })).json<{
    items: UnidadeMedida[];
  }>().items;
  const un = (sigla: string) => unidades.find((u) => u.sigla === sigla)!.id;
  const marca = (
    await ctx.app.inject({ method: 'POST', url: '/api/inventario/marcas', headers: t.headers, payload: { nome: 'Golden' } })
  ).json<Marca>();
  const categoria = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/inventario/categorias-produto',
      headers: t.headers,
      payload: { nome: 'Rações Secas' },
    })
  ).json<CategoriaProduto>();
  return { un, marca, categoria };
};

/** Creates and returns a product, failing loudly when the API refuses it. */
const novo = async (t: TenantFixture, payload: object): Promise<Produto> => {
  const res = await criar(t, payload);
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json<Produto>();
};

describe('/api/inventario/produtos', () => {
  it('creates a product with every field and answers it whole', async () => {
    const t = await newTenant(ctx);
    const { un, marca, categoria } = await catalogo(t);
    const res = await criar(t, {
      tipo: 'produto',
      nome: 'Ração Golden Fórmula Cães Adultos Frango e Arroz 15 kg',
      codigo: 'GOL-15',
      codigoBarras: '7891000315507',
      marcaId: marca.id,
      categoriaId: categoria.id,
      unidadeMedidaId: un('SC'),
      precoCusto: 150,
      markup: 35,
      estoqueMinimo: 2.5,
      controlaLote: true,
      fiscal: { ncm: '2309.10.00', cest: '2200100', cfop: '5102', origem: '0', csosn: '102', pisCst: '49', cofinsCst: '49' },
    });
    expect(res.statusCode).toBe(201);
    const produto = res.json<Produto>();
    expect(produto).toMatchObject({
      tipo: 'produto',
      nome: 'Ração Golden Fórmula Cães Adultos Frango e Arroz 15 kg',
      codigo: 'GOL-15',
      codigoBarras: '7891000315507',
      marcaId: marca.id,
      marcaNome: 'Golden',
      categoriaId: categoria.id,
      categoriaNome: 'Rações Secas',
      unidadeMedidaId: un('SC'),
      unidadeMedida: { id: un('SC'), sigla: 'SC', permiteVendaFracionada: false },
      precoCusto: 150,
      markup: 35,
      precoVenda: 202.5,
      estoqueMinimo: 2.5,
      controlaEstoque: true,
      controlaLote: true,
      ativo: true,
      granel: null,
      fiscal: {
        ncm: '23091000',
        cest: '2200100',
        cfop: '5102',
        origem: '0',
        csosn: '102',
        cst: null,
        pisCst: '49',
        cofinsCst: '49',
      },
    });
    expect(produto.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await obter(t, produto.id)).json()).toEqual(produto);
  });

  it('fills defaults: product kind, stock control, CFOP 5102 and origin 0', async () => {
    const t = await newTenant(ctx);
    const { un } = await catalogo(t);
    const produto = await novo(t, { nome: 'Bola de Vinil', unidadeMedidaId: un('UN') });
    expect(produto).toMatchObject({
      tipo: 'produto',
      codigo: null,
      codigoBarras: null,
      marcaId: null,
      marcaNome: null,
      categoriaId: null,
      precoCusto: 0,
      markup: 0,
      precoVenda: 0,
      estoqueMinimo: 0,
      controlaEstoque: true,
      controlaLote: false,
      fiscal: { ncm: null, cest: null, cfop: '5102', origem: '0', csosn: null, cst: null, pisCst: null, cofinsCst: null },
    });
  });

  describe('prices kept consistent', () => {
    const precos = async (t: TenantFixture, un: string, dados: object) => {
      const p = await novo(t, { nome: `Produto ${Math.random()}`, unidadeMedidaId: un, ...dados });
      return { precoCusto: p.precoCusto, markup: p.markup, precoVenda: p.precoVenda };
    };

    it('computes the sale price from cost and markup, rounded to the cent', async () => {
      const t = await newTenant(ctx);
      const { un } = await catalogo(t);
      expect(await precos(t, un('UN'), { precoCusto: 10, markup: 33.333 })).toEqual({
        precoCusto: 10,
        markup: 33.33,
        precoVenda: 13.33,
      });
      expect(await precos(t, un('UN'), { precoCusto: 19.99, markup: 15 })).toEqual({
        precoCusto: 19.99,
        markup: 15,
        precoVenda: 22.99,
      });
      expect(await precos(t, un('UN'), { precoCusto: 0.1, markup: 5 })).toEqual({ precoCusto: 0.1, markup: 5, precoVenda: 0.11 });
      expect(await precos(t, un('UN'), { precoCusto: '1.234,56', markup: '10,5' })).toEqual({
        precoCusto: 1234.56,
        markup: 10.5,
        precoVenda: 1364.19,
      });
    });

    it('computes the markup from cost and sale price (2 decimals)', async () => {
      const t = await newTenant(ctx);
      const { un } = await catalogo(t);
      expect(await precos(t, un('UN'), { precoCusto: 1000, precoVenda: 1234.57 })).toEqual({
        precoCusto: 1000,
        markup: 23.46,
        precoVenda: 1234.57,
      });
      expect(await precos(t, un('UN'), { precoCusto: 30, precoVenda: 49.9 })).toEqual({
        precoCusto: 30,
        markup: 66.33,
        precoVenda: 49.9,
      });
    });

    it('computes the cost from markup and sale price', async () => {
      const t = await newTenant(ctx);
      const { un } = await catalogo(t);
      expect(await precos(t, un('UN'), { markup: 100, precoVenda: 50 })).toEqual({ precoCusto: 25, markup: 100, precoVenda: 50 });
    });

    it('trusts cost and sale price when the three disagree, recomputing the markup', async () => {
      const t = await newTenant(ctx);
      const { un } = await catalogo(t);
      expect(await precos(t, un('UN'), { precoCusto: 10, markup: 50, precoVenda: 16 })).toEqual({
        precoCusto: 10,
        markup: 60,
        precoVenda: 16,
      });
      expect(await precos(t, un('UN'), { precoCusto: 10, markup: 50, precoVenda: 15 })).toEqual({
        precoCusto: 10,
        markup: 50,
        precoVenda: 15,
      });
    });

    it('a sale price alone (services) has cost and markup 0', async () => {
      const t = await newTenant(ctx);
      const { un } = await catalogo(t);
      expect(await precos(t, un('UN'), { precoVenda: 65 })).toEqual({ precoCusto: 0, markup: 0, precoVenda: 65 });
    });

    it('refuses negative prices and a sale price below cost', async () => {
      const t = await newTenant(ctx);
      const { un } = await catalogo(t);
      const neg = await criar(t, { nome: 'X', unidadeMedidaId: un('UN'), precoCusto: -1, markup: -5, precoVenda: 'abc' });
      expect(neg.statusCode).toBe(400);
      expect(neg.json().errors).toMatchObject({
        precoCusto: ['Preço de custo não pode ser negativo'],
        markup: ['Markup não pode ser negativo'],
        precoVenda: ['Preço de venda deve ser um número'],
      });
      const abaixo = await criar(t, { nome: 'X', unidadeMedidaId: un('UN'), precoCusto: 20, precoVenda: 19.99 });
      expect(abaixo.json().errors).toEqual({ precoVenda: ['O preço de venda não pode ser menor que o preço de custo'] });
    });
  });

  it('validates fields in Portuguese: name, unit, barcode check digit, fiscal formats', async () => {
    const t = await newTenant(ctx);
    const res = await criar(t, {
      tipo: 'kit',
      nome: '',
      codigoBarras: '7891000315508',
      marcaId: 'x',
      estoqueMinimo: -1,
      fiscal: { ncm: '2309100', cest: '12', cfop: '51', origem: '9', csosn: '999', cst: '7', pisCst: '1', cofinsCst: 'ab' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Errors }>().errors).toEqual({
      tipo: ['Tipo inválido (produto ou serviço)'],
      nome: ['Nome é obrigatório'],
      codigoBarras: ['Código de barras inválido (dígito verificador não confere)'],
      marcaId: ['Marca inválida'],
      unidadeMedidaId: ['Unidade de medida é obrigatória'],
      estoqueMinimo: ['Estoque mínimo não pode ser negativo'],
      'fiscal.ncm': ['NCM deve ter 8 dígitos'],
      'fiscal.cest': ['CEST deve ter 7 dígitos'],
      'fiscal.cfop': ['CFOP deve ter 4 dígitos'],
      'fiscal.origem': ['Origem inválida'],
      'fiscal.csosn': ['CSOSN inválido'],
      'fiscal.cst': ['CST deve ter 2 dígitos'],
      'fiscal.pisCst': ['CST do PIS deve ter 2 dígitos'],
      'fiscal.cofinsCst': ['CST da COFINS deve ter 2 dígitos'],
    });
    const { un } = await catalogo(t);
    const curto = await criar(t, { nome: 'X', unidadeMedidaId: un('UN'), codigoBarras: '789123' });
    expect(curto.json().errors).toEqual({ codigoBarras: ['Código de barras deve ter 8, 12, 13 ou 14 dígitos'] });
    const letras = await criar(t, { nome: 'X', unidadeMedidaId: un('UN'), codigoBarras: '78910003155AB' });
    expect(letras.json().errors).toEqual({ codigoBarras: ['Código de barras deve ter somente números'] });
    // GTIN-8, GTIN-12 (UPC-A) and GTIN-14 are barcodes too.
    for (const gtin of ['96385074', '036000291452', '17891000315504']) {
      expect((await criar(t, { nome: `GTIN ${gtin}`, unidadeMedidaId: un('UN'), codigoBarras: gtin })).statusCode).toBe(201);
    }
  });

  it('refuses a barcode or a code (any case) already used in the tenant, but not in another tenant', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    await semTiposAtendimentoPadrao(ctx, b);
    const ca = await catalogo(a);
    const cb = await catalogo(b);
    await novo(a, { nome: 'Petisco A', unidadeMedidaId: ca.un('PC'), codigo: 'Pet-01', codigoBarras: '7898357410015' });
    const dupBarras = await criar(a, { nome: 'Petisco B', unidadeMedidaId: ca.un('PC'), codigoBarras: '7898357410015' });
    expect(dupBarras.statusCode).toBe(400);
    expect(dupBarras.json().errors).toEqual({ codigoBarras: ['Já existe um produto com este código de barras'] });
    const dupCodigo = await criar(a, { nome: 'Petisco C', unidadeMedidaId: ca.un('PC'), codigo: 'PET-01' });
    expect(dupCodigo.json().errors).toEqual({ codigo: ['Já existe um produto com este código'] });
    const outro = await novo(a, { nome: 'Petisco D', unidadeMedidaId: ca.un('PC') });
    const put = await atualizar(a, outro.id, { nome: 'Petisco D', unidadeMedidaId: ca.un('PC'), codigoBarras: '7898357410015' });
    expect(put.json().errors).toEqual({ codigoBarras: ['Já existe um produto com este código de barras'] });
    await novo(b, { nome: 'Petisco A', unidadeMedidaId: cb.un('PC'), codigo: 'PET-01', codigoBarras: '7898357410015' });
  });

  it('services never control stock or lots and have no bulk counterpart', async () => {
    const t = await newTenant(ctx);
    const { un } = await catalogo(t);
    const banho = await novo(t, { tipo: 'servico', nome: 'Banho P', unidadeMedidaId: un('UN'), precoVenda: 50 });
    expect(banho).toMatchObject({ tipo: 'servico', controlaEstoque: false, controlaLote: false, granel: null, precoVenda: 50 });
    const granel = await novo(t, { nome: 'Ração a Granel', unidadeMedidaId: un('KG') });
    const res = await criar(t, {
      tipo: 'servico',
      nome: 'Tosa',
      unidadeMedidaId: un('UN'),
      controlaEstoque: true,
      controlaLote: true,
      granel: { produtoGranelId: granel.id, fatorConversao: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      controlaEstoque: ['Serviços não controlam estoque'],
      controlaLote: ['Serviços não controlam lote'],
      granel: ['Serviços não têm produto a granel'],
    });
    const naoGranel = await criar(t, {
      nome: 'Saco',
      unidadeMedidaId: un('SC'),
      granel: { produtoGranelId: banho.id, fatorConversao: 15 },
    });
    expect(naoGranel.json().errors).toEqual({ 'granel.produtoGranelId': ['O produto a granel não pode ser um serviço'] });
  });

  describe('bulk (granel) counterpart', () => {
    it('links a bag to the product sold by the kg, with its conversion factor', async () => {
      const t = await newTenant(ctx);
      const { un } = await catalogo(t);
      const granel = await novo(t, {
        nome: 'Ração Premier Cães Adultos a Granel',
        unidadeMedidaId: un('KG'),
        precoCusto: 28,
        markup: 60,
      });
      expect(granel.unidadeMedida).toMatchObject({ sigla: 'KG', permiteVendaFracionada: true });
      const saco = await novo(t, {
        nome: 'Ração Premier Cães Adultos 15 kg',
        unidadeMedidaId: un('SC'),
        precoCusto: 390,
        precoVenda: 519.9,
        granel: { produtoGranelId: granel.id, fatorConversao: 15 },
      });
      expect(saco.granel).toEqual({
        produtoGranelId: granel.id,
        produtoGranelNome: 'Ração Premier Cães Adultos a Granel',
        fatorConversao: 15,
      });
      const pacote = await novo(t, {
        nome: 'Ração Premier Cães Adultos 10,1 kg',
        unidadeMedidaId: un('SC'),
        granel: { produtoGranelId: granel.id, fatorConversao: '10,1' },
      });
      expect(pacote.granel?.fatorConversao).toBe(10.1);
      // Removing the link.
      const semGranel = await atualizar(t, pacote.id, { nome: pacote.nome, unidadeMedidaId: un('SC'), granel: null });
      expect(semGranel.json().granel).toBeNull();
    });

    it('validates the factor and refuses itself, chains and services as counterpart', async () => {
      const t = await newTenant(ctx);
      const { un } = await catalogo(t);
      const granel = await novo(t, { nome: 'Granel', unidadeMedidaId: un('KG') });
      const saco = await novo(t, {
        nome: 'Saco',
        unidadeMedidaId: un('SC'),
        granel: { produtoGranelId: granel.id, fatorConversao: 15 },
      });
      const fator = await criar(t, {
        nome: 'Saco 2',
        unidadeMedidaId: un('SC'),
        granel: { produtoGranelId: granel.id, fatorConversao: 0 },
      });
      expect(fator.json().errors).toEqual({ 'granel.fatorConversao': ['Fator de conversão deve ser maior que zero'] });
      const semFator = await criar(t, { nome: 'Saco 2', unidadeMedidaId: un('SC'), granel: { produtoGranelId: granel.id } });
      expect(semFator.json().errors['granel.fatorConversao']).toBeDefined();
      const proprio = await atualizar(t, granel.id, {
        nome: 'Granel',
        unidadeMedidaId: un('KG'),
        granel: { produtoGranelId: granel.id, fatorConversao: 1 },
      });
      expect(proprio.json().errors).toEqual({ 'granel.produtoGranelId': ['Um produto não pode ser o seu próprio granel'] });
      const outro = await novo(t, { nome: 'Outro Granel', unidadeMedidaId: un('KG') });
      const granelComGranel = await atualizar(t, granel.id, {
        nome: 'Granel',
        unidadeMedidaId: un('KG'),
        granel: { produtoGranelId: outro.id, fatorConversao: 1 },
      });
      expect(granelComGranel.json().errors).toEqual({
        'granel.produtoGranelId': ['Este produto já é o produto a granel de outro e não pode ter um granel'],
      });
      const paraSaco = await criar(t, {
        nome: 'Caixa',
        unidadeMedidaId: un('CX'),
        granel: { produtoGranelId: saco.id, fatorConversao: 2 },
      });
      expect(paraSaco.json().errors).toEqual({
        'granel.produtoGranelId': ['O produto escolhido já tem um produto a granel próprio'],
      });
      const virarServico = await atualizar(t, granel.id, { tipo: 'servico', nome: 'Granel', unidadeMedidaId: un('KG') });
      expect(virarServico.json().errors).toEqual({
        tipo: ['Este produto é o produto a granel de outro e não pode ser um serviço'],
      });
      const inexistente = await criar(t, {
        nome: 'Saco 3',
        unidadeMedidaId: un('SC'),
        granel: { produtoGranelId: '00000000-0000-4000-8000-000000000000', fatorConversao: 3 },
      });
      expect(inexistente.json().errors).toEqual({ 'granel.produtoGranelId': ['Produto a granel não encontrado'] });
    });

    it('refuses to delete the bulk counterpart of another product, suggesting deactivation', async () => {
      const t = await newTenant(ctx);
      const { un } = await catalogo(t);
      const granel = await novo(t, { nome: 'Ração Golden a Granel', unidadeMedidaId: un('KG') });
      const saco = await novo(t, {
        nome: 'Ração Golden 15 kg',
        unidadeMedidaId: un('SC'),
        granel: { produtoGranelId: granel.id, fatorConversao: 15 },
      });
      const del = await excluir(t, granel.id);
      expect(del.statusCode).toBe(400);
      expect(del.json().errors.generalErrors).toEqual([
        'Este produto é o produto a granel de "Ração Golden 15 kg" e não pode ser excluído. Desative-o para que não seja mais vendido.',
      ]);
      expect((await excluir(t, saco.id)).json()).toEqual({ ok: true });
      expect((await excluir(t, granel.id)).json()).toEqual({ ok: true });
      expect((await obter(t, granel.id)).statusCode).toBe(404);
    });
  });

  it('refuses brands, categories and units of another tenant or deactivated ones (kept when already set)', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    await semTiposAtendimentoPadrao(ctx, b);
    const ca = await catalogo(a);
    const cb = await catalogo(b);
    const alheio = await criar(a, {
      nome: 'X',
      unidadeMedidaId: cb.un('UN'),
      marcaId: cb.marca.id,
      categoriaId: cb.categoria.id,
    });
    expect(alheio.statusCode).toBe(400);
    expect(alheio.json().errors).toEqual({ unidadeMedidaId: ['Unidade de medida não encontrada'] });
    const alheios = await criar(a, { nome: 'X', unidadeMedidaId: ca.un('UN'), marcaId: cb.marca.id });
    expect(alheios.json().errors).toEqual({ marcaId: ['Marca não encontrada'] });
    const categoria = await criar(a, { nome: 'X', unidadeMedidaId: ca.un('UN'), categoriaId: cb.categoria.id });
    expect(categoria.json().errors).toEqual({ categoriaId: ['Categoria não encontrada'] });

    const produto = await novo(a, { nome: 'Com marca', unidadeMedidaId: ca.un('UN'), marcaId: ca.marca.id });
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/inventario/marcas/${ca.marca.id}`,
      headers: a.headers,
      payload: { nome: 'Golden', ativo: false },
    });
    const mantida = await atualizar(a, produto.id, {
      nome: 'Com marca (editado)',
      unidadeMedidaId: ca.un('UN'),
      marcaId: ca.marca.id,
    });
    expect(mantida.statusCode).toBe(200);
    const nova = await criar(a, { nome: 'Nova', unidadeMedidaId: ca.un('UN'), marcaId: ca.marca.id });
    expect(nova.json().errors).toEqual({ marcaId: ['Marca desativada'] });
  });

  it('updates a product', async () => {
    const t = await newTenant(ctx);
    const { un, marca } = await catalogo(t);
    const produto = await novo(t, { nome: 'Coleira', unidadeMedidaId: un('UN'), precoCusto: 10, markup: 100 });
    const put = await atualizar(t, produto.id, {
      nome: 'Coleira de Couro',
      codigo: 'COL-1',
      marcaId: marca.id,
      unidadeMedidaId: un('UN'),
      precoCusto: 12,
      markup: 100,
      controlaEstoque: false,
      ativo: false,
      fiscal: { ncm: '42010090', origem: 2, cst: '00' },
    });
    expect(put.statusCode).toBe(200);
    const atualizado = put.json<Produto>();
    expect(atualizado).toMatchObject({
      id: produto.id,
      nome: 'Coleira de Couro',
      codigo: 'COL-1',
      marcaNome: 'Golden',
      precoCusto: 12,
      precoVenda: 24,
      controlaEstoque: false,
      ativo: false,
      fiscal: { ncm: '42010090', origem: '2', cst: '00', cfop: '5102' },
    });
    expect(new Date(atualizado.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(produto.updatedAt).getTime());
    const invalido = await atualizar(t, produto.id, { nome: '', unidadeMedidaId: un('UN') });
    expect(invalido.json().errors).toEqual({ nome: ['Nome é obrigatório'] });
    expect(
      (await atualizar(t, '00000000-0000-4000-8000-000000000000', { nome: 'X', unidadeMedidaId: un('UN') })).statusCode,
    ).toBe(404);
  });

  it('lists ordered by name, searching name (no accents), code and barcode, with filters', async () => {
    const t = await newTenant(ctx);
    await semTiposAtendimentoPadrao(ctx, t);
    const { un, marca, categoria } = await catalogo(t);
    const sub = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/inventario/categorias-produto',
        headers: t.headers,
        payload: { nome: 'Rações Úmidas', categoriaPaiId: categoria.id },
      })
    ).json<CategoriaProduto>();
    const racao = await novo(t, {
      nome: 'Ração Golden Gatos',
      unidadeMedidaId: un('SC'),
      marcaId: marca.id,
      categoriaId: categoria.id,
    });
    const sache = await novo(t, { nome: 'sachê Golden Gatos', unidadeMedidaId: un('UN'), categoriaId: sub.id, codigo: 'SAC-9' });
    const brinquedo = await novo(t, { nome: 'Bola', unidadeMedidaId: un('UN'), codigoBarras: '7891000315507', ativo: false });
    const banho = await novo(t, { tipo: 'servico', nome: 'Banho M', unidadeMedidaId: un('UN'), precoVenda: 65 });

    const nomes = (r: { items: Produto[] }) => r.items.map((p) => p.nome);
    expect(nomes(await listar(t))).toEqual(['Banho M', 'Bola', 'Ração Golden Gatos', 'sachê Golden Gatos']);
    expect(nomes(await listar(t, '&query=RACAO'))).toEqual(['Ração Golden Gatos']);
    expect(nomes(await listar(t, '&query=sache gol'))).toEqual(['sachê Golden Gatos']);
    expect(nomes(await listar(t, '&query=sac-9'))).toEqual(['sachê Golden Gatos']);
    expect(nomes(await listar(t, '&query=7891000315507'))).toEqual(['Bola']);
    expect(nomes(await listar(t, '&tipo=servico'))).toEqual(['Banho M']);
    expect(nomes(await listar(t, `&marcaId=${marca.id}`))).toEqual(['Ração Golden Gatos']);
    expect(nomes(await listar(t, `&categoriaId=${categoria.id}`))).toEqual(['Ração Golden Gatos', 'sachê Golden Gatos']);
    expect(nomes(await listar(t, `&categoriaId=${sub.id}`))).toEqual(['sachê Golden Gatos']);
    expect(nomes(await listar(t, '&ativo=false'))).toEqual(['Bola']);
    expect(nomes(await listar(t, '&tipo=&categoriaId=&marcaId=&ativo=&query='))).toHaveLength(4);
    const pagina = await ctx.app.inject({ url: `${URL}?page=2&pageSize=3`, headers: t.headers });
    expect(pagina.json()).toMatchObject({ total: 4, page: 2, pageSize: 3, items: [{ id: sache.id }] });
    const invalido = await ctx.app.inject({ url: `${URL}?tipo=kit&categoriaId=x`, headers: t.headers });
    expect(invalido.statusCode).toBe(400);
    expect(Object.keys(invalido.json().errors).sort()).toEqual(['categoriaId', 'tipo']);
    expect([racao.id, brinquedo.id, banho.id]).toHaveLength(3);
  });

  it('keeps tenants apart: 404 on another tenant product, never listed', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    await semTiposAtendimentoPadrao(ctx, b);
    const ca = await catalogo(a);
    const cb = await catalogo(b);
    const produto = await novo(a, { nome: 'Exclusivo do A', unidadeMedidaId: ca.un('UN'), codigoBarras: '7891000315507' });
    expect((await obter(b, produto.id)).statusCode).toBe(404);
    expect((await atualizar(b, produto.id, { nome: 'Roubado', unidadeMedidaId: cb.un('UN') })).statusCode).toBe(404);
    expect((await excluir(b, produto.id)).statusCode).toBe(404);
    expect((await listar(b)).total).toBe(0);
    expect((await listar(b, '&query=exclusivo')).total).toBe(0);
    expect((await listar(b, '&query=7891000315507')).total).toBe(0);
    const granelAlheio = await criar(b, {
      nome: 'Saco',
      unidadeMedidaId: cb.un('SC'),
      granel: { produtoGranelId: produto.id, fatorConversao: 15 },
    });
    expect(granelAlheio.json().errors).toEqual({ 'granel.produtoGranelId': ['Produto a granel não encontrado'] });
    expect((await obter(a, produto.id)).json().nome).toBe('Exclusivo do A');
  });

  it('documents every catalogue call in OpenAPI', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    for (const recurso of ['unidades-medida', 'marcas', 'categorias-produto', 'fornecedores', 'produtos']) {
      expect(paths).toContain(`/api/inventario/${recurso}`);
      expect(paths).toContain(`/api/inventario/${recurso}/{id}`);
    }
    expect(paths).toContain('/api/inventario/produtos/busca-pdv');
  });
});
