/**
 * Reads an uploaded spreadsheet (XLSX with exceljs, CSV with papaparse) into its header and
 * data rows as text. Brazilian CSV files usually use ';' and are often saved by Excel in
 * Windows-1252: invalid UTF-8 is decoded as Windows-1252. Dates of XLSX cells come back as
 * 'dd/MM/yyyy' and numbers as JS decimal text ('12.5'), so every importer reads text only.
 */
import { createInflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { IMPORTACAO_MAX_LINHAS } from '@petshop/shared/importacao';
import { badRequest } from '../../lib/errors.ts';

/** One data row: its number in the spreadsheet (header = 1) and the text of each column. */
export type LinhaPlanilha = { numero: number; celulas: string[] };

export type Planilha = { colunas: string[]; linhas: LinhaPlanilha[] };

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/**
 * Largest XLSX once decompressed, all its parts together, in bytes (issue #22 item 7: a zip bomb).
 * Measured (docs/security.md): 5 000 rows of 30 columns are about 10 MB decompressed (830 KB as
 * sent), which exceljs reads in about 3 s with about 100 MB of heap; 50 MB took 11 s and 340 MB.
 * Unchecked, a 1 MB file expanding to 1 GiB held the reading for 12 s and 1.3 GB of memory.
 */
export const XLSX_MAX_DESCOMPACTADO = 32 * 1024 * 1024;
/** Most parts an XLSX may hold (a workbook has a dozen or two). */
export const XLSX_MAX_PARTES = 1000;
/** Most columns a sheet may span (the templates have fewer than 40): past it every row would be read that wide. */
export const PLANILHA_MAX_COLUNAS = 200;

const XLSX_INVALIDO = 'Não foi possível ler o arquivo: não é uma planilha XLSX válida';
const XLSX_GRANDE = `A planilha descompactada passa de ${XLSX_MAX_DESCOMPACTADO / 1024 / 1024} MB: deixe no arquivo apenas a aba com os dados, ou envie-a como .csv`;

/** One file of a ZIP as its central directory tells: where its data starts and how it is stored. */
type ParteZip = { metodo: number; inicio: number; compactado: number; descompactado: number };

/**
 * The parts of a ZIP from its central directory (the one JSZip, hence exceljs, reads), or null when
 * the directory is missing, truncated, ZIP64 or points outside the file.
 */
const lerPartesZip = (buffer: Buffer): ParteZip[] | null => {
  // End of central directory: 22 bytes plus a comment of up to 64 KB, at the end of the file.
  let fim = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 22 - 0xffff); i--) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      fim = i;
      break;
    }
  }
  if (fim < 0) return null;
  const quantidade = buffer.readUInt16LE(fim + 10);
  const tamanhoDiretorio = buffer.readUInt32LE(fim + 12);
  let p = buffer.readUInt32LE(fim + 16);
  if (p + tamanhoDiretorio > fim) return null;
  const partes: ParteZip[] = [];
  for (let n = 0; n < quantidade; n++) {
    if (p + 46 > fim || buffer.readUInt32LE(p) !== 0x02014b50) return null;
    const local = buffer.readUInt32LE(p + 42);
    if (local + 30 > buffer.length || buffer.readUInt32LE(local) !== 0x04034b50) return null;
    const inicio = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const compactado = buffer.readUInt32LE(p + 20);
    if (inicio + compactado > buffer.length) return null;
    partes.push({ metodo: buffer.readUInt16LE(p + 10), inicio, compactado, descompactado: buffer.readUInt32LE(p + 24) });
    p += 46 + buffer.readUInt16LE(p + 28) + buffer.readUInt16LE(p + 30) + buffer.readUInt16LE(p + 32);
  }
  return partes;
};

/**
 * Bytes `dados` (raw deflate) decompress to, counted as they come out and thrown away: stops as
 * soon as the count passes `limite` (memory stays at one 64 KB chunk; the work runs in zlib's
 * thread pool). Rejects on a broken stream.
 */
const contarDescompactado = (dados: Buffer, limite: number): Promise<number> =>
  new Promise((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
    let total = 0;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limite) {
        inflate.destroy();
        resolve(total);
      }
    });
    inflate.on('end', () => resolve(total));
    inflate.on('error', reject);
    inflate.end(dados);
  });

/**
 * Refuses (400 on `arquivo`) an XLSX that decompresses past XLSX_MAX_DESCOMPACTADO or holds more
 * than XLSX_MAX_PARTES parts, before exceljs decompresses it into memory. The sizes the ZIP
 * declares are checked first (an honest bomb stops here at once), then the real ones by
 * decompressing each part with a byte budget (a ZIP may lie about its sizes, and JSZip only
 * notices after having decompressed everything).
 */
export const assertXlsxDescompactadoPequeno = async (buffer: Buffer): Promise<void> => {
  const partes = lerPartesZip(buffer);
  if (!partes) throw badRequest({ arquivo: [XLSX_INVALIDO] });
  if (partes.length > XLSX_MAX_PARTES) throw badRequest({ arquivo: [XLSX_GRANDE] });
  if (partes.reduce((soma, parte) => soma + parte.descompactado, 0) > XLSX_MAX_DESCOMPACTADO) {
    throw badRequest({ arquivo: [XLSX_GRANDE] });
  }
  let restante = XLSX_MAX_DESCOMPACTADO;
  for (const parte of partes) {
    const dados = buffer.subarray(parte.inicio, parte.inicio + parte.compactado);
    let tamanho: number;
    if (parte.metodo === 0) tamanho = dados.length;
    else if (parte.metodo === 8) tamanho = await contarDescompactado(dados, restante).catch(() => -1);
    else tamanho = -1;
    if (tamanho < 0) throw badRequest({ arquivo: [XLSX_INVALIDO] });
    restante -= tamanho;
    if (restante < 0) throw badRequest({ arquivo: [XLSX_GRANDE] });
  }
};

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
  await assertXlsxDescompactadoPequeno(buffer);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw badRequest({ arquivo: [XLSX_INVALIDO] });
  }
  // The template's second sheet holds instructions: the data is on the first other sheet.
  const sheet = workbook.worksheets.find((w) => w.state !== 'hidden' && !/^instru/i.test(w.name)) ?? workbook.worksheets[0];
  if (!sheet || sheet.actualRowCount === 0) throw semLinhas();
  // Cheap check before reading every cell: rowCount is the last used row.
  limitarLinhas(sheet.actualRowCount - 1);
  const largura = sheet.columnCount;
  if (largura > PLANILHA_MAX_COLUNAS) {
    throw badRequest({
      arquivo: [`A planilha tem ${largura.toLocaleString('pt-BR')} colunas; o limite é ${PLANILHA_MAX_COLUNAS} por importação`],
    });
  }
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
 * 400 on the `arquivo` field for an old .xls, a broken XLSX, one that decompresses past
 * XLSX_MAX_DESCOMPACTADO (a zip bomb), a sheet wider than PLANILHA_MAX_COLUNAS, a binary file,
 * no header row or more than IMPORTACAO_MAX_LINHAS data rows.
 */
export const parsePlanilha = async (arquivo: { filename: string; buffer: Buffer }): Promise<Planilha> => {
  const { buffer } = arquivo;
  if (buffer.subarray(0, 4).equals(OLE)) {
    throw badRequest({ arquivo: ['Arquivos .xls (Excel 97-2003) não são aceitos: salve a planilha como .xlsx ou .csv'] });
  }
  if (buffer.subarray(0, 4).equals(ZIP)) return parseXlsx(buffer);
  if (arquivo.filename.toLowerCase().endsWith('.xlsx')) throw badRequest({ arquivo: [XLSX_INVALIDO] });
  return parseCsv(buffer);
};
