import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  NOMES_MES,
  dataPorExtenso,
  JOIN_NAMES_LIMIT,
  MONEY_DEFAULT,
  TRUNCATE_DEFAULT,
  endOfMonthISO,
  formatCep,
  formatCnpj,
  formatCpf,
  formatCpfCnpj,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatMoney,
  formatQuantidade,
  formatTelefone,
  formatTime,
  fromCents,
  joinNames,
  padTime,
  parseBrazilianNumber,
  parseDateInput,
  plural,
  roundDecimal,
  formatCount,
  readDecimalInput,
  roundQuantidade,
  startOfMonthISO,
  toCents,
  todayISO,
  truncate,
} from './format.ts';

const NBSP = /[\u00a0\u202f]/;

describe('constants', () => {
  it('follow spec §3 and §9', () => {
    expect(MONEY_DEFAULT).toBe('0,00');
    expect(TRUNCATE_DEFAULT).toBe(30);
    expect(JOIN_NAMES_LIMIT).toBe(3);
    expect(DEFAULT_TIME_ZONE).toBe('America/Sao_Paulo');
  });
});

describe('formatMoney', () => {
  it('formats numbers as R$ with pt-BR separators and a regular space', () => {
    expect(formatMoney(1234.56)).toBe('R$ 1.234,56');
    expect(formatMoney(1234.56)).not.toMatch(NBSP);
    expect(formatMoney(0)).toBe('R$ 0,00');
    expect(formatMoney(5)).toBe('R$ 5,00');
    expect(formatMoney(0.1 + 0.2)).toBe('R$ 0,30');
    expect(formatMoney(1234567.891)).toBe('R$ 1.234.567,89');
  });

  it('puts the minus sign before R$', () => {
    expect(formatMoney(-1234.56)).toBe('-R$ 1.234,56');
    expect(formatMoney('-10.5')).toBe('-R$ 10,50');
    expect(formatMoney('-1.234,56')).toBe('-R$ 1.234,56');
  });

  it('rounds half away from zero at the cent, on the decimal digits', () => {
    expect(formatMoney(0.005)).toBe('R$ 0,01');
    expect(formatMoney(-0.005)).toBe('-R$ 0,01');
    expect(formatMoney(1.005)).toBe('R$ 1,01'); // binary 1.00499999… still 1,01
    expect(formatMoney(0.004)).toBe('R$ 0,00');
    expect(formatMoney(2.675)).toBe('R$ 2,68');
  });

  it('never shows a negative zero', () => {
    expect(formatMoney(-0.001)).toBe('R$ 0,00');
    expect(formatMoney(-0)).toBe('R$ 0,00');
  });

  it('treats empty values as zero (spec §3 default 0,00)', () => {
    expect(formatMoney(null)).toBe('R$ 0,00');
    expect(formatMoney(undefined)).toBe('R$ 0,00');
    expect(formatMoney('')).toBe('R$ 0,00');
    expect(formatMoney('   ')).toBe('R$ 0,00');
    expect(formatMoney(MONEY_DEFAULT)).toBe('R$ 0,00');
  });

  it('reads API numeric text and Brazilian text', () => {
    expect(formatMoney('1234.56')).toBe('R$ 1.234,56');
    expect(formatMoney('1234.50')).toBe('R$ 1.234,50');
    expect(formatMoney('1.234,56')).toBe('R$ 1.234,56');
    expect(formatMoney('0,5')).toBe('R$ 0,50');
    expect(formatMoney('1.234.567')).toBe('R$ 1.234.567,00');
    expect(formatMoney('R$ 1.234,56')).toBe('R$ 1.234,56');
    expect(formatMoney('99999999999999.99')).toBe('R$ 99.999.999.999.999,99');
  });

  it('returns empty text for what is not a number', () => {
    expect(formatMoney('abc')).toBe('');
    expect(formatMoney('1,2,3')).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('formatDecimal', () => {
  it('formats without symbol, 2 decimals by default', () => {
    expect(formatDecimal(1234.56)).toBe('1.234,56');
    expect(formatDecimal(0)).toBe(MONEY_DEFAULT);
    expect(formatDecimal(null)).toBe('0,00');
    expect(formatDecimal('')).toBe('0,00');
    expect(formatDecimal(-1234.5)).toBe('-1.234,50');
    expect(formatDecimal('1234.56')).toBe('1.234,56');
    expect(formatDecimal('1.234,56')).toBe('1.234,56');
  });

  it('honours the number of decimals, rounding half away from zero', () => {
    expect(formatDecimal(1.5, 0)).toBe('2');
    expect(formatDecimal(-1.5, 0)).toBe('-2');
    expect(formatDecimal(1.0005, 3)).toBe('1,001');
    expect(formatDecimal(1234.5, 3)).toBe('1.234,500');
    expect(formatDecimal(0.005)).toBe('0,01');
    expect(formatDecimal(-0.004)).toBe('0,00');
  });

  it('rejects bad input', () => {
    expect(formatDecimal('x')).toBe('');
    expect(() => formatDecimal(1, -1)).toThrow(RangeError);
    expect(() => formatDecimal(1, 1.5)).toThrow(RangeError);
  });
});

describe('parseBrazilianNumber', () => {
  it('removes dot thousands separators and turns the comma into a point (spec §5)', () => {
    expect(parseBrazilianNumber('1.234,56')).toBe(1234.56);
    expect(parseBrazilianNumber('1234,56')).toBe(1234.56);
    expect(parseBrazilianNumber('12.345.678,9')).toBe(12345678.9);
    expect(parseBrazilianNumber('0,5')).toBe(0.5);
    expect(parseBrazilianNumber(',5')).toBe(0.5);
    expect(parseBrazilianNumber('-1.234,56')).toBe(-1234.56);
    expect(parseBrazilianNumber('0,00')).toBe(0);
  });

  it('reads dots without a comma as thousands only in groups of three', () => {
    expect(parseBrazilianNumber('1.234')).toBe(1234);
    expect(parseBrazilianNumber('12.345.678')).toBe(12345678);
    expect(parseBrazilianNumber('1.5')).toBe(1.5);
    expect(parseBrazilianNumber('1234.56')).toBe(1234.56);
    expect(parseBrazilianNumber('1.2345')).toBe(1.2345);
    expect(parseBrazilianNumber('0.500')).toBe(0.5); // a group of 0 is no thousands group
    expect(parseBrazilianNumber('1234')).toBe(1234);
    expect(parseBrazilianNumber('-7')).toBe(-7);
  });

  it('ignores R$ and spaces', () => {
    expect(parseBrazilianNumber(' R$ 1.234,56 ')).toBe(1234.56);
    expect(parseBrazilianNumber('-R$\u00a01,00')).toBe(-1);
  });

  it('returns null for what is not a number', () => {
    expect(parseBrazilianNumber('')).toBeNull();
    expect(parseBrazilianNumber('   ')).toBeNull();
    expect(parseBrazilianNumber('abc')).toBeNull();
    expect(parseBrazilianNumber('1,2,3')).toBeNull();
    expect(parseBrazilianNumber('1.23,4')).toBeNull();
    expect(parseBrazilianNumber('1,')).toBeNull();
    expect(parseBrazilianNumber('1e3')).toBeNull();
    expect(parseBrazilianNumber('0x10')).toBeNull();
    expect(parseBrazilianNumber('Infinity')).toBeNull();
    expect(parseBrazilianNumber(null as unknown as string)).toBeNull();
  });

  it('never returns -0', () => {
    expect(Object.is(parseBrazilianNumber('-0,00'), 0)).toBe(true);
  });
});

describe('readDecimalInput (issue #15: what a person types into a pt-BR number field)', () => {
  const money = { decimals: 2, prefix: 'R$' };
  const ok = (value: number) => ({ status: 'ok', value });
  const read = (text: string, options: Parameters<typeof readDecimalInput>[1] = money) => readDecimalInput(text, options);

  it('reads the dot as thousands and the comma as decimals', () => {
    expect(read('1.250,00')).toEqual(ok(1250));
    expect(read('1.151,00')).toEqual(ok(1151));
    expect(read('1.250')).toEqual(ok(1250));
    expect(read('1250')).toEqual(ok(1250));
    expect(read('1,5')).toEqual(ok(1.5));
    expect(read('1.250,5')).toEqual(ok(1250.5));
    expect(read('12.345.678,90')).toEqual(ok(12345678.9));
    expect(read(',5')).toEqual(ok(0.5));
    expect(read('1,')).toEqual(ok(1));
    expect(read('0,00')).toEqual(ok(0));
  });

  it('takes the prefix and suffix the field shows, and spaces', () => {
    expect(read('R$ 1.250,00')).toEqual(ok(1250));
    expect(read(' r$\u00a01.250,00 ')).toEqual(ok(1250));
    expect(read('2,5 %', { decimals: 2, suffix: '%' })).toEqual(ok(2.5));
    expect(read('1,250 kg', { decimals: 3, suffix: 'kg' })).toEqual(ok(1.25));
    expect(read('-R$ 3,00', { ...money, allowNegative: true })).toEqual(ok(-3));
    expect(read('R$ -3,00', { ...money, allowNegative: true })).toEqual(ok(-3));
  });

  it('refuses more decimals than the field keeps', () => {
    expect(read('12,345')).toEqual({ status: 'invalid', reason: 'decimals' });
    expect(read('1,500')).toEqual({ status: 'invalid', reason: 'decimals' });
    expect(read('1,5', { decimals: 0 })).toEqual({ status: 'invalid', reason: 'decimals' });
    expect(read('12,345', { decimals: 3 })).toEqual(ok(12.345));
  });

  it('refuses a sign where the field takes none, and what is no number', () => {
    expect(read('-3')).toEqual({ status: 'invalid', reason: 'negative' });
    expect(read('-')).toEqual({ status: 'invalid', reason: 'negative' });
    expect(read('-3', { decimals: 0, allowNegative: true })).toEqual(ok(-3));
    for (const text of ['abc', '12a', '1,2,3', '1.2345', '1.23,4', '+3', '1e3', '0.500', 'R$ 3', '3 %']) {
      expect(read(text, { decimals: 2 }), text).toEqual({ status: 'invalid', reason: 'format' });
    }
  });

  it('tells a number still being typed from an empty field', () => {
    expect(read('')).toEqual({ status: 'empty' });
    expect(read('   ')).toEqual({ status: 'empty' });
    for (const text of ['R$', 'R$ ', ',', '1.', '1.2', '1.25', '1.5', '1.250.1']) {
      expect(read(text), text).toEqual({ status: 'incomplete' });
    }
    expect(read('-', { decimals: 2, allowNegative: true })).toEqual({ status: 'incomplete' });
  });

  it('never returns -0', () => {
    expect(Object.is((read('-0,00', { ...money, allowNegative: true }) as { value: number }).value, 0)).toBe(true);
  });
});

describe('toCents / fromCents', () => {
  it('converts to integer cents, half away from zero', () => {
    expect(toCents(1234.56)).toBe(123456);
    expect(toCents(0.005)).toBe(1);
    expect(toCents(-0.005)).toBe(-1);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(0.004)).toBe(0);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99 * 3)).toBe(5997);
    expect(toCents(1e-7)).toBe(0);
  });

  it('reads API and Brazilian text', () => {
    expect(toCents('1234.56')).toBe(123456);
    expect(toCents('1.234,56')).toBe(123456);
    expect(toCents('0,00')).toBe(0);
    expect(toCents('')).toBe(0);
    expect(toCents('10')).toBe(1000);
    expect(toCents('-0,015')).toBe(-2);
  });

  it('never returns -0', () => {
    expect(Object.is(toCents(-0.001), 0)).toBe(true);
  });

  it('throws on what is not money', () => {
    expect(() => toCents('abc')).toThrow(RangeError);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toCents(1e21)).toThrow(RangeError); // past Number.MAX_SAFE_INTEGER cents
  });

  it('is exact up to the largest numeric(14,2)', () => {
    expect(toCents('999999999999.99')).toBe(99999999999999);
    expect(toCents('-999.999.999.999,99')).toBe(-99999999999999);
  });

  it('adds money exactly in cents', () => {
    const total = [0.1, 0.2, 0.3].reduce((sum, v) => sum + toCents(v), 0);
    expect(total).toBe(60);
    expect(fromCents(total)).toBe(0.6);
  });

  it('converts cents back to reais', () => {
    expect(fromCents(123456)).toBe(1234.56);
    expect(fromCents(-1)).toBe(-0.01);
    expect(Object.is(fromCents(-0), 0)).toBe(true);
    expect(formatMoney(fromCents(toCents('1.234,56')))).toBe('R$ 1.234,56');
    expect(() => fromCents(1.5)).toThrow(RangeError);
  });
});

describe('roundQuantidade', () => {
  it('keeps 3 decimals for fractional units (spec §4)', () => {
    expect(roundQuantidade(1.23456, true)).toBe(1.235);
    expect(roundQuantidade(1.0005, true)).toBe(1.001);
    expect(roundQuantidade(-1.0005, true)).toBe(-1.001);
    expect(roundQuantidade(0.1 + 0.2, true)).toBe(0.3);
    expect(roundQuantidade(2, true)).toBe(2);
  });

  it('rounds to a whole number otherwise', () => {
    expect(roundQuantidade(1.4, false)).toBe(1);
    expect(roundQuantidade(2.5, false)).toBe(3);
    expect(roundQuantidade(-2.5, false)).toBe(-3);
    expect(Object.is(roundQuantidade(-0.4, false), 0)).toBe(true);
  });

  it('passes non-finite values through', () => {
    expect(roundQuantidade(Number.NaN, true)).toBeNaN();
  });
});

describe('formatQuantidade', () => {
  const KG = { sigla: 'KG', permiteVendaFracionada: true };
  const UN = { sigla: 'UN', permiteVendaFracionada: false };

  it('shows fractional quantities with up to 3 decimals and no trailing zeros', () => {
    expect(formatQuantidade(1.5, KG)).toBe('1,5 KG');
    expect(formatQuantidade(0.125, KG)).toBe('0,125 KG');
    expect(formatQuantidade(2, KG)).toBe('2 KG');
    expect(formatQuantidade(1.23456, KG)).toBe('1,235 KG');
    expect(formatQuantidade(1200.5, KG)).toBe('1.200,5 KG');
  });

  it('shows whole quantities with 0 decimals and pt-BR grouping', () => {
    expect(formatQuantidade(2, UN)).toBe('2 UN');
    expect(formatQuantidade(1200, UN)).toBe('1.200 UN');
    expect(formatQuantidade(2.5, UN)).toBe('3 UN');
    expect(formatQuantidade(0, UN)).toBe('0 UN');
  });

  it('reads the API numeric(14,3) text and Brazilian text', () => {
    expect(formatQuantidade('1.500', KG)).toBe('1,5 KG');
    expect(formatQuantidade('2.000', UN)).toBe('2 UN');
    expect(formatQuantidade('1,5', KG)).toBe('1,5 KG');
    expect(formatQuantidade('1.200,000', UN)).toBe('1.200 UN');
  });

  it('handles empty and invalid values and a missing abbreviation', () => {
    expect(formatQuantidade(null, UN)).toBe('');
    expect(formatQuantidade('', UN)).toBe('');
    expect(formatQuantidade('x', UN)).toBe('');
    expect(formatQuantidade(3, { sigla: '', permiteVendaFracionada: false })).toBe('3');
  });
});

describe('parseDateInput', () => {
  it('accepts dd/MM/yyyy and yyyy-MM-dd (spec §5)', () => {
    expect(parseDateInput('25/12/2024')).toBe('2024-12-25');
    expect(parseDateInput('2024-12-25')).toBe('2024-12-25');
    expect(parseDateInput('5/1/2024')).toBe('2024-01-05');
    expect(parseDateInput(' 01/02/2024 ')).toBe('2024-02-01');
  });

  it('validates real calendar dates', () => {
    expect(parseDateInput('31/02/2024')).toBeNull();
    expect(parseDateInput('29/02/2024')).toBe('2024-02-29');
    expect(parseDateInput('29/02/2023')).toBeNull();
    expect(parseDateInput('29/02/1900')).toBeNull();
    expect(parseDateInput('29/02/2000')).toBe('2000-02-29');
    expect(parseDateInput('31/04/2024')).toBeNull();
    expect(parseDateInput('2024-13-01')).toBeNull();
    expect(parseDateInput('2024-00-10')).toBeNull();
    expect(parseDateInput('00/01/2024')).toBeNull();
  });

  it('rejects other shapes', () => {
    expect(parseDateInput('')).toBeNull();
    expect(parseDateInput(null)).toBeNull();
    expect(parseDateInput('2024/12/25')).toBeNull();
    expect(parseDateInput('25-12-2024')).toBeNull();
    expect(parseDateInput('25/12/24')).toBeNull();
    expect(parseDateInput('hoje')).toBeNull();
    expect(parseDateInput('2024-12-25T10:00:00Z')).toBeNull();
  });
});

describe('formatDate', () => {
  it('shows an API date as written, with no time zone shift', () => {
    expect(formatDate('2024-01-01')).toBe('01/01/2024');
    expect(formatDate('2024-12-31')).toBe('31/12/2024');
    // In UTC−3 `new Date('2024-01-01')` would be 31/12/2023; the text must not move.
    expect(formatDate('2024-01-01', 'America/Sao_Paulo')).toBe('01/01/2024');
    expect(formatDate('2024-01-01', 'Pacific/Kiritimati')).toBe('01/01/2024');
    expect(formatDate('2024-01-01', 'Pacific/Pago_Pago')).toBe('01/01/2024');
  });

  it('shows instants as the calendar date in the time zone', () => {
    expect(formatDate('2024-03-10T02:30:00Z')).toBe('09/03/2024');
    expect(formatDate('2024-03-10T02:30:00Z', 'UTC')).toBe('10/03/2024');
    expect(formatDate(new Date('2024-03-10T12:00:00Z'))).toBe('10/03/2024');
    expect(formatDate('2024-03-09T23:30:00-03:00')).toBe('09/03/2024');
  });

  it('returns empty text for empty and invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('não é data')).toBe('');
    expect(formatDate('2024-02-30')).toBe('');
    expect(formatDate('2024-02-30T10:00:00Z')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });

  it('accepts an already Brazilian date', () => {
    expect(formatDate('5/1/2024')).toBe('05/01/2024');
  });
});

describe('formatDateTime', () => {
  it('shows the São Paulo wall clock, UTC−3 all year (no DST since 2019)', () => {
    expect(formatDateTime('2024-01-15T12:00:00Z')).toBe('15/01/2024 09:00'); // summer
    expect(formatDateTime('2024-07-15T12:00:00Z')).toBe('15/07/2024 09:00'); // winter
    expect(formatDateTime('2024-03-10T02:30:00Z')).toBe('09/03/2024 23:30');
    expect(formatDateTime(new Date('2024-12-31T23:59:00-03:00'))).toBe('31/12/2024 23:59');
  });

  it('applies the historical offset where DST existed', () => {
    // Brazil's last summer time: 2018-11-04 to 2019-02-17 (UTC−2).
    expect(formatDateTime('2018-12-01T12:00:00Z')).toBe('01/12/2018 10:00');
  });

  it('honours other time zones', () => {
    expect(formatDateTime('2024-01-15T12:00:00Z', 'UTC')).toBe('15/01/2024 12:00');
    expect(formatDateTime('2024-01-15T12:00:00Z', 'America/Manaus')).toBe('15/01/2024 08:00');
    expect(formatDateTime('2024-01-15T12:00:00Z', 'America/Noronha')).toBe('15/01/2024 10:00');
  });

  it('uses 24-hour time with midnight as 00', () => {
    expect(formatDateTime('2024-01-15T03:05:00Z')).toBe('15/01/2024 00:05');
    expect(formatDateTime('2024-01-15T18:00:00Z')).toBe('15/01/2024 15:00');
  });

  it('treats a bare date as midnight and rejects invalid values', () => {
    expect(formatDateTime('2024-01-15')).toBe('15/01/2024 00:00');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('xyz')).toBe('');
  });

  it('rejects an unknown time zone', () => {
    expect(() => formatDateTime('2024-01-15T12:00:00Z', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('formatTime / padTime', () => {
  it('zero-pads to HH:mm (spec §5)', () => {
    expect(formatTime(9, 5)).toBe('09:05');
    expect(formatTime(0, 0)).toBe('00:00');
    expect(formatTime(23, 59)).toBe('23:59');
    expect(formatTime(7)).toBe('07:00');
    expect(formatTime('9', 5)).toBe('09:05');
    expect(formatTime('9:5')).toBe('09:05');
    expect(formatTime('14:30:00')).toBe('14:30');
    expect(formatTime('08:00:00.000')).toBe('08:00');
  });

  it('rejects impossible times', () => {
    expect(formatTime(24, 0)).toBe('');
    expect(formatTime(10, 60)).toBe('');
    expect(formatTime(-1, 0)).toBe('');
    expect(formatTime(9.5, 0)).toBe('');
    expect(formatTime('25:00')).toBe('');
    expect(formatTime('ab:cd')).toBe('');
    expect(formatTime('')).toBe('');
    expect(formatTime(null)).toBe('');
  });

  it('padTime normalises text and keeps what is not a time', () => {
    expect(padTime('9:5')).toBe('09:05');
    expect(padTime('09:05')).toBe('09:05');
    expect(padTime('7')).toBe('07:00');
    expect(padTime(' 8:30:15 ')).toBe('08:30');
    expect(padTime('25:00')).toBe('25:00');
    expect(padTime('meio-dia')).toBe('meio-dia');
    expect(padTime(null)).toBe('');
  });
});

describe('todayISO / startOfMonthISO / endOfMonthISO', () => {
  it('gives the date in the time zone, not in UTC', () => {
    const lateNightInBrazil = new Date('2024-03-10T02:30:00Z');
    expect(todayISO('America/Sao_Paulo', lateNightInBrazil)).toBe('2024-03-09');
    expect(todayISO('UTC', lateNightInBrazil)).toBe('2024-03-10');
    expect(todayISO(undefined, lateNightInBrazil)).toBe('2024-03-09');
  });

  it('defaults to now', () => {
    expect(todayISO()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(parseDateInput(todayISO())).toBe(todayISO());
  });

  it('gives the first and last day of the current month', () => {
    const now = new Date('2024-02-15T12:00:00Z');
    expect(startOfMonthISO(DEFAULT_TIME_ZONE, now)).toBe('2024-02-01');
    expect(endOfMonthISO(DEFAULT_TIME_ZONE, now)).toBe('2024-02-29');
    expect(endOfMonthISO(DEFAULT_TIME_ZONE, new Date('2023-02-15T12:00:00Z'))).toBe('2023-02-28');
    expect(endOfMonthISO(DEFAULT_TIME_ZONE, new Date('2024-04-10T12:00:00Z'))).toBe('2024-04-30');
    expect(endOfMonthISO(DEFAULT_TIME_ZONE, new Date('2024-12-10T12:00:00Z'))).toBe('2024-12-31');
  });

  it('uses the month in the time zone at a month boundary', () => {
    const newYearUtc = new Date('2025-01-01T01:00:00Z'); // still 31/12/2024 in São Paulo
    expect(startOfMonthISO(DEFAULT_TIME_ZONE, newYearUtc)).toBe('2024-12-01');
    expect(endOfMonthISO(DEFAULT_TIME_ZONE, newYearUtc)).toBe('2024-12-31');
    expect(startOfMonthISO('UTC', newYearUtc)).toBe('2025-01-01');
  });
});

describe('NOMES_MES / dataPorExtenso', () => {
  it('names the twelve months in lower case, January first', () => {
    expect(NOMES_MES).toHaveLength(12);
    expect(NOMES_MES[0]).toBe('janeiro');
    expect(NOMES_MES[2]).toBe('março');
    expect(NOMES_MES[11]).toBe('dezembro');
  });

  it('writes a date in words, the first of a month as 1º', () => {
    expect(dataPorExtenso('2026-11-27')).toBe('27 de novembro de 2026');
    expect(dataPorExtenso('2026-03-01')).toBe('1º de março de 2026');
    expect(dataPorExtenso('2025-01-09')).toBe('9 de janeiro de 2025');
    expect(dataPorExtenso('2026-12-31T10:00:00-03:00')).toBe('31 de dezembro de 2026');
  });
});

describe('truncate', () => {
  const thirty = 'a'.repeat(30);

  it('keeps texts up to 30 characters whole (spec §9)', () => {
    expect(truncate(thirty)).toBe(thirty);
    expect(truncate('a'.repeat(29))).toBe('a'.repeat(29));
    expect(truncate('Ração')).toBe('Ração');
    expect(truncate('')).toBe('');
  });

  it('cuts longer texts to 30 characters then ...', () => {
    expect(truncate(`${thirty}b`)).toBe(`${thirty}...`);
    expect(truncate('Ração premium para cães adultos de porte grande')).toBe('Ração premium para cães adulto...');
  });

  it('honours another limit', () => {
    expect(truncate('abcdef', 3)).toBe('abc...');
    expect(truncate('abc', 3)).toBe('abc');
  });

  it('never splits an emoji', () => {
    expect(truncate('🐶🐱🐰', 2)).toBe('🐶🐱...');
  });

  it('returns empty text for null and undefined', () => {
    expect(truncate(null)).toBe('');
    expect(truncate(undefined)).toBe('');
  });
});

describe('joinNames', () => {
  it("joins with 'e' (spec §9)", () => {
    expect(joinNames([])).toBe('');
    expect(joinNames(['Ana'])).toBe('Ana');
    expect(joinNames(['Ana', 'Bia'])).toBe('Ana e Bia');
    expect(joinNames(['Ana', 'Bia', 'Caio'])).toBe('Ana, Bia e Caio');
  });

  it("ends in 'e outros' over the limit", () => {
    expect(joinNames(['Ana', 'Bia', 'Caio', 'Duda'])).toBe('Ana, Bia, Caio e outros');
    expect(joinNames(['Ana', 'Bia', 'Caio'], 2)).toBe('Ana, Bia e outros');
    expect(joinNames(['Ana', 'Bia'], 1)).toBe('Ana e outros');
  });

  it('leaves blank names out', () => {
    expect(joinNames(['Ana', '', '  ', null, 'Bia'])).toBe('Ana e Bia');
  });
});

describe('documents and phones', () => {
  it('formats CPF', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('529.982.247-25')).toBe('529.982.247-25');
    expect(formatCpf('')).toBe('');
    expect(formatCpf(null)).toBe('');
    expect(formatCpf('123')).toBe('123');
    expect(formatCpf('abc')).toBe('abc');
  });

  it('formats CNPJ', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('11.222.333/0001-81')).toBe('11.222.333/0001-81');
    expect(formatCnpj('')).toBe('');
    expect(formatCnpj('1122233300018')).toBe('1122233300018');
  });

  it('formats CPF or CNPJ by digit count', () => {
    expect(formatCpfCnpj('52998224725')).toBe('529.982.247-25');
    expect(formatCpfCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCpfCnpj('123456789012')).toBe('123456789012');
    expect(formatCpfCnpj(undefined)).toBe('');
  });

  it('formats CEP', () => {
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatCep('01310-100')).toBe('01310-100');
    expect(formatCep('0131010')).toBe('0131010');
    expect(formatCep('')).toBe('');
  });

  it('formats phones with DDD', () => {
    expect(formatTelefone('11987654321')).toBe('(11) 98765-4321');
    expect(formatTelefone('1134567890')).toBe('(11) 3456-7890');
    expect(formatTelefone('(11) 98765-4321')).toBe('(11) 98765-4321');
    expect(formatTelefone('08001234567')).toBe('0800 123 4567');
    expect(formatTelefone('987654321')).toBe('987654321');
    expect(formatTelefone('+55 11 98765-4321')).toBe('+55 11 98765-4321');
    expect(formatTelefone('')).toBe('');
    expect(formatTelefone(null)).toBe('');
  });
});

describe('plural / contagem (issue #15: no more "produto(s)")', () => {
  it('uses the singular for one only', () => {
    expect(plural(1, 'item', 'itens')).toBe('item');
    expect(plural(0, 'item', 'itens')).toBe('itens');
    expect(plural(2, 'item', 'itens')).toBe('itens');
    expect(plural(1.5, 'quilo', 'quilos')).toBe('quilos');
    expect(formatCount(1, 'produto', 'produtos')).toBe('1 produto');
    expect(formatCount(12, 'conta a pagar', 'contas a pagar')).toBe('12 contas a pagar');
  });
});

describe('roundDecimal', () => {
  it('rounds a decimal string half away from zero on its digits, never -0', () => {
    expect(roundDecimal('1.005', 2)).toBe(1.01);
    expect(roundDecimal('2.675', 2)).toBe(2.68);
    expect(roundDecimal('-2.5', 0)).toBe(-3);
    expect(roundDecimal('12.34565', 4)).toBe(12.3457);
    expect(Object.is(roundDecimal('-0.0001', 2), 0)).toBe(true);
    expect(roundDecimal('1e-7', 6)).toBe(0);
  });
});
