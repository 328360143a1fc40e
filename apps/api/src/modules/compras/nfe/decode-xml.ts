/**
 * Bytes → text for XML files received from suppliers: BOM first (UTF-8, UTF-16), then the
 * encoding declared in the prolog (`<?xml … encoding="ISO-8859-1"?>`), UTF-8 by default
 * (XML 1.0 §4.3.3). Undeclared files that are not valid UTF-8 are read as Windows-1252 (what
 * Brazilian ERPs write when they say nothing), so accents are not turned into U+FFFD.
 */

const ROTULOS_LATIN1 = new Set(['iso-8859-1', 'iso8859-1', 'latin1', 'latin-1', 'l1', 'iso_8859-1', 'cp819', 'ibm819']);

/** Decodes `conteudo` as described above; strings are returned without a leading BOM. Never throws. */
export function decodeXml(conteudo: Buffer | string): string {
  if (typeof conteudo === 'string') return conteudo.replace(/^\uFEFF/, '');
  const b = conteudo;
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return b.subarray(3).toString('utf8');
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) return new TextDecoder('utf-16le').decode(b.subarray(2));
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) return new TextDecoder('utf-16be').decode(b.subarray(2));

  // The prolog is ASCII in every ASCII-compatible encoding.
  const inicio = b.subarray(0, 200).toString('latin1');
  const declarada = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(inicio)?.[1]?.toLowerCase();
  if (declarada && declarada !== 'utf-8' && declarada !== 'utf8') {
    if (ROTULOS_LATIN1.has(declarada)) return b.toString('latin1');
    try {
      return new TextDecoder(declarada).decode(b);
    } catch {
      // Unknown label: fall through to UTF-8.
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(b);
  } catch {
    return declarada ? b.toString('utf8') : new TextDecoder('windows-1252').decode(b);
  }
}
