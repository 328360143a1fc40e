/** The time in stage of a board card: whole minutes, then hours and minutes. */
import { describe, expect, it } from 'vitest';
import { formatTempoNaEtapa } from './tempo-na-etapa.ts';

const desde = '2024-03-09T12:00:00.000Z';
const depois = (ms: number) => new Date(Date.parse(desde) + ms);

describe('formatTempoNaEtapa', () => {
  it('reads whole minutes, then hours with zero-padded minutes, then days and hours', () => {
    expect(formatTempoNaEtapa(desde, depois(59_000))).toBe('há menos de 1 min');
    expect(formatTempoNaEtapa(desde, depois(25 * 60_000 + 59_000))).toBe('há 25 min');
    expect(formatTempoNaEtapa(desde, depois(60 * 60_000))).toBe('há 1 h');
    expect(formatTempoNaEtapa(desde, depois(125 * 60_000))).toBe('há 2 h 05 min');
    expect(formatTempoNaEtapa(desde, depois(24 * 3_600_000 + 59 * 60_000))).toBe('há 1 d');
    expect(formatTempoNaEtapa(desde, depois(83 * 3_600_000 + 26 * 60_000))).toBe('há 3 d 11 h');
  });

  it('reads a future or invalid instant as less than a minute', () => {
    expect(formatTempoNaEtapa(desde, depois(-5 * 60_000))).toBe('há menos de 1 min');
    expect(formatTempoNaEtapa('ontem', depois(0))).toBe('há menos de 1 min');
  });
});
