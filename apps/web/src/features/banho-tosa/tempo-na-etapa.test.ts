/** The time in stage of a board card: whole minutes, then hours and minutes. */
import { describe, expect, it } from 'vitest';
import { formatEtapa, formatTempoNaEtapa } from './tempo-na-etapa.ts';

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

describe('formatEtapa', () => {
  // Local times: the card reads `inicio` in the browser's zone.
  const agora = new Date(2026, 10, 27, 10, 30);
  const reservadoHaUmaSemana = new Date(2026, 10, 20, 9, 0).toISOString();

  it('waiting counts from the scheduled start, not from the booking', () => {
    const a = { atividade: 'Aguardando', atividadeDesde: reservadoHaUmaSemana, inicio: '2026-11-27T10:00' };
    expect(formatEtapa(a, agora)).toBe('há 30 min');
  });

  it('before the start it says when the pet arrives', () => {
    const a = { atividade: 'Aguardando', atividadeDesde: reservadoHaUmaSemana, inicio: '2026-11-27T14:00' };
    expect(formatEtapa(a, agora)).toBe('chega às 14:00');
  });

  it('moved back to waiting after the start: counts from that move', () => {
    const volta = new Date(2026, 10, 27, 10, 20).toISOString();
    expect(formatEtapa({ atividade: 'Aguardando', atividadeDesde: volta, inicio: '2026-11-27T09:00' }, agora)).toBe('há 10 min');
  });

  it('any other stage counts from its own start', () => {
    const banho = new Date(2026, 10, 27, 10, 5).toISOString();
    expect(formatEtapa({ atividade: 'Banho', atividadeDesde: banho, inicio: '2026-11-27T14:00' }, agora)).toBe('há 25 min');
  });
});
