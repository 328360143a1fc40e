import { describe, expect, it } from 'vitest';
import { descreverPeriodo, resolverPeriodo } from './periodo.ts';

describe('resolverPeriodo (spec §9: the current period by default, in the unit’s time zone)', () => {
  const SP = 'America/Sao_Paulo';

  it('defaults to the current month of the unit: 02:30 UTC on 01/12 is still November in São Paulo', () => {
    expect(resolverPeriodo({}, SP, new Date('2026-12-01T02:30:00Z'))).toEqual({
      dataInicio: '2026-11-01',
      dataFim: '2026-11-30',
    });
    expect(resolverPeriodo({}, 'UTC', new Date('2026-12-01T02:30:00Z'))).toEqual({
      dataInicio: '2026-12-01',
      dataFim: '2026-12-31',
    });
  });

  it('keeps a full period and completes a half one within its month (leap years counted)', () => {
    expect(resolverPeriodo({ dataInicio: '2026-01-10', dataFim: '2026-03-05' }, SP)).toEqual({
      dataInicio: '2026-01-10',
      dataFim: '2026-03-05',
    });
    expect(resolverPeriodo({ dataInicio: '2028-02-10' }, SP)).toEqual({ dataInicio: '2028-02-10', dataFim: '2028-02-29' });
    expect(resolverPeriodo({ dataFim: '2026-02-14' }, SP)).toEqual({ dataInicio: '2026-02-01', dataFim: '2026-02-14' });
  });

  it('prints the period the Brazilian way', () => {
    expect(descreverPeriodo({ dataInicio: '2026-11-01', dataFim: '2026-11-30' })).toBe('01/11/2026 a 30/11/2026');
    expect(descreverPeriodo({ dataInicio: '2026-11-27', dataFim: '2026-11-27' })).toBe('27/11/2026');
  });
});
