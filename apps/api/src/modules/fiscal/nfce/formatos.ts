/**
 * Text, decimal and date formats of the NF-e layout 4.00 (MOC 7.0 Anexo I; the XSD's TString,
 * TDec_* and TDateTimeUTC types), written by hand for speed.
 */
import { zonedParts } from '@petshop/shared/format';

/* eslint-disable no-control-regex -- TString is defined by character ranges starting at U+0000 */

// Text content escaped exactly as Canonical XML 1.0 writes it (&, <, >), so the built infNFe is
// already in canonical form and can be digested without a parser (assinatura.ts assinarCanonico).
const ENTIDADES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * A free text as the schema's TString accepts it: characters in Latin-1 only (others lose their
 * accents or become '-'/'?'), no control characters, spaces collapsed, no leading or trailing
 * space, at most `max` characters; XML-escaped. Empty input stays ''.
 */
export const texto = (valor: string, max: number): string => {
  let s = valor.normalize('NFC');
  s = s.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
  if (/[^\u0000-\u00ff]/.test(s)) {
    s = s
      .replace(/[\u2010-\u2015]/g, '-')
      .replace(/[\u2018\u2019\u201a\u2032]/g, "'")
      .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
      .replace(/\u2026/g, '...')
      .replace(/[^\u0000-\u00ff]/gu, (c) => {
        const base = c.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
        return /^[\u0020-\u00ff]+$/.test(base) ? base : '?';
      });
  }
  s = s.replace(/\s+/g, ' ').trim().slice(0, max).trim();
  return s.replace(/[&<>]/g, (c) => ENTIDADES[c]!);
};

/** A non-negative decimal string → scaled BigInt with `casas` decimals (rounded half up). */
export const decimalEscalado = (valor: string, casas: number): bigint => {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(valor.trim());
  if (!m) throw new Error(`Número inválido: ${valor}`);
  const frac = m[2] ?? '';
  const inteiro = BigInt(m[1]! + frac.slice(0, casas).padEnd(casas, '0'));
  return frac.length > casas && Number(frac[casas]) >= 5 ? inteiro + 1n : inteiro;
};

/** Scaled BigInt → 'I.FFFF' with exactly `casas` decimals. */
export const formatarEscalado = (v: bigint, casas: number): string => {
  const s = v.toString().padStart(casas + 1, '0');
  return casas === 0 ? s : `${s.slice(0, -casas)}.${s.slice(-casas)}`;
};

/** vUnCom/vUnTrib: the price with 2 to 10 decimals (trailing zeros beyond the 2nd dropped). */
export const formatarValorUnitario = (valor: string): string => {
  const s = formatarEscalado(decimalEscalado(valor, 10), 10);
  return s.replace(/(\.\d\d\d*?)0+$/, '$1');
};

/** R$ 1.234,56 (pt-BR) from cents, for the texts the consumer reads. */
export const reaisPtBr = (c: number): string => {
  const inteiro = Math.floor(Math.abs(c) / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${c < 0 ? '-' : ''}R$ ${inteiro},${String(Math.abs(c) % 100).padStart(2, '0')}`;
};

/**
 * `instante` as the layout's date-time with the offset of `timeZone` at that instant:
 * '2026-11-27T07:28:14-03:00' (TDateTimeUTC; seconds, no milliseconds).
 */
export const dataHoraComFuso = (instante: Date, timeZone: string): string => {
  const p = zonedParts(instante, timeZone);
  const ano = Number(p.year);
  const local = Date.UTC(ano, Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  const semMs = Math.floor(instante.getTime() / 1000) * 1000;
  const minutos = Math.round((local - semMs) / 60_000);
  const sinal = minutos < 0 ? '-' : '+';
  const abs = Math.abs(minutos);
  const off = `${sinal}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${String(ano).padStart(4, '0')}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${off}`;
};
