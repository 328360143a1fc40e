/**
 * The rich text of the clinic's templates and documents (issue #19 item 5): the HTML that Mantine's
 * tiptap editor (StarterKit, Link, TextAlign) makes, read into a small tree and written back with
 * only what that editor makes:
 * - p, br, strong/b, em/i, u, s, h1–h4, ul/ol/li, blockquote, hr, span;
 * - a with an http(s) or mailto href (opened in a new tab, `rel="noopener noreferrer nofollow"`);
 * - `style="text-align: left|center|right|justify"` on p, h1–h4 and span, nothing else of a style.
 * Everything else goes: script, style, iframe, object, svg, img, form fields… with their content;
 * any other tag (div, table, font…) is unwrapped (its text kept); every attribute not listed above
 * (on*, class, id, src…) is dropped; comments are dropped. Text comes out entity-escaped, so the
 * result is safe to show as HTML and to turn into a PDF (html-pdf.ts reads the same tree).
 */
import { Parser } from 'htmlparser2';

/** A node of the tree: text (entities decoded) or an element (lower-case name, decoded attributes). */
export type HtmlNode =
  { type: 'text'; text: string } | { type: 'element'; name: string; attribs: Record<string, string>; children: HtmlNode[] };

/** Elements the editor makes, kept as they are (with the attributes below). */
const PERMITIDAS = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li']);
const MAIS_PERMITIDAS = new Set(['blockquote', 'hr', 'a', 'span']);
/** Other spellings of a kept element. */
const SINONIMOS: Record<string, string> = { strike: 's', del: 's', h5: 'h4', h6: 'h4' };
/** Dropped with everything inside them. */
const DESCARTADAS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'template',
  'textarea',
  'select',
  'option',
  'button',
  'input',
  'svg',
  'math',
  'title',
  'head',
  'base',
  'link',
  'meta',
  'img',
  'picture',
  'video',
  'audio',
  'source',
  'track',
  'canvas',
  'map',
]);
const VAZIAS = new Set(['br', 'hr']);
const COM_ALINHAMENTO = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'span']);
const ALINHAMENTO = /(?:^|;)\s*text-align\s*:\s*(left|center|right|justify)\s*(?:;|$)/i;
const HREF_PERMITIDO = /^(?:https?:\/\/|mailto:)/i;

/** Reads `html` into a tree (htmlparser2, HTML mode: implied end tags, entities decoded). */
export const parseHtml = (html: string): HtmlNode[] => {
  const raiz: HtmlNode[] = [];
  const pilha: HtmlNode[][] = [raiz];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const no: HtmlNode = { type: 'element', name, attribs, children: [] };
        pilha[pilha.length - 1]!.push(no);
        pilha.push(no.children);
      },
      ontext(text) {
        const atual = pilha[pilha.length - 1]!;
        const ultimo = atual[atual.length - 1];
        if (ultimo?.type === 'text') ultimo.text += text;
        else atual.push({ type: 'text', text });
      },
      onclosetag() {
        if (pilha.length > 1) pilha.pop();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return raiz;
};

/** The text-align of an element's style (left/center/right/justify), or null. */
export const alinhamentoDe = (attribs: Record<string, string>): 'left' | 'center' | 'right' | 'justify' | null => {
  const m = ALINHAMENTO.exec(attribs.style ?? '');
  return m ? (m[1]!.toLowerCase() as 'left' | 'center' | 'right' | 'justify') : null;
};

/** An http(s)/mailto href, trimmed, or null for anything else (javascript:, data:, relative…). */
export const hrefPermitido = (attribs: Record<string, string>): string | null => {
  const href = (attribs.href ?? '').trim();
  return HREF_PERMITIDO.test(href) ? href : null;
};

/** `&`, `<`, `>` (and `"` for attributes) as entities. */
export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The kept part of a tree, as sanitised nodes (see the module's doc). */
export const sanitizeTree = (nodes: HtmlNode[]): HtmlNode[] =>
  nodes.flatMap((no): HtmlNode[] => {
    if (no.type === 'text') return [no];
    if (DESCARTADAS.has(no.name)) return [];
    const nome = SINONIMOS[no.name] ?? no.name;
    const filhos = VAZIAS.has(nome) ? [] : sanitizeTree(no.children);
    if (!PERMITIDAS.has(nome) && !MAIS_PERMITIDAS.has(nome)) return filhos;
    const attribs: Record<string, string> = {};
    if (nome === 'a') {
      const href = hrefPermitido(no.attribs);
      if (!href) return filhos;
      Object.assign(attribs, { href, target: '_blank', rel: 'noopener noreferrer nofollow' });
    }
    const alinhamento = COM_ALINHAMENTO.has(nome) ? alinhamentoDe(no.attribs) : null;
    if (alinhamento) attribs.style = `text-align: ${alinhamento}`;
    // A span is only kept for its alignment.
    if (nome === 'span' && !alinhamento) return filhos;
    return [{ type: 'element', name: nome, attribs, children: filhos }];
  });

/** Writes a tree back as HTML (text and attribute values escaped). */
export const serializeHtml = (nodes: HtmlNode[]): string =>
  nodes
    .map((no) => {
      if (no.type === 'text') return escapeHtml(no.text).replace(/&quot;/g, '"');
      const attribs = Object.entries(no.attribs)
        .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
        .join('');
      if (VAZIAS.has(no.name)) return `<${no.name}${attribs}>`;
      return `<${no.name}${attribs}>${serializeHtml(no.children)}</${no.name}>`;
    })
    .join('');

/** `html` with only what the editor makes (see the module's doc). */
export const sanitizeHtml = (html: string): string => serializeHtml(sanitizeTree(parseHtml(html)));
