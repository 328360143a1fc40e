/**
 * The stock reports (issue #20): GET /api/relatorios/produtos-proximo-vencimento and
 * GET /api/relatorios/posicao-estoque, with their exports. Lots written with expiry dates
 * relative to the unit's today (the unit lives in Pacific/Kiritimati, UTC+14, so a server's
 * UTC date would be a day off most of the day); every figure below computed by hand.
 *
 * Unit A of tenant t:
 *   Vermífugo Drontal (VERM1, category Vermífugos de teste): balance 12, average cost 12,50, sale 25,00, minimum 10
 *     lots L-VENC (today − 3, 2), L-5 (today + 5, 4), L-90 (today + 90, 6)
 *   Antipulgas NexGard (ANTI): balance 3, average cost 0 → cost price 30,00, sale 60,00
 *     lots L-20 (today + 20, 3), L-ZERO (today + 1, 0: left out), L-SEM (no expiry, 1: left out)
 *   Shampoo Neutro: balance −2, average cost 5, sale 15 (negative)
 *   Coleira Couro: no balance row, cost price 8, sale 20, minimum 1 (zeroed, below minimum)
 * Unit B of t: a Drontal lot L-B expiring today + 2 (100) and a balance of 100.
 * Another tenant: a lot expiring tomorrow.
 */
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayISO } from '@petshop/shared/format';
import type { RelatorioPosicao, RelatorioVencimento } from '@petshop/shared/relatorios-estoque';
import { categoriasProduto, estoques, lotes, produtos, unidadesMedida, unidadesNegocio } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { newTenant, novaUnidade, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';
import { addDaysISO, textoDoPdf } from './vendas-helper.ts';

const ctx = useTestApp();

const VENC = '/api/relatorios/produtos-proximo-vencimento';
const POS = '/api/relatorios/posicao-estoque';
const TZ = 'Pacific/Kiritimati';
/** A balance written over the row a product with a minimum already has (balance 0). */
const SALDO_DADO = {
  target: [estoques.unidadeNegocioId, estoques.produtoId],
  set: { quantidade: sql`excluded.quantidade`, custoMedio: sql`excluded.custo_medio` },
};

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });
const json = async <T>(url: string, headers: Record<string, string>): Promise<T> => {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

type Fixture = {
  t: TenantFixture;
  hoje: string;
  drontal: string;
  nexgard: string;
  medicamentos: string;
  unidadeB: { id: string; headers: Record<string, string> };
};

const montar = async (): Promise<Fixture> => {
  const t = await newTenant(ctx);
  const unidadeB = await novaUnidade(ctx, t);
  await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
    tx.update(unidadesNegocio).set({ timeZone: TZ }).where(eq(unidadesNegocio.id, t.unidadeNegocioId)),
  );
  const hoje = todayISO(TZ);
  const ids = await withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId: t.unidadeNegocioId }, async (tx) => {
    const [un] = await tx
      .insert(unidadesMedida)
      .values({ sigla: 'UNT', descricao: 'Unidade de teste' })
      .returning({ id: unidadesMedida.id });
    const [cat] = await tx
      .insert(categoriasProduto)
      .values({ nome: 'Vermífugos de teste' })
      .returning({ id: categoriasProduto.id });
    const produto = async (v: Partial<typeof produtos.$inferInsert> & { nome: string }) =>
      (
        await tx
          .insert(produtos)
          .values({ unidadeMedidaId: un!.id, ...v })
          .returning({ id: produtos.id })
      )[0]!.id;
    const drontal = await produto({
      nome: 'Vermífugo Drontal',
      codigo: 'VERM1',
      categoriaId: cat!.id,
      precoCusto: '10.00',
      precoVenda: '25.00',
      estoqueMinimo: '10',
      controlaLote: true,
    });
    const nexgard = await produto({
      nome: 'Antipulgas NexGard',
      codigo: 'ANTI',
      precoCusto: '30.00',
      precoVenda: '60.00',
      controlaLote: true,
    });
    const shampoo = await produto({ nome: 'Shampoo Neutro', precoCusto: '4.00', precoVenda: '15.00' });
    await produto({ nome: 'Coleira Couro', precoCusto: '8.00', precoVenda: '20.00', estoqueMinimo: '1' });
    // Drontal (minimum 10) already has its zero balance rows (migration estoque_abaixo_minimo).
    await tx
      .insert(estoques)
      .values([
        { produtoId: drontal, quantidade: '12', custoMedio: '12.5' },
        { produtoId: nexgard, quantidade: '3', custoMedio: '0' },
        { produtoId: shampoo, quantidade: '-2', custoMedio: '5' },
      ])
      .onConflictDoUpdate(SALDO_DADO);
    await tx.insert(lotes).values([
      { produtoId: drontal, numero: 'L-VENC', dataValidade: addDaysISO(hoje, -3), quantidade: '2' },
      { produtoId: drontal, numero: 'L-5', dataValidade: addDaysISO(hoje, 5), quantidade: '4' },
      { produtoId: drontal, numero: 'L-90', dataValidade: addDaysISO(hoje, 90), quantidade: '6' },
      { produtoId: nexgard, numero: 'L-20', dataValidade: addDaysISO(hoje, 20), quantidade: '3' },
      { produtoId: nexgard, numero: 'L-ZERO', dataValidade: addDaysISO(hoje, 1), quantidade: '0' },
      { produtoId: nexgard, numero: 'L-SEM', dataValidade: null, quantidade: '1' },
    ]);
    return { drontal, nexgard, medicamentos: cat!.id };
  });
  await withTenant(ctx.database.db, { tenantId: t.tenantId, unidadeNegocioId: unidadeB.id }, async (tx) => {
    await tx
      .insert(estoques)
      .values({ produtoId: ids.drontal, quantidade: '100', custoMedio: '11' })
      .onConflictDoUpdate(SALDO_DADO);
    await tx
      .insert(lotes)
      .values({ produtoId: ids.drontal, numero: 'L-B', dataValidade: addDaysISO(hoje, 2), quantidade: '100' });
  });
  return { t, hoje, unidadeB, ...ids };
};

let f: Fixture;
beforeAll(async () => {
  f = await montar();
  // Another tenant with a lot expiring tomorrow: never seen by t.
  const outro = await newTenant(ctx);
  await withTenant(ctx.database.db, { tenantId: outro.tenantId, unidadeNegocioId: outro.unidadeNegocioId }, async (tx) => {
    const [un] = await tx
      .insert(unidadesMedida)
      .values({ sigla: 'UNT', descricao: 'Unidade' })
      .returning({ id: unidadesMedida.id });
    const [p] = await tx
      .insert(produtos)
      .values({ nome: 'Vermífugo Drontal', unidadeMedidaId: un!.id, precoCusto: '9', controlaLote: true })
      .returning({ id: produtos.id });
    await tx.insert(estoques).values({ produtoId: p!.id, quantidade: '50', custoMedio: '9' });
    await tx
      .insert(lotes)
      .values({ produtoId: p!.id, numero: 'L-OUTRO', dataValidade: addDaysISO(todayISO(), 1), quantidade: '50' });
  });
});

describe('GET /api/relatorios/produtos-proximo-vencimento', () => {
  it('lists the expired lots and those expiring within 60 days, by expiry, with value at cost', async () => {
    const r = await json<RelatorioVencimento>(VENC, f.t.headers);
    expect(r.periodo).toBeNull();
    expect(r.criterio).toContain('fuso da unidade');
    expect(r.total).toBe(3);
    expect(r.items.map((l) => [l.lote, l.diasParaVencer, l.quantidade, l.custoUnitario, l.valorCusto])).toEqual([
      ['L-VENC', -3, 2, 12.5, 25],
      ['L-5', 5, 4, 12.5, 50],
      ['L-20', 20, 3, 30, 90],
    ]);
    expect(r.items[0]).toMatchObject({
      produtoId: f.drontal,
      produtoNome: 'Vermífugo Drontal',
      codigo: 'VERM1',
      unidadeSigla: 'UNT',
      dataValidade: addDaysISO(f.hoje, -3),
    });
    expect(r.totais).toEqual({
      lotes: 3,
      quantidade: 9,
      valorCusto: 165,
      lotesVencidos: 1,
      quantidadeVencida: 2,
      valorVencido: 25,
      lotesAVencer: 2,
      quantidadeAVencer: 7,
      valorAVencer: 140,
    });
    expect(r.faixas.map((x) => [x.faixa, x.lotes, x.valorCusto])).toEqual([
      ['vencidos', 1, 25],
      ['0-7', 1, 50],
      ['8-15', 0, 0],
      ['16-30', 1, 90],
      ['31-60', 0, 0],
      ['61+', 0, 0],
    ]);
    expect(r.faixas[0]!.rotulo).toBe('Vencidos');
  });

  it('dias widens or narrows the horizon; situacao keeps the expired or the ones to expire', async () => {
    const noventa = await json<RelatorioVencimento>(`${VENC}?dias=90`, f.t.headers);
    expect(noventa.items.map((l) => l.lote)).toEqual(['L-VENC', 'L-5', 'L-20', 'L-90']);
    expect(noventa.totais.valorCusto).toBe(240); // 165 + 6 × 12,50
    expect(noventa.faixas.find((x) => x.faixa === '61+')).toMatchObject({ lotes: 1, valorCusto: 75 });

    const dez = await json<RelatorioVencimento>(`${VENC}?dias=10`, f.t.headers);
    expect(dez.items.map((l) => l.lote)).toEqual(['L-VENC', 'L-5']);

    const aVencer = await json<RelatorioVencimento>(`${VENC}?dias=10&situacao=a_vencer`, f.t.headers);
    expect(aVencer.items.map((l) => l.lote)).toEqual(['L-5']);
    expect(aVencer.totais).toMatchObject({ lotes: 1, lotesVencidos: 0, valorVencido: 0, valorAVencer: 50 });

    const vencidos = await json<RelatorioVencimento>(`${VENC}?situacao=vencidos`, f.t.headers);
    expect(vencidos.items.map((l) => l.lote)).toEqual(['L-VENC']);
    expect(vencidos.totais).toMatchObject({ lotes: 1, valorCusto: 25, lotesAVencer: 0 });
  });

  it('filters by product name, lot number, product and category; pages in SQL with totals of all', async () => {
    const nome = await json<RelatorioVencimento>(`${VENC}?query=drontal`, f.t.headers);
    expect(nome.items.map((l) => l.lote)).toEqual(['L-VENC', 'L-5']);
    const numero = await json<RelatorioVencimento>(`${VENC}?query=l-20`, f.t.headers);
    expect(numero.items.map((l) => l.lote)).toEqual(['L-20']);
    const produto = await json<RelatorioVencimento>(`${VENC}?produtoId=${f.nexgard}`, f.t.headers);
    expect(produto.items.map((l) => l.lote)).toEqual(['L-20']);
    const categoria = await json<RelatorioVencimento>(`${VENC}?categoriaId=${f.medicamentos}`, f.t.headers);
    expect(categoria.items.map((l) => l.lote)).toEqual(['L-VENC', 'L-5']);

    const pagina2 = await json<RelatorioVencimento>(`${VENC}?pageSize=2&page=2`, f.t.headers);
    expect(pagina2.items.map((l) => l.lote)).toEqual(['L-20']);
    expect(pagina2.total).toBe(3);
    expect(pagina2.totais.valorCusto).toBe(165);
    const alem = await json<RelatorioVencimento>(`${VENC}?pageSize=2&page=5`, f.t.headers);
    expect(alem).toMatchObject({ items: [], total: 3, totais: { valorCusto: 165 } });
    const invalida = await json<RelatorioVencimento>(`${VENC}?page=abc`, f.t.headers);
    expect(invalida.page).toBe(1);
  });

  it('answers 400 with the errors map for bad filters', async () => {
    for (const [qs, campo] of [
      ['dias=0', 'dias'],
      ['dias=366', 'dias'],
      ['dias=abc', 'dias'],
      ['dias=2.5', 'dias'],
      ['situacao=nenhuma', 'situacao'],
      ['categoriaId=x', 'categoriaId'],
      ['produtoId=1', 'produtoId'],
    ] as const) {
      const res = await get(`${VENC}?${qs}`, f.t.headers);
      expect(res.statusCode, qs).toBe(400);
      expect(Object.keys(res.json().errors), qs).toContain(campo);
    }
    const res = await get(`${VENC}?dias=0`, f.t.headers);
    expect(res.json().errors.dias).toEqual(['Dias deve ser no mínimo 1']);
  });

  it("another unit of the tenant and another tenant see none of unit A's lots", async () => {
    const b = await json<RelatorioVencimento>(VENC, f.unidadeB.headers);
    expect(b.items.map((l) => [l.lote, l.quantidade, l.custoUnitario, l.valorCusto])).toEqual([['L-B', 100, 11, 1100]]);
    const outro = await newTenant(ctx);
    const vazio = await json<RelatorioVencimento>(VENC, outro.headers);
    expect(vazio.total).toBe(0);
    expect(vazio.totais.valorCusto).toBe(0);
    expect(vazio.faixas.every((x) => x.valorCusto === 0)).toBe(true);
  });

  it('exports every row with the totals row: XLSX read back, PDF with filters and criterio', async () => {
    const xlsx = await get(`${VENC}/exportar?formato=xlsx&dias=90`, f.t.headers);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const linha = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(linha(1)).toEqual([
      'Produto',
      'Código',
      'Lote',
      'Validade',
      'Dias para vencer',
      'Quantidade',
      'Custo unitário',
      'Valor a custo',
    ]);
    expect(sheet.rowCount).toBe(6);
    expect([2, 3, 4, 5].map((n) => sheet.getRow(n).getCell(3).value)).toEqual(['L-VENC', 'L-5', 'L-20', 'L-90']);
    expect(linha(2).slice(4)).toEqual([-3, 2, 12.5, 25]);
    const total = sheet.getRow(6);
    expect(total.getCell(1).value).toBe('Total');
    expect(total.getCell(3).value).toBe('4 lotes');
    expect(total.getCell(6).value).toBe(15);
    expect(total.getCell(8).value).toBe(240);

    const csv = await get(`${VENC}/exportar?formato=csv`, f.t.headers);
    expect(csv.statusCode).toBe(200);
    const linhas = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(linhas).toHaveLength(5);
    expect(linhas[4]).toContain('165,00');

    const pdf = await get(`${VENC}/exportar?formato=pdf&situacao=a_vencer&categoriaId=${f.medicamentos}`, f.t.headers);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const texto = textoDoPdf(pdf.rawPayload);
    expect(texto).toContain('PRODUTOS PRÓXIMOS DO VENCIMENTO');
    expect(texto).toContain('Total1 lote');
    expect(texto).toContain('Vencimento: até 60 dias');
    expect(texto).toContain('Situação: Somente a vencer');
    expect(texto).toContain('Categoria: Vermífugos de teste');
    expect(texto).toContain('L-5');
    expect(texto).not.toContain('L-VENC');
    expect(texto).toContain('50,00');
  });
});

describe('GET /api/relatorios/posicao-estoque', () => {
  it("answers GET /estoques' rows in the report envelope with the totals of every product", async () => {
    const r = await json<RelatorioPosicao>(POS, f.t.headers);
    expect(r.periodo).toBeNull();
    expect(r.items.map((p) => [p.nome, p.quantidade, p.custoMedio, p.valorEstoque])).toEqual([
      ['Antipulgas NexGard', 3, 30, 90],
      ['Coleira Couro', 0, 8, 0],
      ['Shampoo Neutro', -2, 5, 0],
      ['Vermífugo Drontal', 12, 12.5, 150],
    ]);
    expect(r.items[3]!.proximaValidade).toBe(addDaysISO(f.hoje, -3));
    // quantity 3 + 0 − 2 + 12; cost 90 + 150; sale 3 × 60 + 12 × 25; below minimum: Coleira (0 < 1), Shampoo (negative).
    expect(r.totais).toEqual({
      produtos: 4,
      quantidade: 13,
      valorCusto: 240,
      valorVenda: 480,
      abaixoMinimo: 2,
      zerados: 1,
      negativos: 1,
    });
    const estoques = await json<{ items: unknown[] }>('/api/estoques', f.t.headers);
    expect(r.items).toEqual(estoques.items);
    // The totals agree with the stock screen's summary (GET /estoques/resumo).
    const resumo = await json<Record<string, number>>('/api/estoques/resumo', f.t.headers);
    expect(resumo).toEqual({ produtos: 4, valorTotal: 240, abaixoMinimo: 2, zerados: 1, negativos: 1 });
  });

  it('filters as GET /estoques does, and pages with the totals of all', async () => {
    const abaixo = await json<RelatorioPosicao>(`${POS}?situacao=abaixo_minimo`, f.t.headers);
    expect(abaixo.items.map((p) => p.nome)).toEqual(['Coleira Couro', 'Shampoo Neutro']);
    expect(abaixo.totais).toMatchObject({ produtos: 2, quantidade: -2, valorCusto: 0, valorVenda: 0 });
    const busca = await json<RelatorioPosicao>(`${POS}?query=drontal`, f.t.headers);
    expect(busca.totais).toMatchObject({ produtos: 1, quantidade: 12, valorCusto: 150, valorVenda: 300 });
    const categoria = await json<RelatorioPosicao>(`${POS}?categoriaId=${f.medicamentos}`, f.t.headers);
    expect(categoria.items.map((p) => p.nome)).toEqual(['Vermífugo Drontal']);
    const pagina = await json<RelatorioPosicao>(`${POS}?pageSize=3&page=2`, f.t.headers);
    expect(pagina.items.map((p) => p.nome)).toEqual(['Vermífugo Drontal']);
    expect(pagina.total).toBe(4);
    expect(pagina.totais.valorCusto).toBe(240);
    const ruim = await get(`${POS}?situacao=xyz&marcaId=1`, f.t.headers);
    expect(ruim.statusCode).toBe(400);
    expect(Object.keys(ruim.json().errors).sort()).toEqual(['marcaId', 'situacao']);
  });

  it('another unit and another tenant see only their own balances', async () => {
    const b = await json<RelatorioPosicao>(`${POS}?query=drontal`, f.unidadeB.headers);
    expect(b.items.map((p) => [p.nome, p.quantidade, p.valorEstoque])).toEqual([['Vermífugo Drontal', 100, 1100]]);
    expect(b.totais).toMatchObject({ quantidade: 100, valorCusto: 1100, valorVenda: 2500 });
    const todosB = await json<RelatorioPosicao>(POS, f.unidadeB.headers);
    expect(todosB.totais.quantidade).toBe(100);
    const outro = await newTenant(ctx);
    const vazio = await json<RelatorioPosicao>(POS, outro.headers);
    expect(vazio.items.map((p) => p.nome)).not.toContain('Vermífugo Drontal');
    expect(vazio.totais.valorCusto).toBe(0);
  });

  it('exports every product with the totals row (XLSX read back, PDF text)', async () => {
    const xlsx = await get(`${POS}/exportar?formato=xlsx`, f.t.headers);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(6);
    expect([2, 3, 4, 5].map((n) => sheet.getRow(n).getCell(1).value)).toEqual([
      'Antipulgas NexGard',
      'Coleira Couro',
      'Shampoo Neutro',
      'Vermífugo Drontal',
    ]);
    const cab = (sheet.getRow(1).values as unknown[]).slice(1);
    const col = (titulo: string) => cab.indexOf(titulo) + 1;
    const total = sheet.getRow(6);
    expect(total.getCell(1).value).toBe('Total');
    expect(total.getCell(col('Estoque')).value).toBe(13);
    expect(total.getCell(col('Valor em estoque')).value).toBe(240);
    expect(sheet.getRow(5).getCell(col('Valor em estoque')).value).toBe(150);

    const pdf = await get(`${POS}/exportar?formato=pdf&situacao=abaixo_minimo`, f.t.headers);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const texto = textoDoPdf(pdf.rawPayload);
    expect(texto).toContain('POSIÇÃO DE ESTOQUE');
    expect(texto).toContain('Total2 produtos');
    expect(texto).toContain('Situação: Abaixo do mínimo');
    expect(texto).toContain('Coleira Couro');
    expect(texto).not.toContain('Antipulgas NexGard');
  });
});

describe('permissions', () => {
  it('Caixa gets 403 on both reports and their exports; Financeiro and Gerente 200', async () => {
    const caixa = await usuarioComPerfil(ctx, f.t, 'caixa');
    const financeiro = await usuarioComPerfil(ctx, f.t, 'financeiro');
    const gerente = await usuarioComPerfil(ctx, f.t, 'gerente');
    for (const url of [VENC, POS, `${VENC}/exportar?formato=csv`, `${POS}/exportar?formato=csv`]) {
      expect((await get(url, caixa.headers)).statusCode, url).toBe(403);
      expect((await get(url, financeiro.headers)).statusCode, url).toBe(200);
      expect((await get(url, gerente.headers)).statusCode, url).toBe(200);
    }
    const r = await json<RelatorioVencimento>(VENC, financeiro.headers);
    expect(r.totais.valorCusto).toBe(165);
  });
});
