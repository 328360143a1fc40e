/**
 * The rich text of a filled document or prescription (the editor's HTML, html-sanitizer.ts) as
 * pdfmake content, for the clinic's PDFs (issue #19 item 5). Pure: no I/O, no functions in the
 * result (it is handed to the PDF worker, lib/pdf-worker.ts, by structured clone).
 *
 * - p → a paragraph (6 pt after), h1–h4 → bold headings (16/14/12/11 pt), with their
 *   text-align (left/center/right/justify);
 * - strong/b, em/i, u, s → bold, italics, underline, line-through runs (combined when nested);
 *   a → a blue underlined run with its link; br → a line break;
 * - ul/ol → bulleted/numbered lists (nested lists and paragraphs inside items kept);
 * - blockquote → an indented grey block; hr → a thin rule across `largura`;
 * - whitespace collapses as in HTML; an empty paragraph is a blank line.
 * The HTML is sanitised again first, so whatever a record holds, scripts and styles never print.
 */
import type { Content } from 'pdfmake/interfaces';
import { alinhamentoDe, parseHtml, sanitizeTree, type HtmlNode } from './html-sanitizer.ts';

type Decoracao = 'underline' | 'lineThrough';

/** The style a run inherits from its inline ancestors. */
type EstiloRun = { bold?: boolean; italics?: boolean; decoration?: Decoracao[]; link?: string; color?: string };

/** One run of text as pdfmake takes it. */
export type RunPdf = EstiloRun & { text: string };

export type OpcoesHtmlPdf = {
  /** Width of the text area in points (the rule of an hr); default A4 with 40 pt margins. */
  largura?: number;
};

const TAMANHO_TITULO: Record<string, number> = { h1: 16, h2: 14, h3: 12, h4: 11 };
const BLOCOS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'hr']);
const LARGURA_PADRAO = 595.28 - 2 * 40;
const COR_LINK = '#1f4e9e';

const comDecoracao = (estilo: EstiloRun, d: Decoracao): EstiloRun => ({
  ...estilo,
  decoration: estilo.decoration?.includes(d) ? estilo.decoration : [...(estilo.decoration ?? []), d],
});

/** The style `no` (an inline element) adds to `estilo`. */
const estiloDe = (no: Extract<HtmlNode, { type: 'element' }>, estilo: EstiloRun): EstiloRun => {
  switch (no.name) {
    case 'strong':
    case 'b':
      return { ...estilo, bold: true };
    case 'em':
    case 'i':
      return { ...estilo, italics: true };
    case 'u':
      return comDecoracao(estilo, 'underline');
    case 's':
      return comDecoracao(estilo, 'lineThrough');
    case 'a':
      return no.attribs.href ? { ...comDecoracao(estilo, 'underline'), link: no.attribs.href, color: COR_LINK } : estilo;
    default:
      return estilo;
  }
};

/** The runs of inline nodes (text collapsed as HTML does; br = '\n'). */
const runsDe = (nodes: HtmlNode[], estilo: EstiloRun): RunPdf[] =>
  nodes.flatMap((no): RunPdf[] => {
    if (no.type === 'text') return [{ ...estilo, text: no.text.replace(/\s+/g, ' ') }];
    if (no.name === 'br') return [{ ...estilo, text: '\n' }];
    return runsDe(no.children, estiloDe(no, estilo));
  });

/** Runs without the spaces HTML would not show: at the start, the end and around line breaks. */
const aparar = (runs: RunPdf[]): RunPdf[] => {
  const saida = runs.map((r) => ({ ...r }));
  for (let i = 0; i < saida.length; i++) {
    const anterior = i === 0 ? '\n' : saida[i - 1]!.text;
    if (anterior.endsWith('\n') || anterior.endsWith(' ')) saida[i]!.text = saida[i]!.text.replace(/^ +/, '');
  }
  for (let i = saida.length - 1; i >= 0; i--) {
    const seguinte = i === saida.length - 1 ? '\n' : saida[i + 1]!.text;
    if (seguinte.startsWith('\n')) saida[i]!.text = saida[i]!.text.replace(/ +$/, '');
  }
  return saida.filter((r) => r.text !== '');
};

const paragrafo = (runs: RunPdf[], extra: Record<string, unknown> = {}): Content => {
  const limpos = aparar(runs);
  // An empty paragraph is the editor's blank line.
  return { text: limpos.length > 0 ? limpos : ' ', margin: [0, 0, 0, 6], ...extra } as Content;
};

/** Blocks of a container's children: consecutive inline nodes become one paragraph. */
const blocosDe = (nodes: HtmlNode[], largura: number): Content[] => {
  const blocos: Content[] = [];
  let soltos: HtmlNode[] = [];
  const fecharSoltos = () => {
    const runs = aparar(runsDe(soltos, {}));
    if (runs.length > 0) blocos.push(paragrafo(runs));
    soltos = [];
  };
  for (const no of nodes) {
    if (no.type === 'element' && BLOCOS.has(no.name)) {
      fecharSoltos();
      blocos.push(...bloco(no, largura));
    } else {
      soltos.push(no);
    }
  }
  fecharSoltos();
  return blocos;
};

/** An item of a list: its text, or a stack when it holds paragraphs or lists. */
const itemDeLista = (li: HtmlNode, largura: number): Content => {
  const filhos = li.type === 'element' ? li.children : [li];
  const blocos = blocosDe(filhos, largura - 14).map((b) => ({ ...(b as object), margin: [0, 0, 0, 2] }) as Content);
  if (blocos.length === 0) return { text: ' ' };
  return blocos.length === 1 ? blocos[0]! : { stack: blocos };
};

const bloco = (no: Extract<HtmlNode, { type: 'element' }>, largura: number): Content[] => {
  const alinhamento = alinhamentoDe(no.attribs);
  const alinhar = alinhamento ? { alignment: alinhamento } : {};
  switch (no.name) {
    case 'p':
      return [paragrafo(runsDe(no.children, {}), alinhar)];
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
      return [
        paragrafo(runsDe(no.children, { bold: true }), { fontSize: TAMANHO_TITULO[no.name], margin: [0, 6, 0, 4], ...alinhar }),
      ];
    case 'ul':
    case 'ol': {
      const itens = no.children
        .filter((c) => !(c.type === 'text' && c.text.trim() === ''))
        .map((c) =>
          itemDeLista(
            c.type === 'element' && c.name === 'li' ? c : { type: 'element', name: 'li', attribs: {}, children: [c] },
            largura,
          ),
        );
      if (itens.length === 0) return [];
      return [no.name === 'ul' ? { ul: itens, margin: [0, 0, 0, 6] } : { ol: itens, margin: [0, 0, 0, 6] }];
    }
    case 'li':
      return [itemDeLista(no, largura)];
    case 'blockquote':
      return [{ stack: blocosDe(no.children, largura - 16), margin: [16, 0, 0, 4], color: '#444444' }];
    case 'hr':
      return [{ canvas: [{ type: 'line', x1: 0, y1: 0, x2: largura, y2: 0, lineWidth: 0.5 }], margin: [0, 4, 0, 8] }];
    default:
      return blocosDe(no.children, largura);
  }
};

/** The HTML of a document as pdfmake content (see the module's doc). */
export const htmlParaPdf = (html: string, { largura = LARGURA_PADRAO }: OpcoesHtmlPdf = {}): Content[] =>
  blocosDe(sanitizeTree(parseHtml(html)), largura);
