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

/**
 * The rows of an export: an array, or pages of rows read one after the other (a repository's
 * `listForExport` reads 500 rows at a time, so that no read or mapping of 10 000 rows holds the
 * event loop at once; issue #22 item 2).
 */
export type LinhasPlanilha<T> = readonly T[] | AsyncIterable<readonly T[]>;

/** Rows of an array `linhas` handled between two turns of the event loop (mapping to cells, JSON of a page). */
export const LINHAS_POR_PAGINA = 500;

/** Lets the event loop run what waits (other requests, timers) before the next page. */
export const cederAoLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A cell's raw value: what a column's `valor` answers, by its type (money and counts as numbers or numeric text, dates 'yyyy-MM-dd'). */
export type ValorCelula = string | number | null;

/** A row's raw values, one per column. */
type LinhaBruta = ValorCelula[];

/**
 * What a CSV or an XLSX is built from, plain data (it crosses to a worker thread): the columns
 * and the rows' raw values, either as arrays (`linhas`, a small list built in place) or as the
 * JSON text of each page of rows (`paginas`: strings cross to a thread as one copy, where 10 000
 * rows of cells as arrays took a structured clone of tens of ms on the event loop), written
 * after `linhas`.
 */
export type DadosPlanilha = {
  colunas: { titulo: string; tipo: SpreadsheetColumnType; largura?: number | undefined }[];
  linhas?: LinhaBruta[];
  paginas?: string[];
  /** The caller's total row, one raw value per column (its first cell written as text). */
  linhaTotal?: (ValorCelula | undefined)[] | undefined;
};

/** What a CSV is written from (see `DadosPlanilha`). */
export type CsvData = DadosPlanilha;

/** What an XLSX is built from: `DadosPlanilha`, the sheet's name and whether to add SUM formulas. */
export type XlsxData = DadosPlanilha & {
  /** The sheet's name (31 characters at most are used). */
  titulo: string;
  /** Without `linhaTotal`: a "Total" row with SUM formulas under the money columns. */
  totais: boolean;
};

/** Every row of `dados`: `linhas`, then each page parsed in turn. */
function* linhasDe(dados: DadosPlanilha): Generator<LinhaBruta> {
  if (dados.linhas) yield* dados.linhas;
  for (const pagina of dados.paginas ?? []) yield* JSON.parse(pagina) as LinhaBruta[];
}

/** Pages of `linhas`: the async pages as they come, an array in slices of LINHAS_POR_PAGINA. */
async function* paginasDe<T>(linhas: LinhasPlanilha<T>): AsyncGenerator<readonly T[]> {
  if (Symbol.asyncIterator in linhas) {
    yield* linhas;
    return;
  }
  for (let i = 0; i < linhas.length; i += LINHAS_POR_PAGINA) yield linhas.slice(i, i + LINHAS_POR_PAGINA);
}

const dataUtc = (iso: string): Date => {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

const textoCsv = (tipo: SpreadsheetColumnType, v: ValorCelula | undefined): string => {
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
 *
 * The rows are read page by page (an async `linhas` as its pages come, an array in slices of
 * LINHAS_POR_PAGINA) and each page's raw values are taken by the columns and kept as the page's
 * JSON text, the event loop turning between pages; from LINHAS_NO_POOL rows the file is written
 * in the CPU pool from those texts (issue #22 item 2), below it in place.
 */
export const writeSpreadsheet = async <T>(
  formato: FormatoExportacao,
  opcoes: {
    nome: string;
    titulo: string;
    colunas: readonly SpreadsheetColumn<T>[];
    linhas: LinhasPlanilha<T>;
    totais?: boolean;
    linhaTotal?: readonly (string | number | null | undefined)[];
  },
): Promise<Spreadsheet> => {
  const { nome, titulo, colunas, linhaTotal } = opcoes;
  const dados: DadosPlanilha = {
    colunas: colunas.map((c) => ({ titulo: c.titulo, tipo: c.tipo ?? 'texto', largura: c.largura })),
    linhas: [],
    linhaTotal: linhaTotal?.map((v) => v ?? null),
  };
  let quantidade = 0;
  let primeira = true;
  for await (const pagina of paginasDe(opcoes.linhas)) {
    if (!primeira) await cederAoLoop();
    primeira = false;
    const valores = pagina.map((l) => colunas.map((c) => c.valor(l) ?? null));
    quantidade += pagina.length;
    if (quantidade < LINHAS_NO_POOL) for (const v of valores) dados.linhas!.push(v);
    else {
      // A list for the pool: each page kept as its JSON text at once (one compact string per
      // page instead of arrays of cells that live until the end: less for the GC to copy and mark).
      dados.paginas ??= dados.linhas!.length > 0 ? [JSON.stringify(dados.linhas)] : [];
      dados.linhas = [];
      dados.paginas.push(JSON.stringify(valores));
    }
  }
  const noPool = quantidade >= LINHAS_NO_POOL;

  if (formato === 'csv') {
    // Formatting and quoting 10k rows takes hundreds of ms: a big list is written in the CPU pool.
    const conteudo = noPool ? await runCpuTask('montarCsv', dados) : buildCsv(dados);
    return {
      nome: `${nome}.csv`,
      contentType: 'text/csv; charset=utf-8',
      conteudo: Buffer.from(conteudo.buffer, conteudo.byteOffset, conteudo.byteLength),
      linhas: quantidade,
    };
  }
  // exceljs builds and zips synchronously: 10k rows take over a second of CPU, so a big sheet is
  // built in the CPU pool (issue #22 item 2); a small one here, without the hand-off to a thread.
  const xlsx: XlsxData = { ...dados, titulo, totais: opcoes.totais === true };
  const conteudo = noPool ? await runCpuTask('montarXlsx', xlsx) : await buildXlsx(xlsx);
  return {
    nome: `${nome}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    conteudo: Buffer.from(conteudo.buffer, conteudo.byteOffset, conteudo.byteLength),
    linhas: quantidade,
  };
};

/**
 * The CSV bytes of `dados` as Brazilian Excel opens it: UTF-8 BOM, ';', CRLF (a final one too),
 * decimal comma, dd/MM/yyyy. Runs in the CPU pool's workers for big lists.
 */
export const buildCsv = (dados: CsvData): Uint8Array => {
  const { colunas, linhaTotal } = dados;
  const csv = Papa.unparse(
    [
      colunas.map((c) => c.titulo),
      ...Array.from(linhasDe(dados), (l) => colunas.map((c, i) => textoCsv(c.tipo, l[i]))),
      ...(linhaTotal ? [colunas.map((c, i) => textoCsv(i === 0 ? 'texto' : c.tipo, linhaTotal[i]))] : []),
    ],
    { delimiter: ';', newline: '\r\n' },
  );
  return Buffer.from(`\uFEFF${csv}\r\n`, 'utf8');
};

/** A cell's value as exceljs takes it: typed (money and counts as numbers, dates as UTC Dates). */
const celulaXlsx = (tipo: SpreadsheetColumnType, v: ValorCelula | undefined): string | number | Date | null => {
  if (v === null || v === undefined || v === '') return null;
  if (NUMERICOS.has(tipo)) return Number(v);
  if (tipo === 'data') return dataUtc(String(v));
  return String(v);
};

/**
 * The XLSX bytes of `dados`: one sheet named by `titulo` (31 characters at most), the header
 * row frozen and bold, each column's number format by its type, the cells typed (money and
 * counts as numbers, dates as dates), then the total row. Runs in the CPU pool's workers
 * (lib/cpu-pool-tasks.ts) for big sheets.
 */
export const buildXlsx = async (dados: XlsxData): Promise<Uint8Array> => {
  const { titulo, colunas, linhaTotal } = dados;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Pet Shop Back Office';
  const sheet = workbook.addWorksheet(titulo.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = colunas.map((c, i) => ({
    header: c.titulo,
    key: String(i),
    width: c.largura ?? Math.max(12, c.titulo.length + 4),
    style: { numFmt: NUM_FMT[c.tipo] },
  }));
  let quantidade = 0;
  for (const l of linhasDe(dados)) {
    sheet.addRow(colunas.map((c, i) => celulaXlsx(c.tipo, l[i])));
    quantidade++;
  }
  sheet.getRow(1).font = { bold: true };
  if (linhaTotal) {
    const total = sheet.addRow(colunas.map((c, i) => celulaXlsx(i === 0 ? 'texto' : c.tipo, linhaTotal[i])));
    total.font = { bold: true };
  } else if (dados.totais && quantidade > 0) {
    const ultima = quantidade + 1;
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
