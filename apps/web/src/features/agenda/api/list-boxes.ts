import type { Box, recursoInputSchema } from '@petshop/shared/agenda';
import type { Page } from '@petshop/shared/http';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { OPTIONS_PARAMS } from '#lib/crud/crud-api.ts';
import { http } from '#lib/http/http.ts';
import { queryKeys, type ListParams } from '#lib/query-keys.ts';

/** The create/update body of /agenda/boxes (after the shared schema's defaults). */
export type BoxInputParsed = z.output<typeof recursoInputSchema>;

/**
 * GET /agenda/boxes?page&pageSize&query&ativo → Page<Box>: the grooming boxes of the selected unit,
 * by name; `ativo` 'true'/'false' filters, absent lists both.
 */
export const listBoxes = async (params: ListParams): Promise<Page<Box>> => {
  const { data } = await http.get<Page<Box>>('/agenda/boxes', { params });
  return data;
};

export const boxesQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: queryKeys.boxes.list(params),
    queryFn: () => listBoxes(params),
    placeholderData: keepPreviousData,
  });

/** Rows for a select: the first 100 (the API's largest page), with the given filters. */
export const boxesOptionsQueryOptions = (filters: Omit<ListParams, 'page' | 'pageSize'> = {}) =>
  queryOptions({
    queryKey: queryKeys.boxes.list({ ...OPTIONS_PARAMS, ...filters }),
    queryFn: () => listBoxes({ ...OPTIONS_PARAMS, ...filters }),
  });

export const useBoxes = (params: ListParams) => useQuery(boxesQueryOptions(params));

export const useBoxesOptions = (filters: Omit<ListParams, 'page' | 'pageSize'> = {}, enabled = true) =>
  useQuery({ ...boxesOptionsQueryOptions(filters), enabled });

/**
 * After a write: every agenda read (its keys live under ['agenda']: these lists and details,
 * the calendar and the board, which show the names and colours).
 */
export const invalidateBoxes = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: queryKeys.agenda });
