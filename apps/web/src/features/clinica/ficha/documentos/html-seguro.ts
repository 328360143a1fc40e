/**
 * A filled template's HTML made safe to show (issue #19 item 5). The API already sanitises
 * templates and escapes every value; this is the second wall on the screen: only the tags the
 * editor makes survive (paragraphs, emphasis, headings, lists, quotes, rules, tables, links to
 * http/https/mailto) with no attribute but a link's href and a text alignment. Parsing with
 * DOMParser runs no script and loads nothing.
 */

const TAGS = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'h1',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'blockquote',
  'hr',
  'a',
  'span',
  'div',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'small',
  'sub',
  'sup',
]);
/** Removed with their content (everything else unknown is unwrapped: its text stays). */
const DESCARTAR = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'head',
  'title',
]);
const ALINHAMENTO = /^\s*text-align\s*:\s*(left|right|center|justify)\s*;?\s*$/i;

const limparNo = (origem: Node, destino: Node, doc: Document): void => {
  for (const filho of Array.from(origem.childNodes)) {
    if (filho.nodeType === Node.TEXT_NODE) {
      destino.appendChild(doc.createTextNode(filho.textContent ?? ''));
      continue;
    }
    if (filho.nodeType !== Node.ELEMENT_NODE) continue;
    const el = filho as Element;
    const tag = el.tagName.toLowerCase();
    if (DESCARTAR.has(tag)) continue;
    if (!TAGS.has(tag)) {
      limparNo(el, destino, doc);
      continue;
    }
    const novo = doc.createElement(tag);
    const estilo = el.getAttribute('style');
    if (estilo && ALINHAMENTO.test(estilo)) novo.setAttribute('style', estilo.trim());
    if (tag === 'a') {
      const href = el.getAttribute('href')?.trim() ?? '';
      if (/^(https?:|mailto:)/i.test(href)) {
        novo.setAttribute('href', href);
        novo.setAttribute('target', '_blank');
        novo.setAttribute('rel', 'noopener noreferrer');
      }
    }
    limparNo(el, novo, doc);
    destino.appendChild(novo);
  }
};

/** The allowed part of `html`, as HTML text. */
export const htmlSeguro = (html: string): string => {
  const origem = new DOMParser().parseFromString(html, 'text/html');
  const doc = document.implementation.createHTMLDocument('');
  const raiz = doc.createElement('div');
  limparNo(origem.body, raiz, doc);
  return raiz.innerHTML;
};
