/**
 * The sales reports (issue #20): vendas-por-produto and vendas-por-categoria, on the hand-computed
 * month of ./relatorios-fixtures.ts (every expected figure worked out by hand there), and the
 * fixture itself read through the one net-sales rule (`itensVendidosSql`): figures to the cent
 * (discount prorated, freight out, return subtracted, cancelled out, 23:30 on the last day in, 00:30
 * on the 1st of the next month out), filters, orders, pages with totals over all rows, 400s in
 * Portuguese, tenant and unit isolation, permissions, CSV/XLSX/PDF exports read back.
 */
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CRITERIO_VENDAS } from '@petshop/shared/relatorios';
import type { VendasPorCategoriaResposta, VendasPorProdutoResposta } from '@petshop/shared/relatorios-vendas';
import { unidadesNegocio } from '../src/db/schema/index.ts';
import { queryRows } from '../src/db/rows.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { itensVendidosSql } from '../src/modules/relatorios/vendas-liquidas.ts';
import { newTenant, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';
import { cenarioRelatorios, ESPERADO, NOMES, type CenarioRelatorios } from './relatorios-fixtures.ts';
import { textoDoPdf } from './vendas-helper.ts';

const ctx = useTestApp();
const TZ = 'America/Sao_Paulo';

describe('the reports fixture through the net-sales rule', () => {
  it('gives the hand-computed figures per product and customer; other unit, cancelled and next month out', async () => {
    const t = await newTenant(ctx);
    const c = await cenarioRelatorios(ctx, t, { mes: '2026-03' });
    const periodo = { dataInicio: c.dataInicio, dataFim: c.dataFim };
    expect(periodo).toEqual({ dataInicio: '2026-03-01', dataFim: '2026-03-31' });
    const ler = (unidadeNegocioId: string, by: 'produto_id' | 'cliente_id') =>
      withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId }, async (tx) => {
        const rows = await queryRows<{ id: string; quantidade: string; receita: string; custo: string }>(
          tx,
          sql`
          with itens as (${itensVendidosSql(periodo, TZ)})
          select ${sql.raw(by)} as id, sum(quantidade) as quantidade, round(sum(receita), 2) as receita,
                 round(sum(custo), 2) as custo
            from itens group by 1`,
        );
        return Object.fromEntries(
          rows.map((r) => [r.id, { quantidade: Number(r.quantidade), receita: Number(r.receita), custo: Number(r.custo) }]),
        );
      });
    const porProduto = await ler(t.unidadeNegocioId, 'produto_id');
    const e = ESPERADO.produtos;
    expect(porProduto).toEqual({
      [c.produtos.p1.id]: { quantidade: e.p1.quantidade, receita: e.p1.faturamento, custo: e.p1.custo },
      [c.produtos.p2.id]: { quantidade: e.p2.quantidade, receita: e.p2.faturamento, custo: e.p2.custo },
      [c.produtos.p3.id]: { quantidade: e.p3.quantidade, receita: e.p3.faturamento, custo: e.p3.custo },
    });
    const porCliente = await ler(t.unidadeNegocioId, 'cliente_id');
    expect(Object.fromEntries(Object.entries(porCliente).map(([k, v]) => [k, v.receita]))).toEqual({
      [c.clientes.ana]: ESPERADO.clientes.ana.faturamento,
      [c.clientes.bruno]: ESPERADO.clientes.bruno.faturamento,
      [c.clientes.carla]: ESPERADO.clientes.carla.faturamento,
    });
    // Three sales (S1, S2, S3 at 23:30 on the 31st); the return is none.
    const [mes] = await withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId: t.unidadeNegocioId }, (tx) =>
      queryRows<{ vendas: string; receita: string }>(
        tx,
        sql`select count(distinct venda_id) filter (where not devolucao) as vendas, sum(receita) as receita
              from (${itensVendidosSql(periodo, TZ)}) x`,
      ),
    );
    expect({ vendas: Number(mes!.vendas), receita: Number(mes!.receita) }).toEqual({
      vendas: ESPERADO.mes.numeroVendas,
      receita: ESPERADO.mes.faturamento,
    });
    // The second unit sees only its own sale S6 (P1 2 × 100,00).
    expect(await ler(c.outraUnidade.id, 'produto_id')).toEqual({
      [c.produtos.p1.id]: { quantidade: 2, receita: 200, custo: 120 },
    });
    // April holds S5 (00:30 on 01/04) alone.
    const abril = await withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId: t.unidadeNegocioId }, (tx) =>
      queryRows<{ receita: string }>(
        tx,
        sql`select sum(receita) as receita from (${itensVendidosSql({ dataInicio: '2026-04-01', dataFim: '2026-04-30' }, TZ)}) x`,
      ),
    );
    expect(Number(abril[0]!.receita)).toBe(100);
  });
});

const PRODUTO = '/api/relatorios/vendas-por-produto';
const CATEGORIA = '/api/relatorios/vendas-por-categoria';

let t: TenantFixture;
let c: CenarioRelatorios;
let MARCO: string;

beforeAll(async () => {
  t = await newTenant(ctx);
  c = await cenarioRelatorios(ctx, t, { mes: '2026-03' });
  MARCO = `dataInicio=${c.dataInicio}&dataFim=${c.dataFim}`;
});

const get = async <T>(url: string, headers = t.headers): Promise<T> => {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const nomes = (r: { items: { nome: string }[] }) => r.items.map((l) => l.nome);

/** A product's row as the fixture's hand-computed figures say. */
const linhaProduto = (k: 'p1' | 'p2' | 'p3') => {
  const p = c.produtos[k];
  const categoria = { p1: 'Rações Secas', p2: 'Alimentação', p3: null }[k];
  const marca = { p1: 'Premier', p2: 'Premier', p3: 'Sanol' }[k];
  const { classeAbc: _, ...figuras } = ESPERADO.produtos[k];
  return { produtoId: p.id, nome: p.nome, codigo: p.codigo, codigoBarras: p.gtin, categoria, marca, ...figuras };
};

describe('GET /relatorios/vendas-por-produto', () => {
  it('per product, to the cent: quantity, revenue, cost, margin, share; totals and the top-10 chart', async () => {
    const r = await get<VendasPorProdutoResposta>(`${PRODUTO}?${MARCO}`);
    expect(r.items).toEqual([linhaProduto('p1'), linhaProduto('p3'), linhaProduto('p2')]);
    expect(r.total).toBe(3);
    expect(r.totais).toEqual({
      produtos: 3,
      quantidade: 22,
      faturamento: 533,
      custo: 312,
      margem: 221,
      margemPercentual: 41.46,
      participacao: 100,
    });
    expect(r.grafico).toEqual([
      { produtoId: c.produtos.p1.id, nome: NOMES.p1, faturamento: 360, margem: 120 },
      { produtoId: c.produtos.p3.id, nome: NOMES.p3, faturamento: 116, margem: 68 },
      { produtoId: c.produtos.p2.id, nome: NOMES.p2, faturamento: 57, margem: 33 },
    ]);
    expect(r.periodo).toEqual({ dataInicio: '2026-03-01', dataFim: '2026-03-31' });
    expect(r.criterio).toBe(CRITERIO_VENDAS);
    expect({ page: r.page, pageSize: r.pageSize }).toEqual({ page: 1, pageSize: 20 });
  });

  it('the month edges: 31/03 23:30 is March, 01/04 00:30 is April; the last day alone holds S3', async () => {
    const ultimoDia = await get<VendasPorProdutoResposta>(`${PRODUTO}?dataInicio=2026-03-31&dataFim=2026-03-31`);
    // S3: P3 1 × 20,00 and P2 2 × 5,00.
    expect(ultimoDia.items.map((l) => [l.nome, l.quantidade, l.faturamento])).toEqual([
      [NOMES.p3, 1, 20],
      [NOMES.p2, 2, 10],
    ]);
    const abril = await get<VendasPorProdutoResposta>(`${PRODUTO}?dataInicio=2026-04-01&dataFim=2026-04-30`);
    expect(abril.items.map((l) => [l.nome, l.quantidade, l.faturamento, l.custo])).toEqual([[NOMES.p1, 1, 100, 60]]);
    // The return's day alone: −4 × P2 at 4,50, its cost −8,00 (margin −10,00, −10/−18 = 55,56 %).
    const dia20 = await get<VendasPorProdutoResposta>(`${PRODUTO}?dataInicio=2026-03-20&dataFim=2026-03-20`);
    expect(dia20.items).toEqual([
      {
        ...linhaProduto('p2'),
        quantidade: -4,
        faturamento: -18,
        custo: -8,
        margem: -10,
        margemPercentual: 55.56,
        participacao: 100,
      },
    ]);
  });

  it('filters: category with its sub-categories, brand, product, search by name/code/GTIN', async () => {
    const alimentacao = await get<VendasPorProdutoResposta>(`${PRODUTO}?${MARCO}&categoriaId=${c.categorias.alimentos}`);
    expect(nomes(alimentacao)).toEqual([NOMES.p1, NOMES.p2]);
    // 360 + 57; the share is of the whole month (417 / 533).
    expect(alimentacao.totais).toMatchObject({ produtos: 2, quantidade: 16, faturamento: 417, custo: 264, margem: 153 });
    expect(alimentacao.totais.margemPercentual).toBe(36.69);
    expect(alimentacao.totais.participacao).toBe(78.24);
    expect(alimentacao.items[1]!.participacao).toBe(10.69);
    expect(nomes(await get(`${PRODUTO}?${MARCO}&categoriaId=${c.categorias.racoes}`))).toEqual([NOMES.p1]);
    expect(nomes(await get(`${PRODUTO}?${MARCO}&marcaId=${c.marcas.sanol}`))).toEqual([NOMES.p3]);
    expect(nomes(await get(`${PRODUTO}?${MARCO}&marcaId=${c.marcas.premier}&categoriaId=${c.categorias.racoes}`))).toEqual([
      NOMES.p1,
    ]);
    expect(nomes(await get(`${PRODUTO}?${MARCO}&produtoId=${c.produtos.p2.id}`))).toEqual([NOMES.p2]);
    expect(nomes(await get(`${PRODUTO}?${MARCO}&query=racao`))).toEqual([NOMES.p1]);
    expect(nomes(await get(`${PRODUTO}?${MARCO}&query=BIFINHO`))).toEqual([NOMES.p2]);
    expect(nomes(await get(`${PRODUTO}?${MARCO}&query=sn500`))).toEqual([NOMES.p3]);
    expect(nomes(await get(`${PRODUTO}?${MARCO}&query=7890000000024`))).toEqual([NOMES.p2]);
    const nada = await get<VendasPorProdutoResposta>(`${PRODUTO}?${MARCO}&query=gato`);
    expect(nada).toMatchObject({ items: [], total: 0, grafico: [] });
    expect(nada.totais).toEqual({
      produtos: 0,
      quantidade: 0,
      faturamento: 0,
      custo: 0,
      margem: 0,
      margemPercentual: null,
      participacao: 0,
    });
  });

  it('orders by quantity, margin or name', async () => {
    expect(nomes(await get(`${PRODUTO}?${MARCO}&ordem=quantidade`))).toEqual([NOMES.p2, NOMES.p3, NOMES.p1]); // 12, 6, 4
    expect(nomes(await get(`${PRODUTO}?${MARCO}&ordem=margem`))).toEqual([NOMES.p1, NOMES.p3, NOMES.p2]); // 120, 68, 33
    expect(nomes(await get(`${PRODUTO}?${MARCO}&ordem=nome`))).toEqual([NOMES.p2, NOMES.p1, NOMES.p3]);
  });

  it('pages in SQL with the totals of every row; an invalid page reads the first', async () => {
    const p2 = await get<VendasPorProdutoResposta>(`${PRODUTO}?${MARCO}&pageSize=2&page=2`);
    expect(nomes(p2)).toEqual([NOMES.p2]);
    expect(p2.total).toBe(3);
    expect(p2.totais.faturamento).toBe(533);
    expect(p2.grafico).toHaveLength(3);
    for (const page of ['abc', '0', '-3']) {
      const r = await get<VendasPorProdutoResposta>(`${PRODUTO}?${MARCO}&pageSize=2&page=${page}`);
      expect(r.page).toBe(1);
      expect(nomes(r)).toEqual([NOMES.p1, NOMES.p3]);
    }
  });

  it('400 in Portuguese for a period backwards, bad ids or order, never 500', async () => {
    const res = await ctx.app.inject({
      url: `${PRODUTO}?dataInicio=2026-03-31&dataFim=2026-03-01&categoriaId=x&marcaId=1&ordem=preco`,
      headers: t.headers,
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<{ errors: Record<string, string[]> }>();
    expect(errors.categoriaId).toEqual(['Categoria inválida']);
    expect(errors.marcaId).toEqual(['Marca inválida']);
    expect(errors.ordem).toEqual(['Ordem inválida: use faturamento, quantidade, margem ou nome']);
    const periodo = await ctx.app.inject({ url: `${PRODUTO}?dataInicio=2026-03-31&dataFim=2026-03-01`, headers: t.headers });
    expect(periodo.statusCode).toBe(400);
    expect(periodo.json<{ errors: Record<string, string[]> }>().errors.dataFim).toEqual([
      'A data final deve ser igual ou posterior à inicial',
    ]);
    for (const q of [
      'dataInicio=31/03/2026',
      'dataInicio=2026-03-01&dataInicio=2026-03-02',
      'query=' + 'x'.repeat(500),
      'formato=doc',
    ]) {
      const r = await ctx.app.inject({ url: `${PRODUTO}/exportar?formato=csv&${q}`, headers: t.headers });
      expect(r.statusCode, q).toBe(400);
    }
  });
});

describe('GET /relatorios/vendas-por-categoria', () => {
  const { alimentos, racoes, semCategoria } = ESPERADO.categorias;
  const linha = (id: string | null, e: typeof alimentos | typeof racoes | typeof semCategoria, caminho: string) => ({
    categoriaId: id,
    nome: e.nome,
    nivel: e.nivel,
    caminho,
    quantidade: e.quantidade,
    faturamento: e.faturamento,
    custo: e.custo,
    margem: e.margem,
    margemPercentual: e.margemPercentual,
    participacao: e.participacao,
  });

  it('the tree: each category with its sub-categories, "Sem categoria" last; totals once per product; the chart', async () => {
    const r = await get<VendasPorCategoriaResposta>(`${CATEGORIA}?${MARCO}`);
    expect(r.items).toEqual([
      linha(c.categorias.alimentos, alimentos, 'Alimentação'),
      linha(c.categorias.racoes, racoes, 'Alimentação › Rações Secas'),
      linha(null, semCategoria, 'Sem categoria'),
    ]);
    expect(r.total).toBe(3);
    expect(r.totais).toEqual({
      categorias: 3,
      quantidade: 22,
      faturamento: 533,
      custo: 312,
      margem: 221,
      margemPercentual: 41.46,
      participacao: 100,
    });
    expect(r.grafico).toEqual([
      { categoriaId: c.categorias.alimentos, nome: 'Alimentação', faturamento: 417, participacao: 78.24 },
      { categoriaId: null, nome: 'Sem categoria', faturamento: 116, participacao: 21.76 },
    ]);
    expect(r.criterio).toBe(CRITERIO_VENDAS);
  });

  it('query on the category name: the subtree counted once; the chart stays whole', async () => {
    const racoesSo = await get<VendasPorCategoriaResposta>(`${CATEGORIA}?${MARCO}&query=racoes`);
    expect(racoesSo.items.map((l) => l.caminho)).toEqual(['Alimentação › Rações Secas']);
    expect(racoesSo.totais).toMatchObject({ categorias: 1, faturamento: 360, custo: 240, participacao: 67.54 });
    expect(racoesSo.grafico).toHaveLength(2);
    // 'a' is in all three names: 417 + 116 (Rações Secas' 360 is inside Alimentação's 417), not 893.
    const todas = await get<VendasPorCategoriaResposta>(`${CATEGORIA}?${MARCO}&query=a`);
    expect(todas.total).toBe(3);
    expect(todas.totais).toMatchObject({ faturamento: 533, quantidade: 22 });
    const pagina2 = await get<VendasPorCategoriaResposta>(`${CATEGORIA}?${MARCO}&pageSize=2&page=2`);
    expect(pagina2.items.map((l) => l.nome)).toEqual(['Sem categoria']);
    expect(pagina2.totais.faturamento).toBe(533);
  });
});

describe('isolation and permissions', () => {
  it('another tenant and the second unit see none of the first unit’s sales', async () => {
    const outro = await newTenant(ctx);
    for (const url of [PRODUTO, CATEGORIA]) {
      const r = await get<VendasPorProdutoResposta>(`${url}?${MARCO}`, outro.headers);
      expect({ items: r.items, total: r.total, faturamento: r.totais.faturamento }).toEqual({
        items: [],
        total: 0,
        faturamento: 0,
      });
    }
    // The second unit: S6 alone (P1 2 × 100,00, cost 120,00).
    const filial = await get<VendasPorProdutoResposta>(`${PRODUTO}?${MARCO}`, c.outraUnidade.headers);
    expect(filial.items.map((l) => [l.nome, l.quantidade, l.faturamento, l.custo, l.participacao])).toEqual([
      [NOMES.p1, 2, 200, 120, 100],
    ]);
    const filialCat = await get<VendasPorCategoriaResposta>(`${CATEGORIA}?${MARCO}`, c.outraUnidade.headers);
    expect(filialCat.items.map((l) => [l.caminho, l.faturamento])).toEqual([
      ['Alimentação', 200],
      ['Alimentação › Rações Secas', 200],
    ]);
  });

  it('Caixa and Recepção 403; Financeiro and Gerente 200 (page and export)', async () => {
    for (const perfil of ['caixa', 'recepcao']) {
      const u = await usuarioComPerfil(ctx, t, perfil);
      for (const url of [`${PRODUTO}?${MARCO}`, `${CATEGORIA}?${MARCO}`, `${PRODUTO}/exportar?formato=csv`]) {
        expect((await ctx.app.inject({ url, headers: u.headers })).statusCode, `${perfil} ${url}`).toBe(403);
      }
    }
    for (const perfil of ['financeiro', 'gerente']) {
      const u = await usuarioComPerfil(ctx, t, perfil);
      expect((await get<VendasPorProdutoResposta>(`${PRODUTO}?${MARCO}`, u.headers)).totais.faturamento).toBe(533);
      expect((await get<VendasPorCategoriaResposta>(`${CATEGORIA}?${MARCO}`, u.headers)).total).toBe(3);
      expect((await ctx.app.inject({ url: `${CATEGORIA}/exportar?formato=xlsx&${MARCO}`, headers: u.headers })).statusCode).toBe(
        200,
      );
    }
  });
});

describe('exports', () => {
  const xlsx = async (url: string) => {
    const res = await ctx.app.inject({ url, headers: t.headers });
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    return { res, sheet, linha: (n: number) => (sheet.getRow(n).values as unknown[]).slice(1) };
  };

  it('XLSX: header, every row and the totals row (vendas-por-produto)', async () => {
    const { res, sheet, linha } = await xlsx(`${PRODUTO}/exportar?formato=xlsx&${MARCO}&pageSize=1&page=2`);
    expect(res.headers['content-disposition']).toBe('attachment; filename="vendas-por-produto-2026-03-01-a-2026-03-31.xlsx"');
    expect(linha(1)).toEqual([
      'Produto',
      'Código',
      'GTIN',
      'Categoria',
      'Marca',
      'Quantidade',
      'Faturamento',
      'Custo',
      'Margem',
      'Margem (%)',
      'Participação (%)',
    ]);
    expect(sheet.rowCount).toBe(5);
    expect(linha(2)).toEqual([NOMES.p1, 'RP10', '7890000000017', 'Rações Secas', 'Premier', 4, 360, 240, 120, 33.33, 67.54]);
    expect(linha(3)).toEqual([NOMES.p3, 'SN500', '7890000000031', undefined, 'Sanol', 6, 116, 48, 68, 58.62, 21.76]);
    expect(linha(4)).toEqual([NOMES.p2, 'PB65', '7890000000024', 'Alimentação', 'Premier', 12, 57, 24, 33, 57.89, 10.69]);
    expect(linha(5)).toEqual(['Total', undefined, undefined, undefined, undefined, 22, 533, 312, 221, 41.46, 100]);
  });

  it('CSV: ";" and decimal comma, the category path (vendas-por-categoria)', async () => {
    const res = await ctx.app.inject({ url: `${CATEGORIA}/exportar?formato=csv&${MARCO}`, headers: t.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Categoria;Quantidade;Faturamento;Custo;Margem;Margem (%);Participação (%)',
      'Alimentação;16;417,00;264,00;153,00;36,69;78,24',
      'Alimentação › Rações Secas;4;360,00;240,00;120,00;33,33;67,54',
      'Sem categoria;6;116,00;48,00;68,00;58,62;21,76',
      'Total;22;533,00;312,00;221,00;41,46;100,00',
      '',
    ]);
  });

  it('PDF: title, unit, period, filters and totals', async () => {
    const [unidade] = await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
      tx.select({ nome: unidadesNegocio.nomeFantasia }).from(unidadesNegocio).where(eq(unidadesNegocio.id, t.unidadeNegocioId)),
    );
    const res = await ctx.app.inject({
      url: `${PRODUTO}/exportar?formato=pdf&${MARCO}&categoriaId=${c.categorias.alimentos}&ordem=margem`,
      headers: t.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const texto = textoDoPdf(res.rawPayload);
    for (const trecho of [
      'VENDAS POR PRODUTO',
      unidade!.nome,
      'Período: 01/03/2026 a 31/03/2026',
      'Categoria: Alimentação (com subcategorias)',
      'Ordem: Maior margem',
      NOMES.p1,
      NOMES.p2,
      // The totals row: 360 + 57, 240 + 24, 120 + 33.
      'Total16R$ 417,00R$ 264,00R$ 153,00',
      // Percentages with 2 decimals, as the screen and the XLSX: p2's margin 33 ÷ 57, the total's 153 ÷ 417.
      '57,89 %',
      '36,69 %',
    ]) {
      expect(texto, trecho).toContain(trecho);
    }
    expect(texto).not.toContain(NOMES.p3);
    const cat = await ctx.app.inject({ url: `${CATEGORIA}/exportar?formato=pdf&${MARCO}`, headers: t.headers });
    expect(cat.statusCode).toBe(200);
    const textoCat = textoDoPdf(cat.rawPayload);
    for (const trecho of [
      'VENDAS POR CATEGORIA',
      'Alimentação › Rações Secas',
      'Sem categoria',
      'Total22R$ 533,00R$ 312,00R$ 221,00',
      '41,46 %', // 221 ÷ 533
    ]) {
      expect(textoCat, trecho).toContain(trecho);
    }
  });
});
