/**
 * GET /api/relatorios/novos-clientes and its exports (issue #20). Every figure computed by hand.
 *
 * Tenant t, units A (Loja Centro) and B (Loja Bairro), both in America/Sao_Paulo (UTC−3).
 * Customers (tenant-wide) and when they were registered, on the unit's clock:
 *   Ana    05/10/2026 15:00, Instagram, phone (11) 98765-4321
 *          A: sale 06/10 10:00 of R$ 100,00 (first purchase); sale 20/10 of R$ 50,00 less a R$ 10,00
 *             discount (R$ 40,00); a return of R$ 30,00 of the first sale on 25/10
 *             → total in October 100 + 40 − 30 = R$ 110,00
 *   Eva    10/10/2026 09:00, no answer (Não informado)
 *          A: a sale of R$ 500,00 CANCELLED on 12/10 (ignored); first purchase 03/11 of R$ 75,00
 *             (after the period: shown as the first purchase, R$ 0,00 bought in October)
 *   Bruno  31/10/2026 23:30 (02:30 UTC on 01/11: still October), Indicação
 *          B only: a sale on 31/10 20:00 of R$ 60,00 with R$ 5,00 freight (R$ 65,00 net; the
 *             period's total leaves freight out: R$ 60,00)
 *   Carla  01/11/2026 00:30 (03:30 UTC): November, not in October
 *   Davi   30/09/2026 23:30 (02:30 UTC on 01/10: UTC would say October): September
 * Another tenant: a customer registered 10/10/2026.
 *
 * October in A: Ana, Eva, Bruno (by registration); 3 customers, 2 with a purchase here
 * (66,67 %), R$ 110,00 bought. In B: the same three; Bruno's first purchase 31/10 R$ 65,00,
 * 1 with a purchase (33,33 %), R$ 60,00 bought.
 */
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NovosClientesResposta } from '@petshop/shared/relatorios-clientes';
import { pessoas, unidadesNegocio } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { newTenant, novaUnidade, useTestApp, usuarioComPerfil, type TenantFixture } from './helper.ts';
import { cenario, inserirDevolucao, inserirVenda, novoCliente, scopeOf, textoDoPdf, type Cenario } from './vendas-helper.ts';

const ctx = useTestApp();

const URL_RELATORIO = '/api/relatorios/novos-clientes';
const OUTUBRO = 'dataInicio=2026-10-01&dataFim=2026-10-31';
const TZ = 'America/Sao_Paulo';

/** An instant given on São Paulo's clock (UTC−3 all year). */
const sp = (dataHora: string): Date => new Date(`${dataHora}:00-03:00`);

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });
const json = async (url: string, headers: Record<string, string>): Promise<NovosClientesResposta> => {
  const res = await get(url, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NovosClientesResposta>();
};

type Fixture = {
  t: TenantFixture;
  c: Cenario;
  unidadeB: { id: string; headers: Record<string, string> };
  ana: string;
  eva: string;
  bruno: string;
  outroTenant: TenantFixture;
};

const montar = async (): Promise<Fixture> => {
  const t = await newTenant(ctx);
  const unidadeB = await novaUnidade(ctx, t);
  await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) => tx.update(unidadesNegocio).set({ timeZone: TZ }));
  const c = await cenario(ctx, t);
  const cliente = async (nome: string, createdAt: Date, comoConheceu: string | null, telefone?: string) => {
    const { id } = await novoCliente(ctx, t, nome);
    await withTenant(ctx.database.db, { tenantId: t.tenantId }, (tx) =>
      tx
        .update(pessoas)
        .set({
          createdAt,
          comoConheceu,
          telefones: telefone ? [{ numero: telefone, tipo: 'celular', whatsapp: true }] : [],
        })
        .where(eq(pessoas.id, id)),
    );
    return id;
  };
  const ana = await cliente('Ana Ribeiro', sp('2026-10-05T15:00'), 'Instagram', '11987654321');
  const eva = await cliente('Eva Martins', sp('2026-10-10T09:00'), null);
  const bruno = await cliente('Bruno Teixeira', sp('2026-10-31T23:30'), 'Indicação');
  await cliente('Carla Nunes', sp('2026-11-01T00:30'), 'Google');
  await cliente('Davi Prado', sp('2026-09-30T23:30'), 'Google');

  const item = (valorUnitario: number) => ({ produtoId: c.racao.id, descricao: c.racao.nome, quantidade: 1, valorUnitario });
  const a = scopeOf(t);
  const primeira = await inserirVenda(ctx, a, {
    status: 'Finalizada',
    clienteId: ana,
    itens: [item(100)],
    createdAt: sp('2026-10-06T10:00'),
  });
  await inserirVenda(ctx, a, {
    status: 'Finalizada',
    clienteId: ana,
    itens: [item(50)],
    desconto: 10,
    createdAt: sp('2026-10-20T16:00'),
  });
  await inserirDevolucao(ctx, a, {
    vendaId: primeira.id,
    clienteId: ana,
    valorTotal: 30,
    itens: [{ produtoId: c.racao.id, quantidade: 0.3, valorUnitario: 100, valorTotal: 30 }],
    createdAt: sp('2026-10-25T11:00'),
  });
  await inserirVenda(ctx, a, { status: 'Cancelada', clienteId: eva, itens: [item(500)], createdAt: sp('2026-10-12T10:00') });
  await inserirVenda(ctx, a, { status: 'Finalizada', clienteId: eva, itens: [item(75)], createdAt: sp('2026-11-03T10:00') });
  await inserirVenda(ctx, scopeOf(t, unidadeB.id), {
    status: 'Finalizada',
    clienteId: bruno,
    itens: [item(60)],
    valorEntregaFrete: 5,
    createdAt: sp('2026-10-31T20:00'),
  });

  const outroTenant = await newTenant(ctx);
  const { id: estranho } = await novoCliente(ctx, outroTenant, 'Estranho de Outro Tenant');
  await withTenant(ctx.database.db, { tenantId: outroTenant.tenantId }, (tx) =>
    tx
      .update(pessoas)
      .set({ createdAt: sp('2026-10-10T12:00') })
      .where(eq(pessoas.id, estranho)),
  );
  return { t, c, unidadeB, ana, eva, bruno, outroTenant };
};

describe('GET /api/relatorios/novos-clientes', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await montar();
  });

  it('lists the customers registered in the period (São Paulo days) with their first purchase in the unit', async () => {
    const r = await json(`${URL_RELATORIO}?${OUTUBRO}`, f.t.headers);
    expect(r.periodo).toEqual({ dataInicio: '2026-10-01', dataFim: '2026-10-31' });
    expect(r.criterio).toMatch(/^Clientes cadastrados no período/);
    expect(r.total).toBe(3);
    expect(r.items).toEqual([
      {
        pessoaId: f.ana,
        nome: 'Ana Ribeiro',
        cadastradoEm: '2026-10-05',
        comoConheceu: 'Instagram',
        telefone: '11987654321',
        primeiraCompraEm: '2026-10-06',
        primeiraCompraValor: 100,
        totalComprado: 110,
      },
      {
        pessoaId: f.eva,
        nome: 'Eva Martins',
        cadastradoEm: '2026-10-10',
        comoConheceu: 'Não informado',
        telefone: null,
        primeiraCompraEm: '2026-11-03',
        primeiraCompraValor: 75,
        totalComprado: 0,
      },
      {
        pessoaId: f.bruno,
        nome: 'Bruno Teixeira',
        cadastradoEm: '2026-10-31',
        comoConheceu: 'Indicação',
        telefone: null,
        primeiraCompraEm: null,
        primeiraCompraValor: null,
        totalComprado: 0,
      },
    ]);
    expect(r.totais).toEqual({ clientes: 3, comCompra: 2, conversao: 66.67, totalComprado: 110 });
    expect(r.origens).toEqual([
      { comoConheceu: 'Indicação', clientes: 1, comCompra: 0 },
      { comoConheceu: 'Instagram', clientes: 1, comCompra: 1 },
      { comoConheceu: 'Não informado', clientes: 1, comCompra: 1 },
    ]);
    // 31 days → one bar per day, every day present.
    expect(r.agrupamento).toBe('dia');
    expect(r.grafico).toHaveLength(31);
    expect(r.grafico[0]).toEqual({ inicio: '2026-10-01', fim: '2026-10-01', clientes: 0, porOrigem: {} });
    expect(r.grafico.filter((g) => g.clientes > 0)).toEqual([
      { inicio: '2026-10-05', fim: '2026-10-05', clientes: 1, porOrigem: { Instagram: 1 } },
      { inicio: '2026-10-10', fim: '2026-10-10', clientes: 1, porOrigem: { 'Não informado': 1 } },
      { inicio: '2026-10-31', fim: '2026-10-31', clientes: 1, porOrigem: { Indicação: 1 } },
    ]);
  });

  it('pages in SQL and keeps the totals of every row', async () => {
    const r = await json(`${URL_RELATORIO}?${OUTUBRO}&page=2&pageSize=2`, f.t.headers);
    expect(r.page).toBe(2);
    expect(r.items.map((l) => l.nome)).toEqual(['Bruno Teixeira']);
    expect(r.total).toBe(3);
    expect(r.totais.clientes).toBe(3);
    // An invalid page falls back to 1.
    expect((await json(`${URL_RELATORIO}?${OUTUBRO}&page=abc&pageSize=2`, f.t.headers)).items.map((l) => l.nome)).toEqual([
      'Ana Ribeiro',
      'Eva Martins',
    ]);
  });

  it('the edges of the period are the unit’s days: 23:30 on the 31st is October, 00:30 on the 1st November', async () => {
    const novembro = await json(`${URL_RELATORIO}?dataInicio=2026-11-01&dataFim=2026-11-30`, f.t.headers);
    expect(novembro.items.map((l) => l.nome)).toEqual(['Carla Nunes']);
    const setembro = await json(`${URL_RELATORIO}?dataInicio=2026-09-01&dataFim=2026-09-30`, f.t.headers);
    expect(setembro.items.map((l) => l.nome)).toEqual(['Davi Prado']);
    const diaTrinta = await json(`${URL_RELATORIO}?dataInicio=2026-10-31&dataFim=2026-10-31`, f.t.headers);
    expect(diaTrinta.items.map((l) => l.nome)).toEqual(['Bruno Teixeira']);
  });

  it('charts a longer period per week, counted from its first day', async () => {
    const r = await json(`${URL_RELATORIO}?dataInicio=2026-09-01&dataFim=2026-10-31`, f.t.headers);
    expect(r.agrupamento).toBe('semana');
    // 61 days → 9 bars: 01/09, 08/09, …, 27/10 (the last one 27/10 to 31/10).
    expect(r.grafico).toHaveLength(9);
    expect(r.grafico.at(-1)).toEqual({ inicio: '2026-10-27', fim: '2026-10-31', clientes: 1, porOrigem: { Indicação: 1 } });
    // Davi (30/09) and Ana (05/10) share the week of 29/09 to 05/10; Eva (10/10) is in 06/10 to 12/10.
    expect(r.grafico.filter((g) => g.clientes > 0).map((g) => [g.inicio, g.fim, g.porOrigem])).toEqual([
      ['2026-09-29', '2026-10-05', { Google: 1, Instagram: 1 }],
      ['2026-10-06', '2026-10-12', { 'Não informado': 1 }],
      ['2026-10-27', '2026-10-31', { Indicação: 1 }],
    ]);
    expect(r.totais).toEqual({ clientes: 4, comCompra: 2, conversao: 50, totalComprado: 110 });
  });

  it('filters by how they found the shop and by name, e-mail or phone digits', async () => {
    const instagram = await json(`${URL_RELATORIO}?${OUTUBRO}&comoConheceu=Instagram`, f.t.headers);
    expect(instagram.items.map((l) => l.nome)).toEqual(['Ana Ribeiro']);
    expect(instagram.totais).toEqual({ clientes: 1, comCompra: 1, conversao: 100, totalComprado: 110 });
    const semResposta = await json(
      `${URL_RELATORIO}?${OUTUBRO}&comoConheceu=${encodeURIComponent('Não informado')}`,
      f.t.headers,
    );
    expect(semResposta.items.map((l) => l.nome)).toEqual(['Eva Martins']);
    expect((await json(`${URL_RELATORIO}?${OUTUBRO}&query=teixe`, f.t.headers)).items.map((l) => l.nome)).toEqual([
      'Bruno Teixeira',
    ]);
    expect((await json(`${URL_RELATORIO}?${OUTUBRO}&query=98765-43`, f.t.headers)).items.map((l) => l.nome)).toEqual([
      'Ana Ribeiro',
    ]);
    const nada = await json(`${URL_RELATORIO}?${OUTUBRO}&query=ninguem`, f.t.headers);
    expect(nada).toMatchObject({ items: [], total: 0, totais: { clientes: 0, comCompra: 0, conversao: null, totalComprado: 0 } });
    expect(nada.grafico.every((g) => g.clientes === 0)).toBe(true);
  });

  it('another unit lists the same customers with ITS purchases; another tenant sees none of them', async () => {
    const b = await json(`${URL_RELATORIO}?${OUTUBRO}`, f.unidadeB.headers);
    expect(b.items.map((l) => [l.nome, l.primeiraCompraEm, l.primeiraCompraValor, l.totalComprado])).toEqual([
      ['Ana Ribeiro', null, null, 0],
      ['Eva Martins', null, null, 0],
      ['Bruno Teixeira', '2026-10-31', 65, 60],
    ]);
    expect(b.totais).toEqual({ clientes: 3, comCompra: 1, conversao: 33.33, totalComprado: 60 });

    const outro = await json(`${URL_RELATORIO}?${OUTUBRO}`, f.outroTenant.headers);
    expect(outro.items.map((l) => l.nome)).toEqual(['Estranho de Outro Tenant']);
    expect(outro.totais).toEqual({ clientes: 1, comCompra: 0, conversao: 0, totalComprado: 0 });
  });

  it('is for Administrador, Gerente and Financeiro: Caixa 403, Financeiro 200', async () => {
    const caixa = await usuarioComPerfil(ctx, f.t, 'caixa');
    const financeiro = await usuarioComPerfil(ctx, f.t, 'financeiro');
    for (const url of [`${URL_RELATORIO}?${OUTUBRO}`, `${URL_RELATORIO}/exportar?formato=csv&${OUTUBRO}`]) {
      expect((await get(url, caixa.headers)).statusCode).toBe(403);
      expect((await get(url, financeiro.headers)).statusCode).toBe(200);
    }
  });

  it('answers 400 in Portuguese to bad filters', async () => {
    const invertido = await get(`${URL_RELATORIO}?dataInicio=2026-10-31&dataFim=2026-10-01`, f.t.headers);
    expect(invertido.statusCode).toBe(400);
    expect(invertido.json<{ errors: Record<string, string[]> }>().errors.dataFim).toEqual([
      'A data final deve ser igual ou posterior à inicial',
    ]);
    const data = await get(`${URL_RELATORIO}?dataInicio=31-10-2026`, f.t.headers);
    expect(data.statusCode).toBe(400);
    expect(data.json<{ errors: Record<string, string[]> }>().errors.dataInicio).toEqual(['Data inválida']);
    const longo = await get(`${URL_RELATORIO}?comoConheceu=${'x'.repeat(61)}`, f.t.headers);
    expect(longo.statusCode).toBe(400);
    expect(longo.json<{ errors: Record<string, string[]> }>().errors.comoConheceu).toEqual([
      'Como conheceu deve ter no máximo 60 caracteres',
    ]);
    const formato = await get(`${URL_RELATORIO}/exportar?formato=doc`, f.t.headers);
    expect(formato.statusCode).toBe(400);
  });

  it('exports every row with the totals row: XLSX, CSV and the PDF with the unit, title, period and totals', async () => {
    const xlsx = await get(`${URL_RELATORIO}/exportar?formato=xlsx&${OUTUBRO}`, f.t.headers);
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const linha = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(linha(1)).toEqual([
      'Cliente',
      'Cadastrado em',
      'Telefone',
      'Como conheceu',
      'Primeira compra',
      'Valor da primeira compra',
      'Total comprado no período',
    ]);
    expect(sheet.rowCount).toBe(5);
    expect(linha(2)[0]).toBe('Ana Ribeiro');
    expect((linha(2)[1] as Date).toISOString().slice(0, 10)).toBe('2026-10-05');
    expect(linha(2).slice(2, 4)).toEqual(['(11) 98765-4321', 'Instagram']);
    expect((linha(2)[4] as Date).toISOString().slice(0, 10)).toBe('2026-10-06');
    expect(linha(2).slice(5)).toEqual([100, 110]);
    expect(sheet.getRow(4).getCell(1).value).toBe('Bruno Teixeira');
    expect(sheet.getRow(4).getCell(5).value ?? null).toBeNull();
    const total = sheet.getRow(5);
    expect(total.getCell(1).value).toBe('Total');
    expect(total.getCell(4).value).toBe('3 clientes, 2 com compra (66,67 %)');
    expect(total.getCell(7).value).toBe(110);

    const csv = await get(`${URL_RELATORIO}/exportar?formato=csv&${OUTUBRO}&comoConheceu=Instagram`, f.t.headers);
    expect(csv.statusCode).toBe(200);
    const linhasCsv = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(linhasCsv).toHaveLength(3);
    expect(linhasCsv[1]).toContain('Ana Ribeiro');
    expect(linhasCsv[1]).toContain('05/10/2026');
    expect(linhasCsv[1]).toContain('110,00');
    expect(linhasCsv[2]).toContain('1 cliente, 1 com compra (100,00 %)');

    const pdf = await get(`${URL_RELATORIO}/exportar?formato=pdf&${OUTUBRO}&comoConheceu=Instagram`, f.t.headers);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('novos-clientes-2026-10-01-a-2026-10-31.pdf');
    const texto = textoDoPdf(pdf.rawPayload);
    for (const esperado of [
      'Loja Centro',
      'NOVOS CLIENTES',
      'Período: 01/10/2026 a 31/10/2026',
      'Como conheceu: Instagram',
      'Ana Ribeiro',
      '(11) 98765-4321',
      '1 cliente, 1 com compra (100,00 %)',
      '110,00',
    ]) {
      expect(texto).toContain(esperado);
    }
    expect(texto).not.toContain('Eva Martins');
  });
});
