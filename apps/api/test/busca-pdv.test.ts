import { describe, expect, it } from 'vitest';
import type { Produto, ProdutoPdv } from '@petshop/shared/produto';
import type { UnidadeMedida } from '@petshop/shared/unidade-medida';
import { darEntrada, permitirEstoqueNegativo, segundaUnidade } from './fixtures/vendas.ts';
import { newTenant, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';

const ctx = useTestApp();
const URL = '/api/inventario/produtos/busca-pdv';

const unidades = async (t: TenantFixture) => {
  const items = (await ctx.app.inject({ url: '/api/inventario/unidades-medida?pageSize=100', headers: t.headers })).json<{
    items: UnidadeMedida[];
  }>().items;
  return (sigla: string) => items.find((u) => u.sigla === sigla)!.id;
};

const novo = async (t: TenantFixture, payload: object): Promise<Produto> => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/inventario/produtos', headers: t.headers, payload });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json<Produto>();
};

const buscar = async (headers: Record<string, string>, q: string) => {
  const res = await ctx.app.inject({ url: `${URL}?q=${encodeURIComponent(q)}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json<ProdutoPdv[]>();
};

describe('GET /api/inventario/produtos/busca-pdv', () => {
  it('answers what the till needs: a barcode read finds its product', async () => {
    const t = await newTenant(ctx);
    const un = await unidades(t);
    const produto = await novo(t, {
      nome: 'Ração Golden Gatos Castrados Salmão 10,1 kg',
      codigo: 'GOL-10',
      codigoBarras: '7896349401249',
      unidadeMedidaId: un('SC'),
      precoCusto: 150,
      precoVenda: 219.9,
    });
    expect(await buscar(t.headers, '7896349401249')).toEqual([
      {
        id: produto.id,
        nome: 'Ração Golden Gatos Castrados Salmão 10,1 kg',
        codigo: 'GOL-10',
        codigoBarras: '7896349401249',
        precoVenda: 219.9,
        unidadeMedida: { sigla: 'SC', permiteVendaFracionada: false },
        tipo: 'produto',
        controlaEstoque: true,
        estoque: 0,
      },
    ]);
    const granel = await novo(t, {
      nome: 'Ração Golden Gatos a Granel',
      codigo: 'GOL-KG',
      unidadeMedidaId: un('KG'),
      precoVenda: 29.9,
    });
    expect(await buscar(t.headers, 'gol-kg')).toEqual([
      expect.objectContaining({ id: granel.id, unidadeMedida: { sigla: 'KG', permiteVendaFracionada: true } }),
    ]);
  });

  it('barcode first, then internal code, then names', async () => {
    const t = await newTenant(ctx);
    const un = await unidades(t);
    const porBarras = await novo(t, {
      nome: 'Petisco Dreamies Carne 40 g',
      codigoBarras: '7896029087169',
      unidadeMedidaId: un('PC'),
    });
    // Another product whose internal code and name hold the same digits.
    const porCodigo = await novo(t, {
      nome: 'Caixa 7896029087169 (lote antigo)',
      codigo: '7896029087169X',
      unidadeMedidaId: un('UN'),
    });
    await novo(t, {
      nome: 'Kit 7896029087169',
      codigo: '7896029087169',
      codigoBarras: '7891000315507',
      unidadeMedidaId: un('UN'),
    });
    expect((await buscar(t.headers, '7896029087169')).map((p) => p.id)).toEqual([porBarras.id]);

    // A code match wins over names containing the text.
    await novo(t, { nome: 'Bola 123 Colorida', unidadeMedidaId: un('UN') });
    const codigo123 = await novo(t, { nome: 'Mordedor de Corda', codigo: '123', unidadeMedidaId: un('UN') });
    expect((await buscar(t.headers, '123')).map((p) => p.id)).toEqual([codigo123.id]);
    expect((await buscar(t.headers, '7896029087169x')).map((p) => p.id)).toEqual([porCodigo.id]);

    // Shaped like a barcode but nobody's barcode: the internal code, then names, still answer.
    const codigoLongo = await novo(t, { nome: 'Coleira Antipulgas', codigo: '78910003155', unidadeMedidaId: un('UN') });
    expect((await buscar(t.headers, '78910003155')).map((p) => p.id)).toEqual([codigoLongo.id]);
    const kit = (await buscar(t.headers, '7891000315507')).map((p) => p.nome);
    expect(kit).toEqual(['Kit 7896029087169']);
    expect((await buscar(t.headers, '78960290')).map((p) => p.nome)).toEqual([
      'Caixa 7896029087169 (lote antigo)',
      'Kit 7896029087169',
    ]);
  });

  it('finds names without accents or case, names starting with the text first, then by name', async () => {
    const t = await newTenant(ctx);
    const un = await unidades(t);
    for (const nome of [
      'Ração Premier Cães 15 kg',
      'Sachê Ração Úmida Whiskas',
      'ração golden gatos 3 kg',
      'Petisco de Frango',
      'Racao Special Dog 20 kg',
    ]) {
      await novo(t, { nome, unidadeMedidaId: un('UN') });
    }
    await novo(t, { nome: 'Ração Inativa', unidadeMedidaId: un('UN'), ativo: false });
    const nomes = async (q: string) => (await buscar(t.headers, q)).map((p) => p.nome);
    // Starting with "racao" first, then containing it; alphabetical ignoring accents and case.
    expect(await nomes('racao')).toEqual([
      'ração golden gatos 3 kg',
      'Ração Premier Cães 15 kg',
      'Racao Special Dog 20 kg',
      'Sachê Ração Úmida Whiskas',
    ]);
    expect(await nomes('RAÇÃO GOLDEN')).toEqual(['ração golden gatos 3 kg']);
    expect(await nomes('umida')).toEqual(['Sachê Ração Úmida Whiskas']);
    expect(await nomes('frango')).toEqual(['Petisco de Frango']);
    expect(await nomes('inativa')).toEqual([]);
    expect(await nomes('%')).toEqual([]);
    expect(await nomes('nada parecido')).toEqual([]);
  });

  it("answers each product's stock balance in the selected unit, never another unit's or tenant's (issue #15)", async () => {
    const t = await newTenant(ctx);
    const un = await unidades(t);
    const bairro = await segundaUnidade(ctx, t);
    const racao = await novo(t, {
      nome: 'Ração Premier Cães Adultos 15 kg',
      codigo: 'PRE-15',
      codigoBarras: '7896349401249',
      unidadeMedidaId: un('SC'),
    });
    const granel = await novo(t, { nome: 'Ração Premier a Granel', codigo: 'PRE-KG', unidadeMedidaId: un('KG') });
    await novo(t, { nome: 'Banho Premier Porte P', tipo: 'servico', unidadeMedidaId: un('UN') });
    const semControle = await novo(t, {
      nome: 'Sacola Premier',
      codigo: 'PRE-SAC',
      unidadeMedidaId: un('UN'),
      controlaEstoque: false,
    });
    await darEntrada(ctx, t, racao.id, 62);
    await darEntrada(ctx, t, granel.id, 12.345);
    await darEntrada(ctx, t, semControle.id, 5);
    await darEntrada(ctx, t, racao.id, 7, bairro.id);

    const estoques = async (headers: Record<string, string>, q: string) =>
      Object.fromEntries((await buscar(headers, q)).map((p) => [p.nome, p.estoque]));
    // Scanner read (barcode path) and name search answer the same balance.
    expect(await estoques(t.headers, '7896349401249')).toEqual({ 'Ração Premier Cães Adultos 15 kg': 62 });
    expect(await estoques(t.headers, 'premier')).toEqual({
      'Banho Premier Porte P': null,
      'Ração Premier a Granel': 12.345,
      'Ração Premier Cães Adultos 15 kg': 62,
      'Sacola Premier': null,
    });
    // The other unit sees its own balance (and 0 where nothing ever moved there).
    expect(await estoques(bairro.headers, '7896349401249')).toEqual({ 'Ração Premier Cães Adultos 15 kg': 7 });
    expect(await estoques(bairro.headers, 'PRE-KG')).toEqual({ 'Ração Premier a Granel': 0 });

    // A balance below zero (allowed by the unit) is answered as it is.
    await permitirEstoqueNegativo(ctx, t, true);
    await darEntrada(ctx, t, granel.id, -20);
    expect(await estoques(t.headers, 'pre-kg')).toEqual({ 'Ração Premier a Granel': -7.655 });

    // Another tenant with the same barcode sees only its own product and stock.
    const outro = await newTenant(ctx);
    const unOutro = await unidades(outro);
    await novo(outro, { nome: 'Ração do Outro', codigoBarras: '7896349401249', unidadeMedidaId: unOutro('SC') });
    expect(await estoques(outro.headers, '7896349401249')).toEqual({ 'Ração do Outro': 0 });
  });

  it('answers at most 20 products', async () => {
    const t = await newTenant(ctx);
    const un = await unidades(t);
    for (let i = 1; i <= 23; i++)
      await novo(t, { nome: `Brinquedo Kong ${String(i).padStart(2, '0')}`, unidadeMedidaId: un('UN') });
    const achados = await buscar(t.headers, 'kong');
    expect(achados).toHaveLength(20);
    expect(achados[0]!.nome).toBe('Brinquedo Kong 01');
    expect(achados[19]!.nome).toBe('Brinquedo Kong 20');
  });

  it('validates q in Portuguese', async () => {
    const t = await newTenant(ctx);
    const sem = await ctx.app.inject({ url: URL, headers: t.headers });
    expect(sem.statusCode).toBe(400);
    expect(sem.json().errors.q).toEqual(['Informe o que buscar']);
    const vazio = await ctx.app.inject({ url: `${URL}?q=%20%20`, headers: t.headers });
    expect(vazio.json().errors.q).toEqual(['Informe o que buscar']);
    const longo = await ctx.app.inject({ url: `${URL}?q=${'a'.repeat(101)}`, headers: t.headers });
    expect(longo.json().errors.q).toEqual(['A busca deve ter no máximo 100 caracteres']);
  });

  it('never finds another tenant products', async () => {
    const a = await newTenant(ctx);
    const b = await newTenant(ctx);
    const un = await unidades(a);
    await novo(a, {
      nome: 'Antipulgas Bravecto 10 a 20 kg',
      codigo: 'BRV-20',
      codigoBarras: '7896029087169',
      unidadeMedidaId: un('CX'),
    });
    expect(await buscar(b.headers, '7896029087169')).toEqual([]);
    expect(await buscar(b.headers, 'BRV-20')).toEqual([]);
    expect(await buscar(b.headers, 'bravecto')).toEqual([]);
    expect(await buscar(a.headers, 'bravecto')).toHaveLength(1);
  });

  it('the cashier (produtos) may search and read the catalogue but not change it; the groomer may not search', async () => {
    const t = await newTenant(ctx);
    const un = await unidades(t);
    await novo(t, { nome: 'Shampoo Sanol Dog Neutro 500 ml', unidadeMedidaId: un('FR'), precoVenda: 18.9 });
    const caixa = (await usuarioComPerfil(ctx, t, 'caixa')).headers;
    expect((await buscar(caixa, 'shampoo')).map((p) => p.precoVenda)).toEqual([18.9]);
    expect((await ctx.app.inject({ url: '/api/inventario/produtos', headers: caixa })).statusCode).toBe(200);
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/api/inventario/produtos',
      headers: caixa,
      payload: { nome: 'X', unidadeMedidaId: un('UN') },
    });
    expect(post.statusCode).toBe(403);
    const marca = await ctx.app.inject({ method: 'POST', url: '/api/inventario/marcas', headers: caixa, payload: { nome: 'X' } });
    expect(marca.statusCode).toBe(403);
    const banhista = (await usuarioComPerfil(ctx, t, 'banhista')).headers;
    expect((await ctx.app.inject({ url: `${URL}?q=shampoo`, headers: banhista })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `${URL}?q=shampoo` })).statusCode).toBe(401);
  });
});
