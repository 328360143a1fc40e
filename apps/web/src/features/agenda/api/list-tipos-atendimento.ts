import type { TipoAtendimento, tipoAtendimentoInputSchema } from '@petshop/shared/agenda';
import type { Page } from '@petshop/shared/http';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { OPTIONS_PARAMS } from '#lib/crud/crud-api.ts';
import { http } from '#lib/http/http.ts';
import { queryKeys, type ListParams } from '#lib/query-keys.ts';

/** The create/update body of /agenda/tipos-atendimento (after the shared schema's defaults). */
export type TipoAtendimentoInputParsed = z.output<typeof tipoAtendimentoInputSchema>;

/**
 * GET /agenda/tipos-atendimento?page&pageSize&query&area&ativo → Page<TipoAtendimento>: the appointment types (tenant-wide),
 * by name; `ativo` 'true'/'false' filters, absent lists both.
 */
export const listTiposAtendimento = async (params: ListParams): Promise<Page<TipoAtendimento>> => {
  const { data } = await http.get<Page<TipoAtendimento>>('/agenda/tipos-atendimento', { params });
  return data;
};

export const tiposAtendimentoQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: queryKeys.tiposAtendimento.list(params),
    queryFn: () => listTiposAtendimento(params),
    placeholderData: keepPreviousData,
  });

/** Rows for a select: the first 100 (the API's largest page), with the given filters. */
export const tiposAtendimentoOptionsQueryOptions = (filters: Omit<ListParams, 'page' | 'pageSize'> = {}) =>
  queryOptions({
    queryKey: queryKeys.tiposAtendimento.list({ ...OPTIONS_PARAMS, ...filters }),
    queryFn: () => listTiposAtendimento({ ...OPTIONS_PARAMS, ...filters }),
  });

export const useTiposAtendimento = (params: ListParams) => useQuery(tiposAtendimentoQueryOptions(params));

export const useTiposAtendimentoOptions = (filters: Omit<ListParams, 'page' | 'pageSize'> = {}, enabled = true) =>
  useQuery({ ...tiposAtendimentoOptionsQueryOptions(filters), enabled });

/**
 * After a write: every agenda read (its keys live under ['agenda']: these lists and details,
 * the calendar and the board, which show the names and colours).
 */
export const invalidateTiposAtendimento = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.agenda });
