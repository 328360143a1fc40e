/**
 * The ABC curves (issue #20): curva-abc-produtos and curva-abc-clientes.
 *
 * - On the reports' hand-computed month (./relatorios-fixtures.ts, ESPERADO): exact positions,
 *   shares, cumulative shares and classes; the class filter, a page, a search and the category's
 *   own curve keep each row's class; the second unit and another tenant see none of it;
 *   Caixa 403, Financeiro 200; exports read back.
 * - On a month of this file (`cenarioAbc`, every figure by hand below): a product exactly at 80 %
 *   before it (B), C, a product whose return outweighs its sales (negative, C, last), sales
 *   without a customer (out of the customers' curve, apart in the totals).
 * - A curve of 150 products: the Pareto chart's sample (≤ 100 points, the class edges kept).
 */
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { RELATORIOS } from '@petshop/shared/relatorios';
import {
  classeAbc,
  MAX_PONTOS_PARETO,
  type CurvaAbcClientesResposta,
  type CurvaAbcProdutosResposta,
} from '@petshop/shared/relatorios-abc';
import { produtos, unidadesMedida } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { newTenant, useTestApp, usuarioComPerfil, type TenantFixture, type TestContext } from './helper.ts';
import { cenarioRelatorios, ESPERADO, NOMES } from './relatorios-fixtures.ts';
import { inserirDevolucao, inserirVenda, novoCliente, scopeOf, textoDoPdf } from './vendas-helper.ts';

const ctx = useTestApp();

const MARCO = 'dataInicio=2026-03-01&dataFim=2026-03-31';

const get = async <R>(headers: Record<string, string>, url: string): Promise<{ status: number; body: R }> => {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json<R>() };
};
const produtosAbc = (headers: Record<string, string>, qs: string) =>
  get<CurvaAbcProdutosResposta>(headers, `/api/relatorios/curva-abc-produtos?${qs}`);
const clientesAbc = (headers: Record<string, string>, qs: string) =>
  get<CurvaAbcClientesResposta>(headers, `/api/relatorios/curva-abc-clientes?${qs}`);

/** The three classes' summary with nothing in it. */
const SEM_CLASSES = [
  { classe: 'A', itens: 0, faturamento: 0, participacao: 0 },
  { classe: 'B', itens: 0, faturamento: 0, participacao: 0 },
  { classe: 'C', itens: 0, faturamento: 0, participacao: 0 },
];

describe('curva-abc-produtos on the reports fixture', () => {
  it('ranks, shares and classes by hand; cancelled, next month and the other unit out', async () => {
    const t = await newTenant(ctx);
    const c = await cenarioRelatorios(ctx, t, { mes: '2026-03' });
    const { status, body } = await produtosAbc(t.headers, MARCO);
    expect(status).toBe(200);
    // P1 360 (4 units: S1 only; S4 cancelled, S5 in April, S6 in the other unit), P3 116, P2 57 (return subtracted).
    // Shares of 533: 67,54 / 21,76 / 10,69; cumulative 67,54 / 476÷533 = 89,31 / 100.
    // Classes: P1 before 0 % A; P3 before 67,54 % A; P2 before 89,31 % B.
    expect(body.items).toEqual([
      {
        posicao: 1,
        produtoId: c.produtos.p1.id,
        produto: NOMES.p1,
        codigo: 'RP10',
        quantidade: 4,
        faturamento: 360,
        participacao: 67.54,
        acumulado: 67.54,
        classe: 'A',
      },
      {
        posicao: 2,
        produtoId: c.produtos.p3.id,
        produto: NOMES.p3,
        codigo: 'SN500',
        quantidade: 6,
        faturamento: 116,
        participacao: 21.76,
        acumulado: 89.31,
        classe: 'A',
      },
      {
        posicao: 3,
        produtoId: c.produtos.p2.id,
        produto: NOMES.p2,
        codigo: 'PB65',
        quantidade: 12,
        faturamento: 57,
        participacao: 10.69,
        acumulado: 100,
        classe: 'B',
      },
    ]);
    // The fixture's own expectations agree.
    expect(body.items.map((l) => l.classe)).toEqual(ESPERADO.ordemProdutos.map((p) => ESPERADO.produtos[p].classeAbc));
    expect(body.total).toBe(3);
    expect(body.totais).toEqual({
      itens: 3,
      quantidade: 22,
      faturamento: 533,
      participacao: 100,
      faturamentoCurva: 533,
      classes: [
        { classe: 'A', itens: 2, faturamento: 476, participacao: 89.31 },
        { classe: 'B', itens: 1, faturamento: 57, participacao: 10.69 },
        { classe: 'C', itens: 0, faturamento: 0, participacao: 0 },
      ],
    });
    expect(body.itensCurva).toBe(3);
    expect(body.pareto).toEqual([
      { posicao: 1, nome: NOMES.p1, faturamento: 360, acumulado: 67.54, classe: 'A' },
      { posicao: 2, nome: NOMES.p3, faturamento: 116, acumulado: 89.31, classe: 'A' },
      { posicao: 3, nome: NOMES.p2, faturamento: 57, acumulado: 100, classe: 'B' },
    ]);
    expect(body.periodo).toEqual({ dataInicio: '2026-03-01', dataFim: '2026-03-31' });
    expect(body.criterio).toContain('devoluções são abatidas');

    // classe=B: P2 alone, still 3rd and B; the class summary is still the whole curve's.
    const b = await produtosAbc(t.headers, `${MARCO}&classe=B`);
    expect(b.body.items.map((l) => [l.posicao, l.produto, l.classe, l.acumulado])).toEqual([[3, NOMES.p2, 'B', 100]]);
    expect(b.body.total).toBe(1);
    expect(b.body.totais).toMatchObject({ itens: 1, quantidade: 12, faturamento: 57, participacao: 10.69 });
    expect(b.body.totais.classes).toEqual(body.totais.classes);

    // A page of one: page 2 is P3, still 2nd and A; totals over every row.
    const pagina = await produtosAbc(t.headers, `${MARCO}&pageSize=1&page=2`);
    expect(pagina.body.items.map((l) => [l.posicao, l.produto, l.classe])).toEqual([[2, NOMES.p3, 'A']]);
    expect(pagina.body).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(pagina.body.totais.faturamento).toBe(533);
    // An invalid page falls back to 1.
    const invalida = await produtosAbc(t.headers, `${MARCO}&pageSize=1&page=abc`);
    expect(invalida.body.items.map((l) => l.posicao)).toEqual([1]);

    // Search by name (accents/case ignored), code and barcode: the row keeps its place and class.
    const porNome = await produtosAbc(t.headers, `${MARCO}&query=${encodeURIComponent('SHAMPOO neutro')}`);
    expect(porNome.body.items.map((l) => [l.posicao, l.classe])).toEqual([[2, 'A']]);
    const porCodigo = await produtosAbc(t.headers, `${MARCO}&query=pb65`);
    expect(porCodigo.body.items.map((l) => [l.posicao, l.classe])).toEqual([[3, 'B']]);
    const porGtin = await produtosAbc(t.headers, `${MARCO}&query=7890000000017`);
    expect(porGtin.body.items.map((l) => l.produto)).toEqual([NOMES.p1]);
    const porId = await produtosAbc(t.headers, `${MARCO}&produtoId=${c.produtos.p2.id}`);
    expect(porId.body.items.map((l) => [l.posicao, l.classe])).toEqual([[3, 'B']]);

    // The curve of Alimentação (with Rações Secas): P1 360 and P2 57 of 417.
    // P1 360÷417 = 86,33 % A; P2 57÷417 = 13,67 %, before 86,33 % → B.
    const cat = await produtosAbc(t.headers, `${MARCO}&categoriaId=${c.categorias.alimentos}`);
    expect(cat.body.items.map((l) => [l.posicao, l.produto, l.participacao, l.acumulado, l.classe])).toEqual([
      [1, NOMES.p1, 86.33, 86.33, 'A'],
      [2, NOMES.p2, 13.67, 100, 'B'],
    ]);
    expect(cat.body.totais.faturamentoCurva).toBe(417);
  });

  it('the second unit sees only its sale; another tenant sees nothing; Caixa 403, Financeiro and Gerente 200', async () => {
    const t = await newTenant(ctx);
    const c = await cenarioRelatorios(ctx, t, { mes: '2026-03' });
    // S6: P1 2 × 100,00 in "Filial Centro".
    const outra = await produtosAbc(c.outraUnidade.headers, MARCO);
    expect(outra.body.items.map((l) => [l.produto, l.quantidade, l.faturamento, l.participacao, l.classe])).toEqual([
      [NOMES.p1, 2, 200, 100, 'A'],
    ]);
    const outraClientes = await clientesAbc(c.outraUnidade.headers, MARCO);
    expect(outraClientes.body.items.map((l) => [l.cliente, l.compras, l.faturamento, l.classe])).toEqual([
      [NOMES.ana, 1, 200, 'A'],
    ]);

    const outroTenant = await newTenant(ctx);
    const vazio = await produtosAbc(outroTenant.headers, MARCO);
    expect(vazio.status).toBe(200);
    expect(vazio.body).toMatchObject({ items: [], total: 0, pareto: [], itensCurva: 0 });
    expect(vazio.body.totais).toEqual({
      itens: 0,
      quantidade: 0,
      faturamento: 0,
      participacao: 0,
      faturamentoCurva: 0,
      classes: SEM_CLASSES,
    });
    const vazioClientes = await clientesAbc(outroTenant.headers, MARCO);
    expect(vazioClientes.body).toMatchObject({ items: [], total: 0 });
    expect(vazioClientes.body.totais.faturamentoGeral).toBe(0);

    const caixa = (await usuarioComPerfil(ctx, t, 'caixa')).headers;
    const financeiro = (await usuarioComPerfil(ctx, t, 'financeiro')).headers;
    const gerente = (await usuarioComPerfil(ctx, t, 'gerente')).headers;
    for (const url of [
      `/api/relatorios/curva-abc-produtos?${MARCO}`,
      `/api/relatorios/curva-abc-clientes?${MARCO}`,
      `/api/relatorios/curva-abc-produtos/exportar?${MARCO}&formato=csv`,
      `/api/relatorios/curva-abc-clientes/exportar?${MARCO}&formato=xlsx`,
    ]) {
      const status = async (headers: Record<string, string>) =>
        (await ctx.app.inject({ method: 'GET', url, headers })).statusCode;
      expect([await status(caixa), await status(financeiro), await status(gerente)], url).toEqual([403, 200, 200]);
    }
  });

  it('bad input → 400 in Portuguese', async () => {
    const t = await newTenant(ctx);
    const classe = await produtosAbc(t.headers, `${MARCO}&classe=D`);
    expect(classe.status).toBe(400);
    expect(JSON.stringify(classe.body)).toContain('Classe inválida');
    const periodo = await clientesAbc(t.headers, 'dataInicio=2026-03-31&dataFim=2026-03-01');
    expect(periodo.status).toBe(400);
    expect(JSON.stringify(periodo.body)).toContain('A data final deve ser igual ou posterior à inicial');
    const categoria = await produtosAbc(t.headers, `${MARCO}&categoriaId=xyz`);
    expect(categoria.status).toBe(400);
    expect(JSON.stringify(categoria.body)).toContain('Categoria inválida');
    const formato = await ctx.app.inject({
      method: 'GET',
      url: `/api/relatorios/curva-abc-produtos/exportar?${MARCO}&formato=doc`,
      headers: t.headers,
    });
    expect(formato.statusCode).toBe(400);
  });

  it('exports every row with the totals row: XLSX read back, CSV, PDF with the unit, period and filters', async () => {
    const t = await newTenant(ctx);
    await cenarioRelatorios(ctx, t, { mes: '2026-03' });
    const xlsx = await ctx.app.inject({
      method: 'GET',
      url: `/api/relatorios/curva-abc-produtos/exportar?${MARCO}&formato=xlsx&pageSize=1`,
      headers: t.headers,
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const linhas = sheet.getSheetValues().slice(1) as unknown[][];
    const valores = linhas.map((l) => l.slice(1));
    expect(valores).toEqual([
      ['Posição', 'Produto', 'Código', 'Quantidade', 'Faturamento', 'Participação (%)', 'Acumulado (%)', 'Classe'],
      [1, NOMES.p1, 'RP10', 4, 360, 67.54, 67.54, 'A'],
      [2, NOMES.p3, 'SN500', 6, 116, 21.76, 89.31, 'A'],
      [3, NOMES.p2, 'PB65', 12, 57, 10.69, 100, 'B'],
      ['Total', '3 produtos', undefined, 22, 533, 100],
    ]);

    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/relatorios/curva-abc-clientes/exportar?${MARCO}&formato=csv`,
      headers: t.headers,
    });
    expect(csv.statusCode).toBe(200);
    const csvLinhas = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csvLinhas).toEqual([
      'Posição;Cliente;Compras;Ticket médio;Última compra;Faturamento;Participação (%);Acumulado (%);Classe',
      `1;${NOMES.ana};1;423,00;05/03/2026;423,00;79,36;79,36;A`,
      `2;${NOMES.bruno};1;80,00;12/03/2026;80,00;15,01;94,37;A`,
      `3;${NOMES.carla};1;30,00;31/03/2026;30,00;5,63;100,00;B`,
      'Total;3 clientes;3;;;533,00;100,00;;',
    ]);

    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/relatorios/curva-abc-produtos/exportar?${MARCO}&formato=pdf&classe=A`,
      headers: t.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const texto = textoDoPdf(pdf.rawPayload);
    expect(texto).toContain(RELATORIOS['curva-abc-produtos'].titulo.toUpperCase());
    expect(texto).toContain('Loja Centro');
    expect(texto).toContain('Período: 01/03/2026 a 31/03/2026');
    expect(texto).toContain('Classe: A');
    expect(texto).toContain(NOMES.p3);
    expect(texto).not.toContain(NOMES.p2);
    // The totals row of class A: P1 + P3, 10 units, 476,00.
    expect(texto).toContain('Total2 produtos10R$ 476,00');
  });
});

describe('curva-abc-clientes on the reports fixture', () => {
  it('ranks customers by hand: purchases, average ticket, last purchase (23:30 on the last day is that day)', async () => {
    const t = await newTenant(ctx);
    const c = await cenarioRelatorios(ctx, t, { mes: '2026-03' });
    const { status, body } = await clientesAbc(t.headers, MARCO);
    expect(status).toBe(200);
    // Ana 441 − 18 = 423 (79,36 %), Bruno 80 (15,01 %; cumulative 503÷533 = 94,37 %), Carla 30 (5,63 %).
    // Classes: Ana before 0 % A; Bruno before 79,36 % A; Carla before 94,37 % B.
    expect(body.items).toEqual([
      {
        posicao: 1,
        clienteId: c.clientes.ana,
        cliente: NOMES.ana,
        compras: 1,
        ticketMedio: 423,
        ultimaCompra: '2026-03-05',
        faturamento: 423,
        participacao: 79.36,
        acumulado: 79.36,
        classe: 'A',
      },
      {
        posicao: 2,
        clienteId: c.clientes.bruno,
        cliente: NOMES.bruno,
        compras: 1,
        ticketMedio: 80,
        ultimaCompra: '2026-03-12',
        faturamento: 80,
        participacao: 15.01,
        acumulado: 94.37,
        classe: 'A',
      },
      {
        posicao: 3,
        clienteId: c.clientes.carla,
        cliente: NOMES.carla,
        compras: 1,
        ticketMedio: 30,
        ultimaCompra: '2026-03-31',
        faturamento: 30,
        participacao: 5.63,
        acumulado: 100,
        classe: 'B',
      },
    ]);
    expect(body.items.map((l) => l.classe)).toEqual(ESPERADO.ordemClientes.map((k) => ESPERADO.clientes[k].classeAbc));
    expect(body.totais).toEqual({
      itens: 3,
      compras: 3,
      faturamento: 533,
      participacao: 100,
      faturamentoCurva: 533,
      classes: [
        { classe: 'A', itens: 2, faturamento: 503, participacao: 94.37 },
        { classe: 'B', itens: 1, faturamento: 30, participacao: 5.63 },
        { classe: 'C', itens: 0, faturamento: 0, participacao: 0 },
      ],
      naoIdentificado: { compras: 0, faturamento: 0 },
      faturamentoGeral: 533,
    });
    expect(body.criterio).toContain('Consumidor não identificado');
    // Search by name; class filter; produtoId: the buyers of P1 (Ana only, 360 on S1).
    const busca = await clientesAbc(t.headers, `${MARCO}&query=carla`);
    expect(busca.body.items.map((l) => [l.posicao, l.classe])).toEqual([[3, 'B']]);
    const a = await clientesAbc(t.headers, `${MARCO}&classe=A`);
    expect(a.body.items.map((l) => l.cliente)).toEqual([NOMES.ana, NOMES.bruno]);
    const doP1 = await clientesAbc(t.headers, `${MARCO}&produtoId=${c.produtos.p1.id}`);
    expect(doP1.body.items.map((l) => [l.cliente, l.faturamento, l.classe])).toEqual([[NOMES.ana, 360, 'A']]);
    expect(doP1.body.totais.faturamentoGeral).toBe(360);
  });
});

type CenarioAbc = { x: string[]; d: string; e: string; f: string; g: string };

/**
 * May 2026 in `t`'s first unit (every figure by hand):
 *   products X1..X6; sales in May: X1 500 to D, X2 300 to E, X3 100 WITHOUT customer, X4 60 to D
 *   (a second sale), X5 40 to F; X6 sold 25 to G in April and returned (25) in May.
 *   Products' curve (base 1000, the positive revenues): X1 50 % (A), X2 30 % → cumulative 80 %
 *   (before 50 %: A), X3 10 % (before exactly 80 %: B), X4 6 % (before 90 %: B), X5 4 % (before
 *   96 %: C), X6 −25 (−2,5 %, negative: C, last, cumulative stays 100 %). Revenue of May 975.
 *   Customers' curve (base 900): D 560 = 62,22 % (2 purchases, ticket 280) A, E 300 = 33,33 %
 *   (before 62,22 %: A; cumulative 860÷900 = 95,56 %), F 40 = 4,44 % (before 95,56 %: C),
 *   G −25 = −2,78 % (no purchase in May: ticket and last purchase null; C). Unidentified: 1
 *   sale, 100,00. All of May: 975.
 */
const cenarioAbc = async (c: TestContext, t: TenantFixture): Promise<CenarioAbc> => {
  const x = await withTenant(c.database.db, scopeOf(t), async (tx) => {
    const [un] = await tx.select({ id: unidadesMedida.id }).from(unidadesMedida).where(eq(unidadesMedida.sigla, 'UN'));
    const ids: string[] = [];
    for (let i = 1; i <= 6; i++) {
      const [p] = await tx
        .insert(produtos)
        .values({ nome: `Produto X${i}`, unidadeMedidaId: un!.id, precoVenda: '1.00' })
        .returning({ id: produtos.id });
      ids.push(p!.id);
    }
    return ids;
  });
  const d = (await novoCliente(c, t, 'Dora Duarte')).id;
  const e = (await novoCliente(c, t, 'Edu Esteves')).id;
  const f = (await novoCliente(c, t, 'Fabi Freitas')).id;
  const g = (await novoCliente(c, t, 'Gil Gomes')).id;
  const scope = scopeOf(t);
  const venda = (clienteId: string | null, i: number, valor: number, dia: string) =>
    inserirVenda(c, scope, {
      status: 'Finalizada',
      clienteId,
      itens: [{ produtoId: x[i - 1]!, descricao: `Produto X${i}`, quantidade: 1, valorUnitario: valor }],
      createdAt: new Date(`${dia}T12:00:00-03:00`),
    });
  await venda(d, 1, 500, '2026-05-04');
  await venda(e, 2, 300, '2026-05-06');
  await venda(null, 3, 100, '2026-05-07');
  await venda(d, 4, 60, '2026-05-20');
  await venda(f, 5, 40, '2026-05-21');
  const abril = await venda(g, 6, 25, '2026-04-15');
  await inserirDevolucao(c, scope, {
    vendaId: abril.id,
    clienteId: g,
    valorTotal: 25,
    itens: [{ ordem: 1, produtoId: x[5]!, quantidade: 1, valorUnitario: 25, valorTotal: 25 }],
    createdAt: new Date('2026-05-10T12:00:00-03:00'),
  });
  return { x, d, e, f, g };
};

const MAIO = 'dataInicio=2026-05-01&dataFim=2026-05-31';

describe('the curves at their edges', () => {
  it('exactly 80 % before is B; C; a negative product is C and last; the unidentified customer apart', async () => {
    const t = await newTenant(ctx);
    const s = await cenarioAbc(ctx, t);
    const p = await produtosAbc(t.headers, MAIO);
    expect(p.body.items.map((l) => [l.posicao, l.produto, l.faturamento, l.participacao, l.acumulado, l.classe])).toEqual([
      [1, 'Produto X1', 500, 50, 50, 'A'],
      [2, 'Produto X2', 300, 30, 80, 'A'],
      [3, 'Produto X3', 100, 10, 90, 'B'],
      [4, 'Produto X4', 60, 6, 96, 'B'],
      [5, 'Produto X5', 40, 4, 100, 'C'],
      [6, 'Produto X6', -25, -2.5, 100, 'C'],
    ]);
    expect(p.body.items[5]!.quantidade).toBe(-1);
    expect(p.body.totais).toEqual({
      itens: 6,
      quantidade: 4,
      faturamento: 975,
      participacao: 97.5,
      faturamentoCurva: 1000,
      classes: [
        { classe: 'A', itens: 2, faturamento: 800, participacao: 80 },
        { classe: 'B', itens: 2, faturamento: 160, participacao: 16 },
        { classe: 'C', itens: 2, faturamento: 15, participacao: 4 },
      ],
    });
    const classeC = await produtosAbc(t.headers, `${MAIO}&classe=C`);
    expect(classeC.body.items.map((l) => l.posicao)).toEqual([5, 6]);

    const cl = await clientesAbc(t.headers, MAIO);
    expect(
      cl.body.items.map((l) => [
        l.posicao,
        l.clienteId,
        l.compras,
        l.ticketMedio,
        l.ultimaCompra,
        l.faturamento,
        l.participacao,
        l.acumulado,
        l.classe,
      ]),
    ).toEqual([
      [1, s.d, 2, 280, '2026-05-20', 560, 62.22, 62.22, 'A'],
      [2, s.e, 1, 300, '2026-05-06', 300, 33.33, 95.56, 'A'],
      [3, s.f, 1, 40, '2026-05-21', 40, 4.44, 100, 'C'],
      [4, s.g, 0, null, null, -25, -2.78, 100, 'C'],
    ]);
    expect(cl.body.totais).toEqual({
      itens: 4,
      compras: 4,
      faturamento: 875,
      participacao: 97.22,
      faturamentoCurva: 900,
      classes: [
        { classe: 'A', itens: 2, faturamento: 860, participacao: 95.56 },
        { classe: 'B', itens: 0, faturamento: 0, participacao: 0 },
        { classe: 'C', itens: 2, faturamento: 15, participacao: 4.44 },
      ],
      naoIdentificado: { compras: 1, faturamento: 100 },
      faturamentoGeral: 975,
    });
  });

  it('the Pareto chart of 150 products: at most 100 points, the first, the last and every class edge kept', async () => {
    const t = await newTenant(ctx);
    // Product i (1..150) sells i reais in one sale: ranked 150, 149, … 1; total 150×151÷2 = 11 325.
    const ids = await withTenant(ctx.database.db, scopeOf(t), async (tx) => {
      const [un] = await tx.select({ id: unidadesMedida.id }).from(unidadesMedida).where(eq(unidadesMedida.sigla, 'UN'));
      const rows = await tx
        .insert(produtos)
        .values(
          Array.from({ length: 150 }, (_, i) => ({
            nome: `Item ${String(i + 1).padStart(3, '0')}`,
            unidadeMedidaId: un!.id,
            precoVenda: '1.00',
          })),
        )
        .returning({ id: produtos.id, nome: produtos.nome });
      return rows.sort((a, b) => a.nome.localeCompare(b.nome)).map((r) => r.id);
    });
    await inserirVenda(ctx, scopeOf(t), {
      status: 'Finalizada',
      itens: ids.map((produtoId, i) => ({ produtoId, descricao: `Item ${i + 1}`, quantidade: 1, valorUnitario: i + 1 })),
      createdAt: new Date('2026-05-04T12:00:00-03:00'),
    });
    // The classes by the shared rule over the known ranking (150 … 1).
    const total = (150 * 151) / 2;
    let antes = 0;
    const classes = Array.from({ length: 150 }, (_, k) => {
      const valor = 150 - k;
      const classe = classeAbc((antes / total) * 100, valor);
      antes += valor;
      return classe;
    });
    const ultimaA = classes.lastIndexOf('A') + 1;
    const ultimaB = classes.lastIndexOf('B') + 1;
    const { body } = await produtosAbc(t.headers, MAIO);
    expect(body.itensCurva).toBe(150);
    expect(body.totais.classes.map((c) => c.itens)).toEqual([ultimaA, ultimaB - ultimaA, 150 - ultimaB]);
    const posicoes = body.pareto.map((p) => p.posicao);
    expect(posicoes.length).toBeLessThanOrEqual(MAX_PONTOS_PARETO);
    expect(posicoes.length).toBeGreaterThan(50);
    expect(posicoes).toEqual([...posicoes].sort((a, b) => a - b));
    for (const pos of [1, ultimaA, ultimaA + 1, ultimaB, ultimaB + 1, 150]) expect(posicoes).toContain(pos);
    for (const ponto of body.pareto) {
      expect(ponto.faturamento).toBe(151 - ponto.posicao);
      expect(ponto.classe).toBe(classes[ponto.posicao - 1]);
    }
    expect(body.pareto.at(-1)!.acumulado).toBe(100);
  });
});
