import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  GENERAL_ERRORS,
  HTTP_MESSAGES,
  MAX_PAGE_SIZE,
  apiErrorSchema,
  emptyToUndefined,
  idParamsSchema,
  listQuerySchema,
  okSchema,
  pageOf,
  pageSchema,
  pageSizeSchema,
  querySchema,
} from './http.ts';

describe('constants', () => {
  it('follow spec §9 and ARCHITECTURE.md', () => {
    expect(DEFAULT_PAGE).toBe(1);
    expect(DEFAULT_PAGE_SIZE).toBe(20);
    expect(MAX_PAGE_SIZE).toBe(100);
    expect(GENERAL_ERRORS).toBe('generalErrors');
  });

  it('carry the messages of spec §8 verbatim', () => {
    expect(HTTP_MESSAGES.unauthorized).toBe('Acesso não autorizado');
    expect(HTTP_MESSAGES.internal).toBe('Erro interno no servidor');
    expect(HTTP_MESSAGES.network).toBe('Não foi possível se comunicar com o servidor');
  });
});

describe('emptyToUndefined', () => {
  it('turns null, empty and blank strings into undefined and keeps the rest', () => {
    expect(emptyToUndefined('')).toBeUndefined();
    expect(emptyToUndefined('   ')).toBeUndefined();
    expect(emptyToUndefined(' a ')).toBe(' a ');
    expect(emptyToUndefined(0)).toBe(0);
    expect(emptyToUndefined(null)).toBeUndefined();
    expect(emptyToUndefined(false)).toBe(false);
  });
});

describe('pageSchema', () => {
  it('reads whole numbers from 1', () => {
    expect(pageSchema.parse('3')).toBe(3);
    expect(pageSchema.parse(7)).toBe(7);
    expect(pageSchema.parse('1')).toBe(1);
  });

  it('falls back to 1 for invalid or zero pages (spec §5)', () => {
    for (const bad of ['0', 0, '-2', -2, 'abc', '2.5', 2.5, '', null, undefined, 'NaN', 'Infinity']) {
      expect(pageSchema.parse(bad), String(bad)).toBe(1);
    }
  });
});

describe('pageSizeSchema', () => {
  it('reads whole numbers up to 100', () => {
    expect(pageSizeSchema.parse('50')).toBe(50);
    expect(pageSizeSchema.parse(1)).toBe(1);
    expect(pageSizeSchema.parse(100)).toBe(100);
  });

  it('caps at 100', () => {
    expect(pageSizeSchema.parse('101')).toBe(100);
    expect(pageSizeSchema.parse(100000)).toBe(100);
  });

  it('falls back to 20 for invalid values', () => {
    for (const bad of ['0', 0, '-5', 'x', '10.5', '', null, undefined]) {
      expect(pageSizeSchema.parse(bad), String(bad)).toBe(20);
    }
  });
});

describe('querySchema', () => {
  it('treats an empty query as absent (spec §5)', () => {
    expect(querySchema.parse('')).toBeUndefined();
    expect(querySchema.parse('   ')).toBeUndefined();
    expect(querySchema.parse(undefined)).toBeUndefined();
  });

  it('trims and limits to 200 characters', () => {
    expect(querySchema.parse('  ração  ')).toBe('ração');
    expect(querySchema.parse('a'.repeat(200))).toBe('a'.repeat(200));
    expect(querySchema.safeParse('a'.repeat(201)).success).toBe(false);
  });
});

describe('listQuerySchema', () => {
  it('defaults to page 1 and pageSize 20 (spec §5, §9)', () => {
    const q = listQuerySchema.parse({});
    expect(q.page).toBe(1);
    expect(q.pageSize).toBe(20);
    expect(q.query).toBeUndefined();
  });

  it('reads URL search params as strings', () => {
    expect(listQuerySchema.parse({ page: '2', pageSize: '50', query: ' gato ' })).toEqual({
      page: 2,
      pageSize: 50,
      query: 'gato',
    });
  });

  it('falls back for invalid or zero page and caps pageSize at 100', () => {
    const q = listQuerySchema.parse({ page: '0', pageSize: '1000', query: '' });
    expect(q).toEqual({ page: 1, pageSize: 100 });
    expect(q.query).toBeUndefined();
    expect(listQuerySchema.parse({ page: 'abc', pageSize: 'x' })).toEqual({ page: 1, pageSize: 20 });
    expect(listQuerySchema.parse({ page: '-1', pageSize: '0' })).toEqual({ page: 1, pageSize: 20 });
  });

  it('drops unknown keys', () => {
    expect(listQuerySchema.parse({ page: '1', foo: 'bar' })).not.toHaveProperty('foo');
  });

  it('rejects a query over 200 characters', () => {
    expect(listQuerySchema.safeParse({ query: 'a'.repeat(201) }).success).toBe(false);
  });
});

describe('pageOf', () => {
  const schema = pageOf(z.object({ id: z.string() }));

  it('accepts the paged answer { items, total, page, pageSize }', () => {
    const page = { items: [{ id: 'a' }], total: 1, page: 1, pageSize: 20 };
    expect(schema.parse(page)).toEqual(page);
  });

  it('rejects answers missing a field or with bad items', () => {
    expect(schema.safeParse({ items: [], page: 1, pageSize: 20 }).success).toBe(false);
    expect(schema.safeParse({ items: [{ id: 1 }], total: 1, page: 1, pageSize: 20 }).success).toBe(false);
    expect(schema.safeParse({ items: [], total: 1.5, page: 1, pageSize: 20 }).success).toBe(false);
  });
});

describe('apiErrorSchema', () => {
  it('accepts the errors map of spec §5', () => {
    const body = { errors: { nome: ['Nome é obrigatório'], [GENERAL_ERRORS]: ['Falhou'] } };
    expect(apiErrorSchema.parse(body)).toEqual(body);
  });

  it('rejects other shapes', () => {
    expect(apiErrorSchema.safeParse({ errors: { nome: 'Nome é obrigatório' } }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ message: 'x' }).success).toBe(false);
  });
});

describe('idParamsSchema and okSchema', () => {
  it('accepts a uuid id', () => {
    const id = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    expect(idParamsSchema.parse({ id })).toEqual({ id });
  });

  it('rejects a bad id with a Portuguese message', () => {
    const result = idParamsSchema.safeParse({ id: '123' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Identificador inválido');
  });

  it('accepts only { ok: true }', () => {
    expect(okSchema.parse({ ok: true })).toEqual({ ok: true });
    expect(okSchema.safeParse({ ok: false }).success).toBe(false);
  });
});
