/**
 * Helpers for the report screens' e2e specs (issue #20), on the generic RelatorioPage
 * (apps/web/src/features/relatorios/components/relatorio-page.tsx): open a report and wait for
 * its table, pick a ready-made period and wait for the answer to carry it, read the totals row,
 * and export (XLSX read back with exceljs, CSV as text, PDF as bytes).
 */
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL, poll } from './support.ts';

export type PeriodoTela = { dataInicio: string; dataFim: string };

/** The ready-made periods of the filter bar. */
export type PeriodoRapido = 'Este mês' | 'Mês passado' | 'Últimos 30 dias' | 'Este ano' | 'Últimos 12 meses';

/** 'yyyy-MM-dd' → 'dd/MM/yyyy'. */
export const dataBr = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** A number as the screen writes money: 'R$ 1.234,56' (regular spaces). */
export const brl = (v: number): string =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(v).replace(/\u00a0/g, ' ');

/** A quantity as the screen writes it: up to 3 decimals ('1.234,5'). */
export const qtd = (v: number): string =>
  new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 }).format(v).replace(/\u00a0/g, ' ');

/**
 * Opens the report at `rota` ('/relatorios/novos-clientes', with a query string if wanted) and
 * waits for its title and for the table to leave the loading state (rows, or the empty row).
 * Answers the table's locator.
 */
export async function abrirRelatorio(page: Page, rota: string, titulo?: string) {
  await page.goto(`${baseURL()}${rota}`);
  if (titulo) await page.getByRole('heading', { name: titulo, level: 2 }).waitFor();
  const tabela = titulo ? page.getByRole('table', { name: titulo }) : page.getByRole('table').first();
  await tabela.waitFor();
  await poll(() => tabela.getAttribute('aria-busy')).toBe('false');
  return tabela;
}

/**
 * Clicks a ready-made period and waits until the URL holds it and the answer's period line says
 * it ("Período: 01/11/2026 a 30/11/2026"). Answers the period.
 */
export async function mudarPeriodo(page: Page, periodo: PeriodoRapido): Promise<PeriodoTela> {
  const antes = new URL(page.url()).searchParams.toString();
  await page.getByRole('group', { name: 'Períodos prontos' }).getByRole('button', { name: periodo, exact: true }).click();
  await poll(() => {
    const p = new URL(page.url()).searchParams;
    return p.get('dataInicio') !== null && p.toString() !== antes;
  }).toBe(true);
  const params = new URL(page.url()).searchParams;
  const lido = { dataInicio: params.get('dataInicio')!, dataFim: params.get('dataFim')! };
  await poll(() => page.getByTestId('relatorio-periodo').textContent()).toBe(
    `Período: ${dataBr(lido.dataInicio)} a ${dataBr(lido.dataFim)}`,
  );
  await expect
    .poll(() =>
      page
        .getByRole('group', { name: 'Períodos prontos' })
        .getByRole('button', { name: periodo, exact: true })
        .getAttribute('aria-pressed'),
    )
    .toBe('true');
  return lido;
}

/** The totals row's cells as the screen shows them (the first one is 'Total'). */
export const totaisDaTela = (page: Page): Promise<string[]> =>
  page.getByTestId('relatorio-totais').getByRole('cell').allTextContents();

/** Exportar → the menu item; answers the download (its file already saved). */
async function baixar(page: Page, item: string) {
  await page.getByRole('button', { name: 'Exportar' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: item }).click()]);
  return download;
}

/** Exportar → Planilha Excel: the file name and the first sheet's rows of values (header first). */
export async function exportarXlsx(page: Page): Promise<{ nome: string; linhas: unknown[][] }> {
  const download = await baixar(page, 'Planilha Excel (.xlsx)');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const linhas: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => linhas.push((row.values as unknown[]).slice(1)));
  return { nome: download.suggestedFilename(), linhas };
}

/** Exportar → CSV: the file name and its lines (BOM stripped). */
export async function exportarCsv(page: Page): Promise<{ nome: string; linhas: string[] }> {
  const download = await baixar(page, 'CSV (.csv)');
  const texto = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  return { nome: download.suggestedFilename(), linhas: texto.trim().split(/\r?\n/) };
}

/** Exportar → PDF: the file name and its bytes. */
export async function exportarPdf(page: Page): Promise<{ nome: string; bytes: Buffer }> {
  const download = await baixar(page, 'PDF (.pdf)');
  return { nome: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}
