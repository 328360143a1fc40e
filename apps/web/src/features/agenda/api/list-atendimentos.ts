import type { Atendimento, AreaAtendimento, StatusAtendimento } from '@petshop/shared/agenda';
import type { Page } from '@petshop/shared/http';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * Filters of GET /agenda/atendimentos (see `listAtendimentosQuerySchema`): `query` matches pet,
 * owner or type; `data` is one day 'yyyy-MM-dd' (or `dataInicio`/`dataFim`; default today in the
 * unit's time zone); `status` a list of statuses (all when empty). Undefined values are left out.
 */
export type ListAtendimentosParams = {
  page?: number;
  pageSize?: number;
  query?: string;
  data?: string;
  dataInicio?: string;
  dataFim?: string;
  area?: AreaAtendimento;
  status?: readonly StatusAtendimento[];
  boxId?: string;
  salaId?: string;
  responsavelId?: string;
  petId?: string;
  clienteId?: string;
};

/** The params as the API reads them: empty strings and lists dropped, `status` comma-joined. */
export const atendimentosQueryParams = (params: ListAtendimentosParams): Record<string, string | number> => {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) out[key] = value.join(',');
    } else out[key] = value as string | number;
  }
  return out;
};

/**
 * GET /agenda/atendimentos?page&pageSize&query&data&dataInicio&dataFim&area&status&boxId&salaId
 * &responsavelId&petId&clienteId → Page<Atendimento>, ordered by start (local 'yyyy-MM-ddTHH:mm'
 * of the unit). Permission: agenda or banhoTosa.
 */
export const listAtendimentos = async (params: ListAtendimentosParams): Promise<Page<Atendimento>> => {
  const { data } = await http.get<Page<Atendimento>>('/agenda/atendimentos', { params: atendimentosQueryParams(params) });
  return data;
};

export const atendimentosQueryOptions = (params: ListAtendimentosParams) =>
  queryOptions({
    queryKey: queryKeys.atendimentos.list(atendimentosQueryParams(params)),
    queryFn: () => listAtendimentos(params),
    placeholderData: keepPreviousData,
  });

/** Extra options of the list query (the board polls and pauses while a card is dragged). */
export type UseAtendimentosOptions = { refetchInterval?: number | false; enabled?: boolean };

export const useAtendimentos = (params: ListAtendimentosParams, options: UseAtendimentosOptions = {}) =>
  useQuery({ ...atendimentosQueryOptions(params), ...options });
