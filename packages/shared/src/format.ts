/**
 * Display formatting and input parsing shared by the web app and the API: money, quantities,
 * dates, times, texts and Brazilian documents, all in pt-BR.
 *
 * Pure functions only (no I/O, no clock unless a `now` parameter defaults to it). Numbers are
 * formatted with `Intl` (pt-BR), documents with `@brazilian-utils/brazilian-utils`.
 * Money is never computed in binary floating point: rounding goes through the value's decimal
 * digits (integer cents), half away from zero.
 *
 * Sources: product spec §3 (point-of-sale money as text, unit of measure display), §4
 * (quantity rounding), §5 (date inputs, time strings, Brazilian numbers), §9 (constants);
 * ARCHITECTURE.md "API conventions" (money `numeric(14,2)`, quantities `numeric(14,3)`,
 * dates `yyyy-MM-dd`, timestamps ISO 8601 with offset).
 */
import {
  formatCep as buFormatCep,
  formatCnpj as buFormatCnpj,
  formatCpf as buFormatCpf,
  formatPhone as buFormatPhone,
} from '@brazilian-utils/brazilian-utils';

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

/** Locale of everything the user reads (ARCHITECTURE.md "Web conventions"). */
export const LOCALE = 'pt-BR';
/** Currency: BRL, 2 decimals, prefix R$ (spec §9). */
export const CURRENCY = 'BRL';
/** Decimal places of money (spec §9). */
export const MONEY_DECIMALS = 2;
/** Money default of the point-of-sale working record, Brazilian text (spec §3, §9). */
export const MONEY_DEFAULT = '0,00';
/** Decimal places of a quantity when the unit allows fractional sale (spec §4, §9). */
export const QUANTIDADE_DECIMALS = 3;
/** Time zone of the business: Brazil's official time (UTC−3, no daylight saving since 2019). */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';
/** Default length before a text is cut and followed by '...' (spec §9). */
export const TRUNCATE_DEFAULT = 30;
/** The ellipsis appended to a truncated text: three full stops (spec §9). */
export const TRUNCATE_ELLIPSIS = '...';
/**
 * How many names a list shows before ending in 'e outros' (spec §9 leaves the limit unstated;
 * chosen here, used by `joinNames`).
 */
export const JOIN_NAMES_LIMIT = 3;
/** The word that closes a list of names over the limit (spec §9). */
export const JOIN_NAMES_OTHERS = 'outros';

// ---------------------------------------------------------------------------------------------
// Decimal text: the one reader behind every number here
// ---------------------------------------------------------------------------------------------

const BR_WITH_COMMA = /^([+-]?)(\d{1,3}(?:\.\d{3})+|\d*),(\d+)$/;
/** Dots as thousands separators, first group not starting with 0 ('1.234', '12.345.678'). */
const BR_THOUSANDS = /^([+-]?)([1-9]\d{0,2}(?:\.\d{3})+)$/;
const JS_DECIMAL = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;

/**
 * Reads text as a plain decimal string in JS notation ('-1234.56'), or null.
 * `R$`, spaces and no-break spaces are ignored; a sign may precede or follow `R$`.
 * - With a comma: Brazilian, dots are thousands separators ('1.234,56').
 * - Without a comma, `dotsAreThousandsFirst` decides whether '1.234' is 1234 (Brazilian input
 *   typed by a person, spec §5) or 1.234 (a value from the API, numeric(14,3) '1.500').
 *   '1.234.567' (several dots) is always thousands, since it is no JS number.
 */
function readDecimalText(text: string, dotsAreThousandsFirst: boolean): string | null {
  const s = text.replace(/[\s\u00a0\u202f]/g, '').replace(/^([+-]?)R\$/i, '$1');
  if (s === '') return null;
  const br = BR_WITH_COMMA.exec(s);
  if (br) {
    const [, sign = '', int = '', frac = ''] = br;
    return `${sign}${int.replace(/\./g, '') || '0'}.${frac}`;
  }
  const thousands = BR_THOUSANDS.exec(s);
  if (thousands && (dotsAreThousandsFirst || !JS_DECIMAL.test(s))) {
    const [, sign = '', int = ''] = thousands;
    return `${sign}${int.replace(/\./g, '')}`;
  }
  if (JS_DECIMAL.test(s)) return s;
  return null;
}

/** A number or a display value as a JS decimal string ('' → null, non-finite → null). */
function toDecimalString(value: number | string): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  return readDecimalText(value, false);
}

/**
 * value × 10^decimals as an integer, rounded half away from zero, computed on the decimal
 * digits of `decimal` (a JS decimal string, exponent allowed: '1e-7', '1.5e+21').
 * 1.005 → 101 cents because String(1.005) is '1.005', whatever its binary value.
 */
function scaleRounded(decimal: string, decimals: number): bigint {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(decimal);
  if (!m) throw new RangeError(`Número inválido: ${decimal}`);
  const [, sign = '', int = '', frac = '', exp = '0'] = m;
  const digits = `${int}${frac}`;
  // Position of the decimal point inside `digits` after scaling by 10^decimals.
  const point = int.length + Number(exp) + decimals;
  const kept = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0');
  const next = point < 0 ? 0 : Number(digits.charAt(point) || '0');
  let scaled = BigInt(kept || '0');
  if (next >= 5) scaled += 1n;
  return sign === '-' ? -scaled : scaled;
}

/**
 * A JS decimal string ('1.005', '-2.5', '1e-7') rounded half away from zero at `decimals` places,
 * on its decimal digits ('1.005' → 1.01, not 1.00); returns a number (never -0).
 */
export function roundDecimal(decimal: string, decimals: number): number {
  const n = Number(roundedDecimalString(decimal, decimals));
  return n === 0 ? 0 : n;
}

/**
 * Rounds half away from zero at `decimals` places; returns exact JS decimal text ('-1234.56',
 * never '-0'), so that Intl formats every digit even past double precision.
 */
function roundedDecimalString(decimal: string, decimals: number): `${number}` {
  const scaled = scaleRounded(decimal, decimals);
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals);
  const sign = negative ? '-' : '';
  return (decimals > 0 ? `${sign}${int}.${frac}` : `${sign}${int}`) as `${number}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
/** Cached pt-BR number format with exactly `min`..`max` fraction digits. */
function numberFormat(min: number, max: number, currency = false): Intl.NumberFormat {
  const key = `${min}:${max}:${currency}`;
  let nf = numberFormats.get(key);
  if (!nf) {
    nf = new Intl.NumberFormat(LOCALE, {
      ...(currency ? { style: 'currency', currency: CURRENCY } : {}),
      minimumFractionDigits: min,
      maximumFractionDigits: max,
    });
    numberFormats.set(key, nf);
  }
  return nf;
}

/** Intl separates 'R$' from the number with a no-break space; the app shows a regular space. */
const regularSpaces = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

// ---------------------------------------------------------------------------------------------
// Numbers and money
// ---------------------------------------------------------------------------------------------

/**
 * Reads a number typed the Brazilian way (spec §5): dot thousands separators are removed and
 * the decimal comma becomes a point. '1.234,56' → 1234.56; ',5' → 0.5; '-R$ 1,00' → -1.
 * Without a comma, dots in groups of three after a first group of 1–3 digits not starting
 * with 0 are thousands separators ('1.234' → 1234, '12.345.678' → 12345678); any other
 * plain decimal is read as a JS number ('1234.56' → 1234.56, '1.5' → 1.5, '0.500' → 0.5).
 * `R$` and spaces are ignored. Anything else (letters, '1,2,3', '1e3', '') → null.
 */
export function parseBrazilianNumber(text: string): number | null {
  if (typeof text !== 'string') return null;
  const decimal = readDecimalText(text, true);
  if (decimal === null) return null;
  const n = Number(decimal);
  if (!Number.isFinite(n)) return null;
  return n === 0 ? 0 : n;
}

/** What `readDecimalInput` may be told about the field the text was typed into. */
export type DecimalInputOptions = {
  /** Most decimal places accepted (money 2, quantities 3, whole numbers 0). */
  decimals: number;
  /** Whether a leading '-' is accepted (default false: refused, never dropped). */
  allowNegative?: boolean;
  /** Text the field may show before the number ('R$'), compared without spaces, any case. */
  prefix?: string;
  /** Text the field may show after the number ('%', 'kg'), compared without spaces, any case. */
  suffix?: string;
};

/**
 * What a person typed into a number field:
 * - `empty`: nothing (or only spaces);
 * - `ok`: the number (never -0);
 * - `incomplete`: the start of a number still being typed ('-', 'R$', '1.', '1.25' on its way
 *   to '1.250'); not a value yet, refused if the person leaves it so;
 * - `invalid`: unreadable (`format`: letters, '1,2,3', '1.2345', '1.5'), a sign where the field
 *   takes none (`negative`) or more decimal places than the field keeps (`decimals`).
 */
export type DecimalInputReading =
  | { status: 'empty' }
  | { status: 'ok'; value: number }
  | { status: 'incomplete' }
  | { status: 'invalid'; reason: 'format' | 'negative' | 'decimals' };

/** Whole part with dot thousands ('1.234.567', first group not starting with 0) or plain digits. */
const INPUT_NUMBER = /^([1-9]\d{0,2}(?:\.\d{3})+|\d*)(?:,(\d*))?$/;
/** A thousands group still being typed: '1.', '1.2', '12.34', '1.234.5'. */
const INPUT_GROUP_IN_PROGRESS = /^[1-9]\d{0,2}(?:\.\d{3})*\.\d{0,2}$/;

/** Whitespace, no-break spaces included. */
const SPACES = /[\s\u00a0\u202f]/g;

/**
 * Reads a number as a person types it into a pt-BR field (spec §5, §9), strictly, so that a
 * field never takes a value other than the one meant (issue #15: '1.250,00' typed became 1,25):
 * - the dot is only a thousands separator and the comma the decimal separator: '1.250' → 1250,
 *   '1,5' → 1.5, '1.250,5' → 1250.5, '1250' → 1250, ',5' → 0.5, '1,' → 1;
 * - dots must group thousands by three ('1.25' is `incomplete`, '1.2345' and '1.5' after a
 *   blur are refused): a dot typed as a decimal point is refused, never guessed;
 * - more decimals than `decimals` → invalid `decimals` ('12,345' in money), even trailing zeros;
 * - '-' → invalid `negative` unless `allowNegative`; '+', letters, 'e', a second comma → `format`;
 * - spaces are ignored; `prefix` (after an optional sign) and `suffix` may be present or not:
 *   'R$ 1.250,00' → 1250 with prefix 'R$', '2,5 %' → 2.5 with suffix '%'.
 * Unlike `parseBrazilianNumber` (which also reads the API's '1234.56'), nothing here is
 * read the JS way.
 */
export function readDecimalInput(text: string, options: DecimalInputOptions): DecimalInputReading {
  let s = String(text ?? '').replace(SPACES, '');
  if (s === '') return { status: 'empty' };
  const strip = (affix: string | undefined, where: 'start' | 'end'): void => {
    const a = (affix ?? '').replace(SPACES, '').toLowerCase();
    if (a === '') return;
    if (where === 'start' && s.toLowerCase().startsWith(a)) s = s.slice(a.length);
    if (where === 'end' && s.toLowerCase().endsWith(a)) s = s.slice(0, s.length - a.length);
  };
  let negative = false;
  if (s.startsWith('-')) {
    negative = true;
    s = s.slice(1);
  }
  strip(options.prefix, 'start');
  if (!negative && s.startsWith('-')) {
    negative = true;
    s = s.slice(1);
  }
  strip(options.suffix, 'end');
  if (negative && !options.allowNegative) return { status: 'invalid', reason: 'negative' };
  // Only a sign, the prefix or the comma so far ('-', 'R$', ',').
  if (s === '' || s === ',') return { status: 'incomplete' };
  if (INPUT_GROUP_IN_PROGRESS.test(s)) return { status: 'incomplete' };
  const m = INPUT_NUMBER.exec(s);
  if (!m) return { status: 'invalid', reason: 'format' };
  const [, whole = '', frac = ''] = m;
  if (frac.length > Math.max(0, options.decimals)) return { status: 'invalid', reason: 'decimals' };
  const n = Number(`${negative ? '-' : ''}${whole.replace(/\./g, '') || '0'}.${frac || '0'}`);
  if (!Number.isFinite(n)) return { status: 'invalid', reason: 'format' };
  return { status: 'ok', value: n === 0 ? 0 : n };
}

/**
 * Money in integer cents, rounded half away from zero at the cent: 1.005 → 101, -0.005 → -1,
 * '1.234,56' → 123456, '1234.56' → 123456, '' → 0.
 * Strings are display values: with a comma Brazilian text (spec §3 '0,00'), otherwise the
 * API's numeric text ('1234.56'). Throws RangeError for anything that is not a number or that
 * exceeds Number.MAX_SAFE_INTEGER cents.
 */
export function toCents(value: number | string): number {
  if (typeof value === 'string' && value.trim() === '') return 0;
  const decimal = toDecimalString(value);
  if (decimal === null) throw new RangeError(`Valor monetário inválido: ${String(value)}`);
  const cents = scaleRounded(decimal, MONEY_DECIMALS);
  if (cents > BigInt(Number.MAX_SAFE_INTEGER) || cents < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`Valor monetário fora do limite: ${String(value)}`);
  }
  const n = Number(cents);
  return n === 0 ? 0 : n;
}

/**
 * Integer cents back to reais: 123456 → 1234.56 (the nearest double, fit for display or for
 * sending to the API; keep doing arithmetic in cents). Throws RangeError for a non-integer.
 */
export function fromCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Centavos devem ser inteiros: ${cents}`);
  const n = cents / 100;
  return n === 0 ? 0 : n;
}

/**
 * Money for display, spec §9 (BRL, 2 decimals, prefix R$): 1234.56 → 'R$ 1.234,56',
 * -1234.56 → '-R$ 1.234,56', with a regular space after 'R$'. Rounded half away from zero at
 * the cent ('0.005' → 'R$ 0,01'; -0.001 → 'R$ 0,00', never '-R$ 0,00').
 * Strings: the API's '1234.56' or Brazilian text '1.234,56'. null, undefined and '' →
 * 'R$ 0,00' (spec §3 default '0,00'); text that is no number, NaN or Infinity → ''.
 */
export function formatMoney(value: number | string | null | undefined): string {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    value = 0;
  }
  const decimal = toDecimalString(value);
  if (decimal === null) return '';
  const rounded = roundedDecimalString(decimal, MONEY_DECIMALS);
  return regularSpaces(numberFormat(MONEY_DECIMALS, MONEY_DECIMALS, true).format(rounded));
}

/**
 * A number as pt-BR text without symbol, exactly `decimals` places (0–20, default 2), rounded
 * half away from zero: 1234.56 → '1.234,56', (1.5, 0) → '2'. This is the text form of money in
 * the point-of-sale record (spec §3). null, undefined and '' → zero ('0,00'); text that is no
 * number, NaN or Infinity → ''. Same string reading as `formatMoney`.
 */
export function formatDecimal(value: number | string | null | undefined, decimals = MONEY_DECIMALS): string {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    throw new RangeError(`Casas decimais inválidas: ${decimals}`);
  }
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    value = 0;
  }
  const decimal = toDecimalString(value);
  if (decimal === null) return '';
  return regularSpaces(numberFormat(decimals, decimals).format(roundedDecimalString(decimal, decimals)));
}

// ---------------------------------------------------------------------------------------------
// Quantities
// ---------------------------------------------------------------------------------------------

/** The part of a unit of measure that decides how a quantity is shown (spec §3). */
export type UnidadeQuantidade = { sigla: string; permiteVendaFracionada: boolean };

/**
 * Rounds a quantity (spec §4): 3 decimals when the unit allows fractional sale, otherwise a
 * whole number; half away from zero on the decimal digits (1.0005 → 1.001, 2.5 → 3).
 * NaN and ±Infinity are returned unchanged.
 */
export function roundQuantidade(q: number, permiteVendaFracionada: boolean): number {
  if (!Number.isFinite(q)) return q;
  return roundDecimal(String(q), permiteVendaFracionada ? QUANTIDADE_DECIMALS : 0);
}

/**
 * A quantity followed by the unit's abbreviation (spec §3): fractional units show up to 3
 * decimals without trailing zeros ('1,5 KG', '0,125 KG'), whole units 0 decimals ('2 UN',
 * '1.200 UN'); pt-BR grouping and decimal comma; rounded as `roundQuantidade`.
 * Strings: the API's numeric text ('1.500' is 1.5, as numeric(14,3) answers) or Brazilian
 * text with a comma ('1,5'). null, undefined, '' or text that is no number → ''.
 */
export function formatQuantidade(q: number | string | null | undefined, unidade: UnidadeQuantidade): string {
  if (q === null || q === undefined) return '';
  const decimal = toDecimalString(q);
  if (decimal === null) return '';
  const places = unidade.permiteVendaFracionada ? QUANTIDADE_DECIMALS : 0;
  const text = numberFormat(0, places).format(roundedDecimalString(decimal, places));
  const sigla = unidade.sigla?.trim() ?? '';
  return regularSpaces(sigla ? `${text} ${sigla}` : text);
}

// ---------------------------------------------------------------------------------------------
// Dates and times
// ---------------------------------------------------------------------------------------------

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const BR_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

const isLeapYear = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
/** Days in month `m` (1–12) of year `y`. */
const daysInMonth = (y: number, m: number): number => (m === 2 ? (isLeapYear(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);
const pad2 = (n: number | string): string => String(n).padStart(2, '0');
const pad4 = (n: number | string): string => String(n).padStart(4, '0');

/** y-m-d as 'yyyy-MM-dd' when it is a real calendar date (year 1–9999), else null. */
function isoIfValid(y: number, m: number, d: number): string | null {
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return `${pad4(y)}-${pad2(m)}-${pad2(d)}`;
}

/**
 * Reads a date typed as 'dd/MM/yyyy' (day and month may have one digit) or 'yyyy-MM-dd'
 * (spec §5) and returns the API form 'yyyy-MM-dd' (spec §9), or null when it is not a real
 * calendar date ('31/02/2024', '29/02/2023', '2024-13-01') or not a date at all.
 */
export function parseDateInput(text: string | null | undefined): string | null {
  if (typeof text !== 'string') return null;
  const s = text.trim();
  const iso = ISO_DATE.exec(s);
  if (iso) return isoIfValid(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const br = BR_DATE.exec(s);
  if (br) return isoIfValid(Number(br[3]), Number(br[2]), Number(br[1]));
  return null;
}

/** Wall-clock parts of an instant in a time zone, zero-padded ('2026', '11', '27', '07', '05', '09'). */
export type ZonedParts = { year: string; month: string; day: string; hour: string; minute: string; second: string };
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** Calendar date and wall-clock time of an instant in a time zone (IANA name), hours 00–23. */
export function zonedParts(date: Date, timeZone: string): ZonedParts {
  let dtf = dateTimeFormats.get(timeZone);
  if (!dtf) {
    dtf = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormats.set(timeZone, dtf);
  }
  const parts: ZonedParts = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const p of dtf.formatToParts(date)) {
    if (p.type in parts) parts[p.type as keyof ZonedParts] = p.value;
  }
  parts.year = pad4(parts.year);
  return parts;
}

/**
 * A value as an instant, or, for a bare calendar date ('yyyy-MM-dd' or 'dd/MM/yyyy'), the
 * date itself untouched by time zones. Invalid → null.
 */
function readDateValue(value: string | Date): { isoDate: string } | { instant: Date } | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { instant: value };
  const s = value.trim();
  if (ISO_DATE.test(s) || BR_DATE.test(s)) {
    const isoDate = parseDateInput(s);
    return isoDate ? { isoDate } : null;
  }
  // Timestamps: ISO 8601 with offset from the API (ARCHITECTURE.md); a date part must be real.
  const datePart = /^(\d{4}-\d{2}-\d{2})[T ]/.exec(s);
  if (datePart && !parseDateInput(datePart[1] ?? '')) return null;
  const instant = new Date(s);
  return Number.isNaN(instant.getTime()) ? null : { instant };
}

/**
 * A date for display, 'dd/MM/yyyy' (spec §9). A 'yyyy-MM-dd' string (the API's date) is shown
 * as written, never shifted by a time zone; a Date or an ISO timestamp is shown as the
 * calendar date in `timeZone` (default America/Sao_Paulo). null, undefined, '' or an
 * invalid date → ''.
 */
export function formatDate(value: string | Date | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (value === null || value === undefined || value === '') return '';
  const read = readDateValue(value);
  if (!read) return '';
  if ('isoDate' in read) {
    const [y, m, d] = read.isoDate.split('-');
    return `${d}/${m}/${y}`;
  }
  const p = zonedParts(read.instant, timeZone);
  return `${p.day}/${p.month}/${p.year}`;
}

/**
 * A date with time for display, 'dd/MM/yyyy HH:mm' (24 h, spec §9), as the wall clock in
 * `timeZone` (default America/Sao_Paulo, UTC−3 all year since 2019). A bare date
 * ('yyyy-MM-dd') is midnight of that date: 'dd/MM/yyyy 00:00'. null, undefined, '' or an
 * invalid date → ''.
 */
export function formatDateTime(value: string | Date | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (value === null || value === undefined || value === '') return '';
  const read = readDateValue(value);
  if (!read) return '';
  if ('isoDate' in read) {
    const [y, m, d] = read.isoDate.split('-');
    return `${d}/${m}/${y} 00:00`;
  }
  const p = zonedParts(read.instant, timeZone);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

const TIME_TEXT = /^(\d{1,2})(?::(\d{1,2}))?(?::\d{1,2}(?:\.\d+)?)?$/;

/** Hours 0–23 and minutes 0–59 as 'HH:mm', else null. */
function hhmm(h: number, m: number): string | null {
  if (!Number.isInteger(h) || !Number.isInteger(m) || h < 0 || h > 23 || m < 0 || m > 59) return null;
  return `${pad2(h)}:${pad2(m)}`;
}

/** 'H', 'H:m', 'HH:mm' or 'HH:mm:ss' as 'HH:mm', else null. */
function readTimeText(text: string): string | null {
  const t = TIME_TEXT.exec(text.trim());
  return t ? hhmm(Number(t[1]), Number(t[2] ?? '0')) : null;
}

/**
 * A time as zero-padded 'HH:mm' (spec §5): formatTime(9, 5) → '09:05'; formatTime('9:5') →
 * '09:05'; formatTime('14:30:00') → '14:30' (seconds dropped); formatTime('9') → '09:00'.
 * With `m` given, `h` is the hour alone (a number or numeric text). Out of range (24:00,
 * 10:60), non-integer or non-numeric → ''.
 */
export function formatTime(h: number | string | null | undefined, m?: number): string {
  if (h === null || h === undefined || h === '') return '';
  if (m === undefined && typeof h === 'string') return readTimeText(h) ?? '';
  const hours = typeof h === 'string' ? (/^\s*\d{1,2}\s*$/.test(h) ? Number(h) : NaN) : h;
  return hhmm(hours, m ?? 0) ?? '';
}

/**
 * Normalises a time typed or stored as text to zero-padded 'HH:mm' (spec §5): '9:5' → '09:05',
 * '7' → '07:00', '08:30:00' → '08:30'. Text that is not a valid time is returned as given
 * (trimmed), so a form can still show and reject it; null or undefined → ''.
 */
export function padTime(text: string | null | undefined): string {
  if (text === null || text === undefined) return '';
  return readTimeText(text) ?? text.trim();
}

/**
 * Today's date in `timeZone` as 'yyyy-MM-dd' (spec §5: date filters default to today), from
 * `now` (default: the current instant). 2024-03-10T02:30Z is '2024-03-09' in São Paulo.
 */
export function todayISO(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  const p = zonedParts(now, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/**
 * First day of the current month in `timeZone`, 'yyyy-MM-01': start of the default report
 * period (spec §9 "start and end of the current period").
 */
export function startOfMonthISO(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  const p = zonedParts(now, timeZone);
  return `${p.year}-${p.month}-01`;
}

/**
 * Last day of the current month in `timeZone`, 'yyyy-MM-dd' (28–31, leap years counted): end
 * of the default report period (spec §9).
 */
export function endOfMonthISO(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  const p = zonedParts(now, timeZone);
  return `${p.year}-${p.month}-${pad2(daysInMonth(Number(p.year), Number(p.month)))}`;
}

/** The months' names as pt-BR writes them in a sentence (lower case), January first. */
export const NOMES_MES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
] as const;

/**
 * A 'yyyy-MM-dd' date in words: '2026-11-27' → '27 de novembro de 2026'; the first of a month
 * is '1º' as Brazilians write it (documents' dates, issue #19).
 */
export function dataPorExtenso(iso: string): string {
  const [ano, mes, dia] = iso.slice(0, 10).split('-').map(Number) as [number, number, number];
  return `${dia === 1 ? '1º' : dia} de ${NOMES_MES[mes - 1]} de ${ano}`;
}

// ---------------------------------------------------------------------------------------------
// Texts
// ---------------------------------------------------------------------------------------------

/**
 * Cuts a text longer than `max` characters (default 30, spec §9) to its first `max` characters
 * followed by '...'; a text of exactly `max` characters is kept whole. Characters are Unicode
 * code points, so an emoji is never split. null or undefined → ''.
 */
export function truncate(text: string | null | undefined, max: number = TRUNCATE_DEFAULT): string {
  if (text === null || text === undefined) return '';
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, Math.max(0, max)).join('') + TRUNCATE_ELLIPSIS;
}

const listFormat = new Intl.ListFormat(LOCALE, { style: 'long', type: 'conjunction' });

/**
 * Joins names the Portuguese way (spec §9): 'Ana'; 'Ana e Bia'; 'Ana, Bia e Caio'. Over the
 * limit (default `JOIN_NAMES_LIMIT` = 3) the first `limit` names are followed by 'e outros':
 * 'Ana, Bia, Caio e outros'. Blank names are left out; no names → ''.
 */
export function joinNames(names: readonly (string | null | undefined)[], limit: number = JOIN_NAMES_LIMIT): string {
  const clean = names.map((n) => (n ?? '').trim()).filter((n) => n !== '');
  if (clean.length === 0) return '';
  const shown = Math.max(1, limit);
  if (clean.length <= shown) return listFormat.format(clean);
  return listFormat.format([...clean.slice(0, shown), JOIN_NAMES_OTHERS]);
}

// ---------------------------------------------------------------------------------------------
// Brazilian documents and contacts
// ---------------------------------------------------------------------------------------------

/**
 * Formats a document or phone given with or without its mask. Returns '' for empty, the input
 * unchanged when it holds characters other than digits and the usual separators or when its
 * digit count is not one `format` accepts.
 */
function formatDigits(value: string | null | undefined, format: (digits: string) => string | null): string {
  if (value === null || value === undefined) return '';
  const raw = String(value);
  if (raw.trim() === '') return '';
  if (/[^\d.\-/\s()]/.test(raw)) return raw;
  return format(raw.replace(/\D/g, '')) ?? raw;
}

/**
 * CPF as '000.000.000-00' from 11 digits, masked or not ('52998224725' → '529.982.247-25').
 * Check digits are not verified here (see `cpfSchema`). '' for empty; the input unchanged when
 * it is not 11 digits.
 */
export function formatCpf(value: string | null | undefined): string {
  return formatDigits(value, (d) => (d.length === 11 ? buFormatCpf(d) : null));
}

/**
 * CNPJ as '00.000.000/0000-00' from 14 digits, masked or not ('11222333000181' →
 * '11.222.333/0001-81'). '' for empty; the input unchanged when it is not 14 digits.
 */
export function formatCnpj(value: string | null | undefined): string {
  return formatDigits(value, (d) => (d.length === 14 ? buFormatCnpj(d) : null));
}

/**
 * CPF or CNPJ by digit count: 11 → CPF mask, 14 → CNPJ mask. '' for empty; the input unchanged
 * for any other count.
 */
export function formatCpfCnpj(value: string | null | undefined): string {
  return formatDigits(value, (d) => (d.length === 11 ? buFormatCpf(d) : d.length === 14 ? buFormatCnpj(d) : null));
}

/** CEP as '00000-000' from 8 digits ('01310100' → '01310-100'). '' for empty; else unchanged. */
export function formatCep(value: string | null | undefined): string {
  return formatDigits(value, (d) => (d.length === 8 ? buFormatCep(d) : null));
}

/** Non-geographic service prefixes (0300, 0303, 0500, 0800, 0900), 11 digits in all. */
const SERVICE_PHONE = /^0(?:300|303|500|800|900)\d{7}$/;

/**
 * Brazilian phone with DDD: 11 digits → '(11) 98765-4321' (mobile), 10 digits →
 * '(11) 3456-7890' (landline); a 0800-style service number → '0800 123 4567'. '' for empty;
 * the input unchanged for any other digit count or with other characters (e.g. '+55 ...').
 */
export function formatTelefone(value: string | null | undefined): string {
  return formatDigits(value, (d) => {
    if (SERVICE_PHONE.test(d)) return buFormatPhone(d, { mask: 'service' });
    return d.length === 10 || d.length === 11 ? buFormatPhone(d, { mask: 'nanp' }) : null;
  });
}

/**
 * The word for `n` things in pt-BR: `singular` for 1 (and −1), `plural` otherwise (0 itens,
 * 2 itens, 1,5 quilos). `plural(3, 'item', 'itens')` → 'itens'; the caller writes the number.
 */
export function plural(n: number, singular: string, pluralForm: string): string {
  return Math.abs(n) === 1 ? singular : pluralForm;
}

/** `n` and its word: `formatCount(1, 'produto', 'produtos')` → '1 produto'; 0 → '0 produtos'. */
export function formatCount(n: number, singular: string, pluralForm: string): string {
  return `${n} ${plural(n, singular, pluralForm)}`;
}
