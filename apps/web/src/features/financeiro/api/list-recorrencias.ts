import type { Recorrencia, StatusRecorrencia } from '@petshop/shared/financeiro';
import type { Page } from '@petshop/shared/http';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type RecorrenciasParams = { page: number; pageSize: number; query?: string | undefined; status: StatusRecorrencia[] };

/** The list's filters as the API reads them: `status` comma-separated, empty ones left out. */
export const recorrenciasQueryParams = (params: Omit<RecorrenciasParams, 'page' | 'pageSize'> & Partial<RecorrenciasParams>) => ({
  ...(params.page ? { page: params.page } : {}),
  ...(params.pageSize ? { pageSize: params.pageSize } : {}),
  ...(params.query ? { query: params.query } : {}),
  ...(params.status.length > 0 ? { status: params.status.join(',') } : {}),
});

/** GET /financeiro/recorrencias → a page of recurrences (with generated count and next due date). */
export const listRecorrencias = async (params: RecorrenciasParams): Promise<Page<Recorrencia>> =>
  (await http.get<Page<Recorrencia>>('/financeiro/recorrencias', { params: recorrenciasQueryParams(params) })).data;

export const recorrenciasQueryOptions = (params: RecorrenciasParams) =>
  queryOptions({
    queryKey: queryKeys.recorrencias.list(params),
    queryFn: () => listRecorrencias(params),
    placeholderData: keepPreviousData,
  });

export const useRecorrencias = (params: RecorrenciasParams) => useQuery(recorrenciasQueryOptions(params));
