/**
 * A report as a PDF (issue #20 item 1: "PDF, A4 landscape with the unit's header and the filters
 * printed"): the unit's header with its logo, the report's title, the filters and the counting
 * rule, then the table (its header repeated on every page, numbers right-aligned, the totals row
 * bold) and a footer "Emitido em … por … · Página n de N". Rendered in the PDF worker thread
 * (lib/pdf-worker.ts) so a long report does not hold the event loop.
 */
import type { Content, TableCell } from 'pdfmake/interfaces';
import { formatDate, formatDateTime, formatDecimal, formatMoney } from '@petshop/shared/format';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { renderPdfInWorker, rodapePaginado, type DefinicaoPdf } from '../../lib/pdf-worker.ts';
import type { SpreadsheetColumnType } from '../../lib/spreadsheet-export.ts';
import { cabecalhoUnidade, findLogoUnidade, findUnidadeCupom, type UnidadeCupom } from '../comercial/impressao-pdf.ts';
import type { ColunaRelatorio } from './relatorio.ts';

/** The unit's identification and logo, read inside the request's transaction. */
export type CabecalhoRelatorio = { unidade: UnidadeCupom; logo: string | null };

/** A4 landscape: 841.89 × 595.28 points, 28-point margins. */
const MARGEM = 28;
const LARGURA = 841.89 - 2 * MARGEM;

export const findCabecalhoRelatorio = async (tx: Db): Promise<CabecalhoRelatorio> => {
  const [unidade, logo] = await Promise.all([findUnidadeCupom(tx), findLogoUnidade(tx)]);
  if (!unidade) throw notFound('Unidade de negócio não encontrada');
  return { unidade, logo };
};

const NUMERICOS: ReadonlySet<SpreadsheetColumnType> = new Set(['dinheiro', 'inteiro', 'quantidade', 'percentual']);

/** A cell as the screen and the XLSX show it: 'R$ 1.234,56', '67,54 %', '1,250', '31/12/2026'. */
export const textoCelula = (tipo: SpreadsheetColumnType, v: string | number | null | undefined): string => {
  if (v === null || v === undefined || v === '') return '';
  switch (tipo) {
    case 'dinheiro':
      return formatMoney(Number(v));
    case 'percentual':
      return `${formatDecimal(Number(v), 2)} %`;
    case 'quantidade':
      return formatDecimal(Number(v), 3).replace(/,?0+$/, '');
    case 'inteiro':
      return formatDecimal(Number(v), 0);
    case 'data':
      return formatDate(String(v).slice(0, 10));
    default:
      return String(v);
  }
};

export type RelatorioImpresso<L, T> = {
  titulo: string;
  /** 'Período: 01/11/2026 a 30/11/2026', 'Busca: ração', the report's own. */
  filtros: string[];
  criterio: string;
  colunas: readonly ColunaRelatorio<L, T>[];
  linhas: readonly L[];
  /** One value per column; the first is 'Total'. */
  linhaTotal: readonly (string | number | null | undefined)[];
  emitidoPor: string;
  timeZone: string;
  agora?: Date;
};

/** Rows of the table written between two turns of the event loop (issue #22 item 2). */
const LINHAS_POR_VEZ = 500;

/**
 * The PDF bytes of a report (see the file's comment). The table's rows are written LINHAS_POR_VEZ
 * at a time, the event loop turning between them (3 000 rows of a report: tens of ms of
 * formatting), and a left-aligned cell is its text alone (pdfmake's default alignment), not an
 * object: fewer objects for the structured clone to the PDF worker.
 */
export const imprimirRelatorio = async <L, T>(cabecalho: CabecalhoRelatorio, r: RelatorioImpresso<L, T>): Promise<Buffer> => {
  const tipos = r.colunas.map((c) => c.tipo ?? 'texto');
  const alinhamento = (i: number) => (NUMERICOS.has(tipos[i]!) ? ('right' as const) : ('left' as const));
  const cabecalhoTabela: TableCell[] = r.colunas.map((c, i) => ({
    text: c.titulo,
    bold: true,
    alignment: alinhamento(i),
    fillColor: '#eeeeee',
  }));
  const celula = (l: L, c: ColunaRelatorio<L, T>, i: number): TableCell => {
    const text = textoCelula(tipos[i]!, c.valor(l));
    return alinhamento(i) === 'right' ? { text, alignment: 'right' } : text;
  };
  const corpo: TableCell[][] = [];
  for (let inicio = 0; inicio < r.linhas.length; inicio += LINHAS_POR_VEZ) {
    if (inicio > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const l of r.linhas.slice(inicio, inicio + LINHAS_POR_VEZ)) corpo.push(r.colunas.map((c, i) => celula(l, c, i)));
  }
  const total: TableCell[] = r.linhaTotal.map((v, i) => ({
    text: i === 0 ? String(v ?? 'Total') : textoCelula(tipos[i]!, v),
    bold: true,
    alignment: alinhamento(i),
    fillColor: '#f4f4f4',
  }));
  const agora = r.agora ?? new Date();
  const content: Content[] = [
    ...cabecalhoUnidade(cabecalho.unidade, r.titulo.toUpperCase(), LARGURA, cabecalho.logo),
    ...(r.filtros.length > 0
      ? [
          {
            text: r.filtros.join('   ·   '),
            alignment: 'center' as const,
            margin: [0, 0, 0, 2] as [number, number, number, number],
          },
        ]
      : []),
    { text: r.criterio, fontSize: 7.5, color: '#555555', alignment: 'center', margin: [0, 0, 0, 8] },
    r.linhas.length === 0
      ? { text: 'Nenhum registro para os filtros escolhidos.', italics: true, alignment: 'center', margin: [0, 12, 0, 0] }
      : {
          table: {
            headerRows: 1,
            widths: r.colunas.map((c, i) => c.larguraPdf ?? (i === 0 ? '*' : 'auto')),
            body: [cabecalhoTabela, ...corpo, total],
          },
          layout: 'lightHorizontalLines',
          fontSize: 8,
        },
  ];
  const definicao: DefinicaoPdf = {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [MARGEM, MARGEM, MARGEM, MARGEM + 8],
    compress: false,
    info: { title: r.titulo, author: cabecalho.unidade.nomeFantasia },
    defaultStyle: { font: 'Helvetica', fontSize: 9, lineHeight: 1.1 },
    styles: {
      empresa: { fontSize: 13, bold: true, alignment: 'center' },
      titulo: { fontSize: 12, bold: true, alignment: 'center', margin: [0, 0, 0, 3] },
    },
    content,
    footer: rodapePaginado(
      `Emitido em ${formatDateTime(agora, r.timeZone)}${r.emitidoPor ? ` por ${r.emitidoPor}` : ''}`,
      MARGEM,
    ),
  };
  return renderPdfInWorker(definicao);
};
