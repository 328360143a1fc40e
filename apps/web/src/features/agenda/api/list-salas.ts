import type { Sala, recursoInputSchema } from '@petshop/shared/agenda';
import type { Page } from '@petshop/shared/http';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { OPTIONS_PARAMS } from '#lib/crud/crud-api.ts';
import { http } from '#lib/http/http.ts';
import { queryKeys, type ListParams } from '#lib/query-keys.ts';

/** The create/update body of /agenda/salas (after the shared schema's defaults). */
export type SalaInputParsed = z.output<typeof recursoInputSchema>;

/**
 * GET /agenda/salas?page&pageSize&query&ativo → Page<Sala>: the clinic rooms of the selected unit,
 * by name; `ativo` 'true'/'false' filters, absent lists both.
 */
export const listSalas = async (params: ListParams): Promise<Page<Sala>> => {
  const { data } = await http.get<Page<Sala>>('/agenda/salas', { params });
  return data;
};

export const salasQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: queryKeys.salas.list(params),
    queryFn: () => listSalas(params),
    placeholderData: keepPreviousData,
  });

/** Rows for a select: the first 100 (the API's largest page), with the given filters. */
export const salasOptionsQueryOptions = (filters: Omit<ListParams, 'page' | 'pageSize'> = {}) =>
  queryOptions({
    queryKey: queryKeys.salas.list({ ...OPTIONS_PARAMS, ...filters }),
    queryFn: () => listSalas({ ...OPTIONS_PARAMS, ...filters }),
  });

export const useSalas = (params: ListParams) => useQuery(salasQueryOptions(params));

export const useSalasOptions = (filters: Omit<ListParams, 'page' | 'pageSize'> = {}, enabled = true) =>
  useQuery({ ...salasOptionsQueryOptions(filters), enabled });

/**
 * After a write: every agenda read (its keys live under ['agenda']: these lists and details,
 * the calendar and the board, which show the names and colours).
 */
export const invalidateSalas = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: queryKeys.agenda });
