/**
 * A list exported as a spreadsheet (issue #6 item 4 "Lists export to CSV and XLSX"): the
 * filtered rows with pt-BR headers. XLSX (exceljs) keeps money and dates as real numbers and
 * dates with Brazilian formats, so the owner can sum a column; CSV is what Brazilian Excel
 * opens with a double click: ';' separated, decimal comma, dd/MM/yyyy, UTF-8 with BOM, CRLF.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { formatDate, formatDecimal } from '@petshop/shared/format';
import type { FormatoExportacao } from '@petshop/shared/financeiro';
import { runCpuTask } from './cpu-pool.ts';

/**
 * How a column's values are written: text as is, money in reais (2 decimals), a 'yyyy-MM-dd' date,
 * a whole number, a quantity (up to 3 decimals: kg, litres), a percentage given as 0–100 (2 decimals).
 */
export type SpreadsheetColumnType = 'texto' | 'dinheiro' | 'data' | 'inteiro' | 'quantidade' | 'percentual';

const NUMERICOS: ReadonlySet<SpreadsheetColumnType> = new Set(['dinheiro', 'inteiro', 'quantidade', 'percentual']);

const NUM_FMT: Record<SpreadsheetColumnType, string> = {
  texto: '@',
  dinheiro: '#,##0.00',
  data: 'dd/mm/yyyy',
  inteiro: '0',
  quantidade: '#,##0.###',
  percentual: '0.00"%"',
};

export type SpreadsheetColumn<T> = {
  titulo: string;
  tipo?: SpreadsheetColumnType;
  /** Column width in characters (XLSX); default by the title. */
  largura?: number;
  valor: (linha: T) => string | number | null | undefined;
};

/** A built spreadsheet: file name, type, bytes and the number of data rows written (the audit log's `linhas`). */
export type Spreadsheet = { nome: string; contentType: string; conteudo: Buffer; linhas: number };

/** Largest number of rows an export writes (the list's filters narrow it). */
export const MAX_EXPORT_ROWS = 50_000;

/**
 * From this many rows a spreadsheet is built in the CPU pool; below it, in place (an XLSX of 300
 * rows: about 20 ms of CPU).
 */
export const LINHAS_NO_POOL = 300;

const dataUtc = (iso: string): Date => {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

const textoCsv = (tipo: SpreadsheetColumnType, v: string | number | null | undefined): string => {
  if (v === null || v === undefined || v === '') return '';
  if (tipo === 'dinheiro' || tipo === 'percentual') return formatDecimal(Number(v), 2);
  if (tipo === 'quantidade') return formatDecimal(Number(v), 3).replace(/,?0+$/, '');
  if (tipo === 'data') return formatDate(String(v).slice(0, 10));
  return String(v);
};

/**
 * Builds `nome`.csv or `nome`.xlsx (sheet `titulo`) of `linhas` by `colunas`. A money column
 * gets a total row in the XLSX when `totais` is true; `linhaTotal` (one value per column) is
 * written instead, in both formats, when the caller computed the totals (a report's margin or
 * share is not a sum).
 */
export const writeSpreadsheet = async <T>(
  formato: FormatoExportacao,
  opcoes: {
    nome: string;
    titulo: string;
    colunas: readonly SpreadsheetColumn<T>[];
    linhas: readonly T[];
    totais?: boolean;
    linhaTotal?: readonly (string | number | null | undefined)[];
  },
): Promise<Spreadsheet> => {
  const { nome, titulo, colunas, linhas, linhaTotal } = opcoes;
  if (formato === 'csv') {
    const dados: CsvData = {
      colunas: colunas.map((c) => ({ titulo: c.titulo, tipo: c.tipo ?? 'texto' })),
      linhas: linhas.map((l) => colunas.map((c) => c.valor(l) ?? null)),
      linhaTotal: linhaTotal?.map((v) => v ?? null),
    };
    // Formatting and quoting 10k rows takes hundreds of ms: a big list is written in the CPU pool.
    const csv = linhas.length >= LINHAS_NO_POOL ? await runCpuTask('montarCsv', dados) : buildCsv(dados);
    return {
      nome: `${nome}.csv`,
      contentType: 'text/csv; charset=utf-8',
      conteudo: Buffer.from(csv, 'utf8'),
      linhas: linhas.length,
    };
  }

  const celula = (tipo: SpreadsheetColumnType, v: string | number | null | undefined): XlsxCell => {
    if (v === null || v === undefined || v === '') return null;
    if (NUMERICOS.has(tipo)) return Number(v);
    if (tipo === 'data') return dataUtc(String(v));
    return String(v);
  };
  const dados: XlsxData = {
    titulo,
    colunas: colunas.map((c) => ({ titulo: c.titulo, tipo: c.tipo ?? 'texto', largura: c.largura })),
    linhas: linhas.map((l) => colunas.map((c) => celula(c.tipo ?? 'texto', c.valor(l)))),
    linhaTotal: linhaTotal ? colunas.map((c, i) => celula(i === 0 ? 'texto' : (c.tipo ?? 'texto'), linhaTotal[i])) : undefined,
    totais: opcoes.totais === true,
  };
  // exceljs builds and zips synchronously: 10k rows take over a second of CPU, so a big sheet is
  // built in the CPU pool (issue #22 item 2); a small one here, without the copy to a thread.
  const conteudo =
    linhas.length >= LINHAS_NO_POOL ? Buffer.from(await runCpuTask('montarXlsx', dados)) : Buffer.from(await buildXlsx(dados));
  return {
    nome: `${nome}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    conteudo,
    linhas: linhas.length,
  };
};

/** What a CSV is written from, plain data (it crosses to a worker thread): the raw values by column type. */
export type CsvData = {
  colunas: { titulo: string; tipo: SpreadsheetColumnType }[];
  linhas: (string | number | null)[][];
  /** The caller's total row (its first cell written as text). */
  linhaTotal?: (string | number | null)[];
};

/**
 * The CSV text of `dados` as Brazilian Excel opens it: UTF-8 BOM, ';', CRLF (a final one too),
 * decimal comma, dd/MM/yyyy. Runs in the CPU pool's workers for big lists.
 */
export const buildCsv = (dados: CsvData): string => {
  const { colunas, linhas, linhaTotal } = dados;
  const csv = Papa.unparse(
    [
      colunas.map((c) => c.titulo),
      ...linhas.map((l) => colunas.map((c, i) => textoCsv(c.tipo, l[i]))),
      ...(linhaTotal ? [colunas.map((c, i) => textoCsv(i === 0 ? 'texto' : c.tipo, linhaTotal[i]))] : []),
    ],
    { delimiter: ';', newline: '\r\n' },
  );
  return `\uFEFF${csv}\r\n`;
};

/** A cell's value as exceljs takes it: already typed (money and counts as numbers, dates as UTC Dates). */
export type XlsxCell = string | number | Date | null;

/** What an XLSX is built from, plain data (it crosses to a worker thread). */
export type XlsxData = {
  titulo: string;
  colunas: { titulo: string; tipo: SpreadsheetColumnType; largura?: number }[];
  linhas: XlsxCell[][];
  /** The caller's total row, one cell per column (written in bold after the rows). */
  linhaTotal?: XlsxCell[];
  /** Without `linhaTotal`: a "Total" row with SUM formulas under the money columns. */
  totais: boolean;
};

/**
 * The XLSX bytes of `dados`: one sheet named by `titulo` (31 characters at most), the header
 * row frozen and bold, each column's number format by its type, then the total row. Runs in the
 * CPU pool's workers (lib/cpu-pool-tasks.ts) for big sheets.
 */
export const buildXlsx = async (dados: XlsxData): Promise<Uint8Array> => {
  const { titulo, colunas, linhas, linhaTotal } = dados;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Pet Shop Back Office';
  const sheet = workbook.addWorksheet(titulo.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = colunas.map((c, i) => ({
    header: c.titulo,
    key: String(i),
    width: c.largura ?? Math.max(12, c.titulo.length + 4),
    style: { numFmt: NUM_FMT[c.tipo] },
  }));
  for (const l of linhas) sheet.addRow(l);
  sheet.getRow(1).font = { bold: true };
  if (linhaTotal) {
    const total = sheet.addRow(linhaTotal);
    total.font = { bold: true };
  } else if (dados.totais && linhas.length > 0) {
    const ultima = linhas.length + 1;
    const total = sheet.addRow(
      colunas.map((c, i) => {
        if (i === 0) return 'Total';
        if (c.tipo !== 'dinheiro') return null;
        const letra = sheet.getColumn(i + 1).letter;
        return { formula: `SUM(${letra}2:${letra}${ultima})` };
      }),
    );
    total.font = { bold: true };
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
};

/** Sends a spreadsheet as a download (no cache). */
export const sendSpreadsheet = (reply: FastifyReply, planilha: Spreadsheet): FastifyReply =>
  reply
    .header('content-type', planilha.contentType)
    .header('content-disposition', `attachment; filename="${planilha.nome}"`)
    .header('cache-control', 'no-store')
    .send(planilha.conteudo);

/** The OpenAPI answer of an export route. */
export const spreadsheetResponseSchema = z.any().meta({
  description:
    'A lista filtrada: XLSX (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet) ou CSV (text/csv; ";")',
  type: 'string',
  format: 'binary',
});
