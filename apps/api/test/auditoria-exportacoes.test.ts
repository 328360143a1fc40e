/**
 * Audit of data exports (issue #22 item 4, `DadosExportados`): every download of the tenant's
 * data — a report as XLSX, CSV or PDF, a list (payables, financial movements, recurrences) as a
 * spreadsheet, the month's fiscal XMLs — records exactly one event in the unit exported from, by
 * the acting user, with { formato, relatorio or lista, filtros, linhas }; a refused export (400)
 * records none; another tenant sees none.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditoriaEventos } from '../src/db/schema/index.ts';
import { withTenant } from '../src/db/tenant-scope.ts';
import { inserirInutilizacao } from './fiscal-arquivos-helper.ts';
import { novoProduto } from './fixtures/vendas.ts';
import { newTenant, novaUnidade, useTestApp, type TenantFixture } from './helper.ts';
import { scopeOf } from './vendas-helper.ts';

const ctx = useTestApp();

const eventos = (tenantId: string) =>
  withTenant(ctx.database.db, { tenantId }, (tx) =>
    tx
      .select()
      .from(auditoriaEventos)
      .where(eq(auditoriaEventos.acao, 'DadosExportados'))
      .orderBy(asc(auditoriaEventos.criadoEm)),
  );

const baixar = (t: TenantFixture, url: string, headers = t.headers) => ctx.app.inject({ method: 'GET', url, headers });

describe('audit of data exports', () => {
  it('a report as XLSX and as PDF: one event each, in the unit, with the filters and the rows', async () => {
    const t = await newTenant(ctx);
    await novoProduto(ctx, t, { nome: 'Ração X', precoCusto: 6, precoVenda: 10 });
    await novoProduto(ctx, t, { nome: 'Ração Y', precoCusto: 8, precoVenda: 14 });

    const xlsx = await baixar(t, '/api/relatorios/posicao-estoque/exportar?formato=xlsx&query=ra%C3%A7%C3%A3o');
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    let lista = await eventos(t.tenantId);
    expect(lista).toHaveLength(1);
    const linhas = lista[0]!.depois!.linhas as number;
    expect(linhas).toBeGreaterThanOrEqual(2);
    expect(lista[0]).toMatchObject({
      entidade: 'exportacao',
      entidadeId: 'posicao-estoque',
      usuarioId: t.usuarioId,
      unidadeNegocioId: t.unidadeNegocioId,
      depois: { formato: 'xlsx', relatorio: 'posicao-estoque', filtros: { query: 'ração' }, linhas },
    });
    expect(lista[0]!.descricao).toMatch(/^Relatório .+: exportação em XLSX de \d+ linhas$/);

    const pdf = await baixar(t, '/api/relatorios/posicao-estoque/exportar?formato=pdf');
    expect(pdf.statusCode, pdf.body).toBe(200);
    lista = await eventos(t.tenantId);
    expect(lista).toHaveLength(2);
    expect(lista[1]).toMatchObject({
      entidadeId: 'posicao-estoque',
      unidadeNegocioId: t.unidadeNegocioId,
      depois: { formato: 'pdf', relatorio: 'posicao-estoque', linhas },
    });
    // The filters in effect (the defaults too): no format, no page.
    expect(lista[0]!.depois!.filtros).toEqual({ query: 'ração', situacao: 'todos' });
    expect(lista[1]!.depois!.filtros).not.toHaveProperty('formato');
    expect(lista[1]!.depois!.filtros).not.toHaveProperty('page');
  });

  it('lists as CSV/XLSX: payables, financial movements, recurrences; a refused export records nothing', async () => {
    const t = await newTenant(ctx);
    const despesas = await baixar(t, '/api/financeiro/despesas/exportar?formato=csv&query=aluguel');
    expect(despesas.statusCode, despesas.body).toBe(200);
    const movimentacoes = await baixar(t, '/api/financeiro/movimentacoes/exportar?formato=xlsx');
    expect(movimentacoes.statusCode, movimentacoes.body).toBe(200);
    const recorrencias = await baixar(t, '/api/financeiro/recorrencias/exportar?formato=csv');
    expect(recorrencias.statusCode, recorrencias.body).toBe(200);
    // 400 (no PDF for this list): nothing recorded.
    expect((await baixar(t, '/api/financeiro/movimentacoes/exportar?formato=pdf')).statusCode).toBe(400);

    const lista = await eventos(t.tenantId);
    expect(lista.map((e) => [e.entidadeId, e.depois!.formato])).toEqual([
      ['despesas', 'csv'],
      ['movimentacoes-financeiras', 'xlsx'],
      ['recorrencias', 'csv'],
    ]);
    for (const e of lista) expect(e).toMatchObject({ usuarioId: t.usuarioId, unidadeNegocioId: t.unidadeNegocioId });
    expect(lista[0]).toMatchObject({
      descricao: 'Lista de despesas: exportação em CSV de 0 linhas',
      depois: { formato: 'csv', lista: 'despesas', filtros: { query: 'aluguel' }, linhas: 0 },
    });
    expect((lista[0]!.depois!.filtros as Record<string, unknown>).formato).toBeUndefined();
  });

  it("the month's fiscal XMLs: one event with the documents' count; an empty month (400) records nothing", async () => {
    const t = await newTenant(ctx);
    await inserirInutilizacao(ctx, scopeOf(t), { serie: 1, inicial: 7, final: 8, createdAt: new Date('2018-10-16T12:00:00Z') });
    expect((await baixar(t, '/api/fiscal/documentos/xml-mensal?mes=2018-09')).statusCode).toBe(400);
    expect(await eventos(t.tenantId)).toEqual([]);
    const res = await baixar(t, '/api/fiscal/documentos/xml-mensal?mes=2018-10');
    expect(res.statusCode, res.body).toBe(200);
    const lista = await eventos(t.tenantId);
    expect(lista).toHaveLength(1);
    expect(lista[0]).toMatchObject({
      entidadeId: 'xml-mensal',
      usuarioId: t.usuarioId,
      unidadeNegocioId: t.unidadeNegocioId,
      descricao: 'XMLs fiscais de 10/2018 baixados para a contabilidade: 1 documento',
      depois: { formato: 'zip', lista: 'xml-mensal', filtros: { mes: '2018-10' }, linhas: 1 },
    });
  });

  it('unit and tenant isolation: the event is in the unit exported from; another tenant sees none', async () => {
    const t = await newTenant(ctx, { limiteUnidades: 2 });
    const outro = await newTenant(ctx);
    const bairro = await novaUnidade(ctx, t);
    const res = await baixar(t, '/api/financeiro/despesas/exportar?formato=xlsx', bairro.headers);
    expect(res.statusCode, res.body).toBe(200);
    const lista = await eventos(t.tenantId);
    expect(lista).toHaveLength(1);
    expect(lista[0]).toMatchObject({ unidadeNegocioId: bairro.id, usuarioId: t.usuarioId });
    expect(await eventos(outro.tenantId)).toEqual([]);
  });
});
