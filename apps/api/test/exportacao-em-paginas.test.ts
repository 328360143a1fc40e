/**
 * Exports read in pages (issue #22 item 2 "nothing blocks the event loop"): `selectInPages`
 * (db/select-pages.ts) answers a joined select's rows exactly as the builder does, in pages of
 * the size asked, through a cursor of the request's transaction (closed when the reader stops
 * early, so the transaction can read on, and a second reader can start); an empty select yields
 * no page. Through the API: 2 345 payables (five pages of 500) export as CSV and XLSX
 * with every row once, in the list's order (due date, description), and the total row.
 */
import { asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { selectInPages } from '../src/db/select-pages.ts';
import { despesas, fornecedores } from '../src/db/schema/index.ts';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/db/rows.ts';
import { noTenant } from './fixtures/vendas.ts';
import { newTenant, useTestApp, validCnpj, type TenantFixture } from './helper.ts';

const ctx = useTestApp();

/** `n` open payables due from 2031-01-01 (one more day every 100), inserted in one statement. */
const inserirDespesas = (t: TenantFixture, n: number, fornecedorId: string | null = null) =>
  noTenant(ctx, t, (tx) =>
    tx.execute(sql`insert into despesas (tenant_id, unidade_negocio_id, descricao, documento, data_emissao, data_vencimento, valor, fornecedor_id)
      select ${t.tenantId}, ${t.unidadeNegocioId}, 'Despesa nº ' || lpad(g::text, 5, '0'), 'NF ' || g, date '2030-12-01',
             date '2031-01-01' + (g / 100), (g % 97) + 0.5, case when g % 2 = 0 then ${fornecedorId}::uuid end
        from generate_series(1, ${n}) g`),
  );

/** The payables with their supplier (a left join: null on odd rows), in the list's order. */
const consulta = (tx: Db) =>
  tx
    .select({
      id: despesas.id,
      descricao: despesas.descricao,
      dataVencimento: despesas.dataVencimento,
      valor: despesas.valor,
      createdAt: despesas.createdAt,
      fornecedor: { id: fornecedores.id, razaoSocial: fornecedores.razaoSocial },
    })
    .from(despesas)
    .leftJoin(fornecedores, eq(fornecedores.id, despesas.fornecedorId))
    .orderBy(asc(despesas.dataVencimento), asc(despesas.descricao), asc(despesas.id));

describe('selectInPages', () => {
  it('answers the builder’s rows in pages of the size asked; stops early and reads on in the same transaction', async () => {
    const t = await newTenant(ctx);
    const [fornecedor] = await noTenant(ctx, t, (tx) =>
      tx.insert(fornecedores).values({ razaoSocial: 'Distribuidora Paginada', cpfCnpj: validCnpj() }).returning(),
    );
    await inserirDespesas(t, 10, fornecedor!.id);
    await noTenant(ctx, t, async (tx) => {
      const todas = await consulta(tx);
      expect(todas).toHaveLength(10);
      expect(todas[0]!.fornecedor).toBeNull();
      expect(todas[1]!.fornecedor).toEqual({ id: fornecedor!.id, razaoSocial: 'Distribuidora Paginada' });

      const paginas: (typeof todas)[] = [];
      for await (const p of selectInPages(tx, consulta(tx), 4)) paginas.push(p);
      expect(paginas.map((p) => p.length)).toEqual([4, 4, 2]);
      expect(paginas.flat()).toEqual(todas);

      // Exactly one page's worth: one page, then the empty FETCH ends it.
      const quatro: number[] = [];
      for await (const p of selectInPages(tx, consulta(tx).limit(4), 4)) quatro.push(p.length);
      expect(quatro).toEqual([4]);

      // Stopping after the first page closes the cursor: the transaction reads on, a new reader starts.
      for await (const p of selectInPages(tx, consulta(tx), 3)) {
        expect(p.map((r) => r.id)).toEqual(todas.slice(0, 3).map((r) => r.id));
        break;
      }
      expect(await queryRows(tx, sql`select count(*)::int as n from despesas`)).toEqual([{ n: 10 }]);
      const outra: typeof todas = [];
      for await (const p of selectInPages(tx, consulta(tx).where(eq(despesas.descricao, 'nenhuma')), 3)) outra.push(...p);
      expect(outra).toEqual([]);
    });
  });
});

describe('export of 2 345 payables (five pages)', () => {
  it('CSV and XLSX hold every row once, in the list’s order, and the total', { timeout: 120_000 }, async () => {
    const t = await newTenant(ctx);
    const n = 2345;
    await inserirDespesas(t, n);
    const periodo = 'dataInicio=2031-01-01&dataFim=2031-12-31';

    const csv = await ctx.app.inject({ url: `/api/financeiro/despesas/exportar?formato=csv&${periodo}`, headers: t.headers });
    expect(csv.statusCode, csv.body.slice(0, 300)).toBe(200);
    const linhas = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(linhas).toHaveLength(1 + n);
    const descricoes = linhas.slice(1).map((l) => l.split(';')[1]);
    // Due date first (one more day every 100: nº 1–99 on the 1st, 100–199 on the 2nd…), then the description.
    const esperadas = Array.from({ length: n }, (_, i) => i + 1)
      .sort((a, b) => Math.floor(a / 100) - Math.floor(b / 100) || a - b)
      .map((g) => `Despesa nº ${String(g).padStart(5, '0')}`);
    expect(descricoes).toEqual(esperadas);
    expect(linhas[1]).toBe('01/01/2031;Despesa nº 00001;1/1;;;NF 1;;;Em aberto;1,50;0,00;1,50;;01/12/2030');
    expect(linhas[n]!.startsWith('24/01/2031;Despesa nº 02345;')).toBe(true);

    const xlsx = await ctx.app.inject({ url: `/api/financeiro/despesas/exportar?formato=xlsx&${periodo}`, headers: t.headers });
    expect(xlsx.statusCode).toBe(200);
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const folha = livro.getWorksheet('Despesas')!;
    expect(folha.rowCount).toBe(n + 2);
    expect(folha.getRow(2).getCell(1).value).toEqual(new Date(Date.UTC(2031, 0, 1)));
    expect(folha.getRow(n + 1).getCell(2).value).toBe('Despesa nº 02345');
    expect(folha.getRow(n + 2).getCell(1).value).toBe('Total');
    expect(folha.getRow(n + 2).getCell(10).value).toMatchObject({ formula: `SUM(J2:J${n + 1})` });
  });
});
