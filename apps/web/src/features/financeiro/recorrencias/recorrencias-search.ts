/**
 * Search params of /financeiro/recorrencias/: page 1, pageSize 20, query (description) and
 * status (several of STATUS_RECORRENCIA; all when empty). Defaults stay out of the URL.
 */
import { STATUS_RECORRENCIA, DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '#lib/contrato-valores.ts';
import type { SearchMiddleware } from '@tanstack/react-router';
import { listSearchSchema } from '#lib/list/list-search.ts';
import { listParam, type SearchOf } from '#lib/list/search-params.ts';

export const recorrenciasSearchSchema = listSearchSchema.extend({ status: listParam(STATUS_RECORRENCIA) });
export type RecorrenciasSearch = SearchOf<typeof recorrenciasSearchSchema>;

export const stripRecorrenciasDefaults: SearchMiddleware<RecorrenciasSearch> = ({ search, next }) => {
  const result: Partial<RecorrenciasSearch> = { ...next(search) };
  if (result.page === DEFAULT_PAGE) delete result.page;
  if (result.pageSize === DEFAULT_PAGE_SIZE) delete result.pageSize;
  if (result.status?.length === 0) delete result.status;
  return result as RecorrenciasSearch;
};
