/** The protocol's dates (datas-protocolo.ts): intervals from the previous dose, month and leap-year boundaries, the booster. */
import { describe, expect, it } from 'vitest';
import { calcularDatasProtocolo, somarDias } from './datas-protocolo.ts';

const tresDoses21 = [{ intervaloDias: 0 }, { intervaloDias: 21 }, { intervaloDias: 21 }];

describe('calcularDatasProtocolo', () => {
  it('counts each dose from the previous one (V10 filhote: 3 doses 21 days apart, yearly booster)', () => {
    expect(calcularDatasProtocolo('2026-03-02', tresDoses21, 365)).toEqual({
      doses: ['2026-03-02', '2026-03-23', '2026-04-13'],
      reforco: '2027-04-13',
    });
  });

  it('the first dose is the start date plus its own interval', () => {
    expect(calcularDatasProtocolo('2026-01-10', [{ intervaloDias: 7 }, { intervaloDias: 21 }], null)).toEqual({
      doses: ['2026-01-17', '2026-02-07'],
      reforco: null,
    });
  });

  it('crosses month and year ends', () => {
    expect(calcularDatasProtocolo('2026-12-20', tresDoses21, 365).doses).toEqual(['2026-12-20', '2027-01-10', '2027-01-31']);
    expect(calcularDatasProtocolo('2026-01-31', [{ intervaloDias: 0 }, { intervaloDias: 21 }], 30)).toEqual({
      doses: ['2026-01-31', '2026-02-21'],
      reforco: '2026-03-23',
    });
  });

  it('knows leap years: 29 February exists in 2028, not in 2027', () => {
    expect(calcularDatasProtocolo('2028-02-08', tresDoses21, null).doses).toEqual(['2028-02-08', '2028-02-29', '2028-03-21']);
    expect(calcularDatasProtocolo('2027-02-08', tresDoses21, null).doses).toEqual(['2027-02-08', '2027-03-01', '2027-03-22']);
    // A yearly booster from 29/02 lands on 28/02 of the next (common) year: 365 days.
    expect(calcularDatasProtocolo('2028-02-29', [{ intervaloDias: 0 }], 365).reforco).toBe('2029-02-28');
    // 365 days over a leap day: 2027-06-01 + 365 = 2028-05-31.
    expect(calcularDatasProtocolo('2027-06-01', [{ intervaloDias: 0 }], 365).reforco).toBe('2028-05-31');
  });

  it('a start in the past gives past dates (nothing skipped); no booster without reforcoDias', () => {
    expect(calcularDatasProtocolo('2020-05-01', [{ intervaloDias: 0 }, { intervaloDias: 21 }], undefined)).toEqual({
      doses: ['2020-05-01', '2020-05-22'],
      reforco: null,
    });
  });

  it('somarDias is plain calendar arithmetic (no daylight-saving shift)', () => {
    expect(somarDias('2026-10-31', 1)).toBe('2026-11-01');
    expect(somarDias('2026-03-01', -1)).toBe('2026-02-28');
  });
});
