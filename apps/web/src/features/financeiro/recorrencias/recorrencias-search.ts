/**
 * Search params of /financeiro/recorrencias/: page 1, pageSize 20, query (description) and
 * status (several of STATUS_RECORRENCIA; all when empty). Defaults stay out of the URL.
 */
import { STATUS_RECORRENCIA } from '@petshop/shared/financeiro';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@petshop/shared/http';
import type { SearchMiddleware } from '@tanstack/react-router';
import { z } from 'zod';
import { listSearchSchema } from '#lib/list/list-search.ts';

const statusParam = z
  .preprocess(
    (value) => {
      const lista = Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? value.split(',') : [];
      return [...new Set(lista.map(String).filter((v) => (STATUS_RECORRENCIA as readonly string[]).includes(v)))];
    },
    z.array(z.enum(STATUS_RECORRENCIA)),
  )
  .default(() => []);

export const recorrenciasSearchSchema = listSearchSchema.extend({ status: statusParam });
export type RecorrenciasSearch = z.output<typeof recorrenciasSearchSchema>;

export const stripRecorrenciasDefaults: SearchMiddleware<RecorrenciasSearch> = ({ search, next }) => {
  const result: Partial<RecorrenciasSearch> = { ...next(search) };
  if (result.page === DEFAULT_PAGE) delete result.page;
  if (result.pageSize === DEFAULT_PAGE_SIZE) delete result.pageSize;
  if (result.status?.length === 0) delete result.status;
  return result as RecorrenciasSearch;
};
