/**
 * Reads an uploaded spreadsheet (XLSX with exceljs, CSV with papaparse) into its header and
 * data rows as text. Brazilian CSV files usually use ';' and are often saved by Excel in
 * Windows-1252: invalid UTF-8 is decoded as Windows-1252. Dates of XLSX cells come back as
 * 'dd/MM/yyyy' and numbers as JS decimal text ('12.5'), so every importer reads text only.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { IMPORTACAO_MAX_LINHAS } from '@petshop/shared/importacao';
import { badRequest } from '../../lib/errors.ts';

/** One data row: its number in the spreadsheet (header = 1) and the text of each column. */
export type LinhaPlanilha = { numero: number; celulas: string[] };

export type Planilha = { colunas: string[]; linhas: LinhaPlanilha[] };

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

const pad2 = (n: number) => String(n).padStart(2, '0');

/** exceljs answers date cells as JS Dates at UTC midnight of the calendar date. */
const dataCelula = (d: Date): string =>
  Number.isNaN(d.getTime()) ? '' : `${pad2(d.getUTCDate())}/${pad2(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;

/** Numbers as plain decimal text, without float noise (0.1 + 0.2 stored by Excel as 0.30000000000000004). */
const numeroCelula = (n: number): string => {
  if (!Number.isFinite(n)) return '';
  if (Number.isInteger(n)) return Number.isSafeInteger(n) ? String(n) : BigInt(Math.round(n)).toString();
  return String(Number(n.toPrecision(15)));
};

/** The text of an exceljs cell value, whatever its kind (rich text, formula, hyperlink...). */
export const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return numeroCelula(value);
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (value instanceof Date) return dataCelula(value);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText))
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as ExcelJS.CellFormulaValue).result;
      return result === undefined || (typeof result === 'object' && result !== null && 'error' in result)
        ? ''
        : cellText(result as ExcelJS.CellValue);
    }
    if ('hyperlink' in value && 'text' in value) {
      const text = (value as ExcelJS.CellHyperlinkValue).text;
      return typeof text === 'string' ? text.trim() : cellText(text as ExcelJS.CellValue);
    }
    if ('error' in value) return '';
  }
  return String(value as unknown).trim();
};

/** Blank headers become 'Coluna N'; repeated ones get ' (2)', ' (3)'. */
const nomearColunas = (headers: string[]): string[] => {
  const vistos = new Map<string, number>();
  return headers.map((h, i) => {
    const base = h.trim() || `Coluna ${i + 1}`;
    const n = (vistos.get(base) ?? 0) + 1;
    vistos.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
};

const semLinhas = () => badRequest({ arquivo: ['A planilha está vazia: a primeira linha deve ter os títulos das colunas'] });

const limitarLinhas = (quantidade: number) => {
  if (quantidade > IMPORTACAO_MAX_LINHAS) {
    throw badRequest({
      arquivo: [
        `A planilha tem ${quantidade.toLocaleString('pt-BR')} linhas; o limite é ${IMPORTACAO_MAX_LINHAS.toLocaleString('pt-BR')} por importação. Divida o arquivo em partes menores.`,
      ],
    });
  }
};

/** Trailing empty cells are dropped; whole empty rows are skipped (their numbers are kept by the others). */
const buildPlanilha = (cabecalho: string[], dados: LinhaPlanilha[]): Planilha => {
  let largura = cabecalho.length;
  while (largura > 0 && cabecalho[largura - 1]!.trim() === '' && dados.every((l) => !l.celulas[largura - 1])) largura--;
  if (largura === 0) throw semLinhas();
  const colunas = nomearColunas(cabecalho.slice(0, largura));
  const linhas = dados
    .map((l) => ({ numero: l.numero, celulas: colunas.map((_, i) => l.celulas[i] ?? '') }))
    .filter((l) => l.celulas.some((c) => c !== ''));
  limitarLinhas(linhas.length);
  return { colunas, linhas };
};

const parseXlsx = async (buffer: Buffer): Promise<Planilha> => {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw badRequest({ arquivo: ['Não foi possível ler o arquivo: não é uma planilha XLSX válida'] });
  }
  // The template's second sheet holds instructions: the data is on the first other sheet.
  const sheet = workbook.worksheets.find((w) => w.state !== 'hidden' && !/^instru/i.test(w.name)) ?? workbook.worksheets[0];
  if (!sheet || sheet.actualRowCount === 0) throw semLinhas();
  // Cheap check before reading every cell: rowCount is the last used row.
  limitarLinhas(sheet.actualRowCount - 1);
  const largura = sheet.columnCount;
  const ler = (row: ExcelJS.Row) => Array.from({ length: largura }, (_, i) => cellText(row.getCell(i + 1).value));
  let cabecalho: string[] | null = null;
  const dados: LinhaPlanilha[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, numero) => {
    const celulas = ler(row);
    if (!cabecalho) {
      if (celulas.every((c) => c === '')) return;
      cabecalho = celulas;
      return;
    }
    dados.push({ numero, celulas });
  });
  if (!cabecalho) throw semLinhas();
  return buildPlanilha(cabecalho, dados);
};

/** UTF-8 when valid (BOM removed), else Windows-1252 (what Excel "CSV" saves in Brazil). */
export const decodeText = (buffer: Buffer): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    return new TextDecoder('windows-1252').decode(buffer);
  }
};

/** The delimiter that appears most in the header line: ';' (Brazilian Excel), ',', tab or '|'. */
const delimitador = (texto: string): string => {
  const primeira = texto.slice(0, texto.search(/\r?\n|$/)).replace(/"[^"]*"/g, '');
  let melhor = ';';
  let max = 0;
  for (const d of [';', ',', '\t', '|']) {
    const n = primeira.split(d).length - 1;
    if (n > max) {
      max = n;
      melhor = d;
    }
  }
  return melhor;
};

const parseCsv = (buffer: Buffer): Planilha => {
  if (buffer.subarray(0, 4096).includes(0)) {
    throw badRequest({ arquivo: ['O arquivo não parece ser uma planilha CSV (use .xlsx ou .csv)'] });
  }
  const texto = decodeText(buffer);
  const result = Papa.parse<string[]>(texto, { delimiter: delimitador(texto), skipEmptyLines: false });
  const registros = result.data;
  // Papa parses a final newline as one empty record.
  while (registros.length > 0 && registros[registros.length - 1]!.every((c) => c.trim() === '')) registros.pop();
  const inicio = registros.findIndex((r) => r.some((c) => c.trim() !== ''));
  if (inicio < 0) throw semLinhas();
  limitarLinhas(registros.length - inicio - 1);
  const cabecalho = registros[inicio]!.map((c) => c.trim());
  const dados = registros.slice(inicio + 1).map((r, i) => ({ numero: inicio + i + 2, celulas: r.map((c) => c.trim()) }));
  return buildPlanilha(cabecalho, dados);
};

/**
 * Reads the file by its content (an XLSX is a ZIP; anything else is taken as CSV text).
 * 400 on the `arquivo` field for an old .xls, a broken XLSX, a binary file, no header row or
 * more than IMPORTACAO_MAX_LINHAS data rows.
 */
export const parsePlanilha = async (arquivo: { filename: string; buffer: Buffer }): Promise<Planilha> => {
  const { buffer } = arquivo;
  if (buffer.subarray(0, 4).equals(OLE)) {
    throw badRequest({ arquivo: ['Arquivos .xls (Excel 97-2003) não são aceitos: salve a planilha como .xlsx ou .csv'] });
  }
  if (buffer.subarray(0, 4).equals(ZIP)) return parseXlsx(buffer);
  if (arquivo.filename.toLowerCase().endsWith('.xlsx')) {
    throw badRequest({ arquivo: ['Não foi possível ler o arquivo: não é uma planilha XLSX válida'] });
  }
  return parseCsv(buffer);
};
