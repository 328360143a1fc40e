import { describe, expect, it } from 'vitest';
import { listSearchSchema } from './list-search.ts';
import {
  booleanOr,
  dateOr,
  dateParam,
  enumOr,
  enumParam,
  intParam,
  isoDateParam,
  listParam,
  searchSchema,
  uuidParam,
} from './search-params.ts';

const UUID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

describe('search params read without zod', () => {
  it('reads page, pageSize and query with the list fallbacks (spec §5)', () => {
    expect(listSearchSchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(listSearchSchema.parse({ page: 3, pageSize: 50, query: '  ração  ' })).toEqual({
      page: 3,
      pageSize: 50,
      query: 'ração',
    });
    expect(listSearchSchema.parse({ page: 0, pageSize: -1, query: '   ' })).toEqual({ page: 1, pageSize: 20 });
    expect(listSearchSchema.parse({ page: 'x', pageSize: 1.5 })).toEqual({ page: 1, pageSize: 20 });
    expect(listSearchSchema.parse({ page: '2', pageSize: 500 })).toEqual({ page: 2, pageSize: 100 });
    expect(listSearchSchema.parse({ query: 123 })).toEqual({ page: 1, pageSize: 20, query: '123' });
    expect(listSearchSchema.parse({ query: 'x'.repeat(201) }).query).toBeUndefined();
    expect(listSearchSchema.parse({ query: ['a'] }).query).toBeUndefined();
  });

  it('keeps only the params it knows, and extends', () => {
    const schema = listSearchSchema.extend({ ativo: booleanOr(true), tab: enumOr(['a', 'b'], 'a') });
    expect(schema.parse({ outro: 1, ativo: false, tab: 'b' })).toEqual({ page: 1, pageSize: 20, ativo: false, tab: 'b' });
    expect(schema.parse({ ativo: 'false', tab: 'c' })).toEqual({ page: 1, pageSize: 20, ativo: true, tab: 'a' });
  });

  it('drops what is invalid instead of failing', () => {
    const schema = searchSchema({
      id: uuidParam,
      tipo: enumParam(['produto', 'servico']),
      dias: intParam(1, 365),
      data: dateParam,
      dia: isoDateParam,
      status: listParam(['A', 'B']),
    });
    expect(schema.parse({ id: 'abc', tipo: 'outro', dias: 0, data: '31/02/2024', dia: '2024-02-30', status: 'C' })).toEqual({
      status: [],
    });
    expect(
      schema.parse({ id: UUID, tipo: 'servico', dias: '60', data: '05/03/2024', dia: '2024-02-29', status: 'B,A,B,C' }),
    ).toEqual({
      id: UUID,
      tipo: 'servico',
      dias: 60,
      data: '2024-03-05',
      dia: '2024-02-29',
      status: ['B', 'A'],
    });
    expect(schema.parse({ status: ['A', 'x'] }).status).toEqual(['A']);
  });

  it('falls back to the default date when the URL has none or an invalid one', () => {
    const data = dateOr(() => '2024-03-10');
    expect(data(undefined)).toBe('2024-03-10');
    expect(data('ontem')).toBe('2024-03-10');
    expect(data('2024-03-01')).toBe('2024-03-01');
  });
});
