import { describe, expect, it } from 'vitest';
import { descreverEsquema, diasAteUltimaDose } from './esquema-protocolo.ts';

describe('descreverEsquema', () => {
  it('reads three doses 21 days apart and a yearly booster', () => {
    const doses = [{ intervaloDias: 0 }, { intervaloDias: 21 }, { intervaloDias: 21 }];
    expect(descreverEsquema(doses, 365)).toBe('1ª dose no dia 0, 2ª dose +21 dias, 3ª dose +21 dias, reforço a cada 365 dias');
    expect(diasAteUltimaDose(doses)).toBe(42);
  });

  it('says when there is no booster, singular days and intervals still being typed', () => {
    expect(descreverEsquema([{ intervaloDias: 1 }], '')).toBe('1ª dose no dia 1, sem reforço');
    expect(descreverEsquema([{ intervaloDias: 0 }, { intervaloDias: '' }], 1)).toBe(
      '1ª dose no dia 0, 2ª dose +?, reforço a cada 1 dia',
    );
    expect(diasAteUltimaDose([{ intervaloDias: 0 }, { intervaloDias: Number.NaN }])).toBeNull();
    expect(descreverEsquema([], 365)).toBe('');
  });
});
