/**
 * GET /relatorios/{id} (issue #20): one page of a report with the screen's filters (the route's
 * validated search: page, pageSize, query, dataInicio, dataFim and the report's own), answered
 * in the report's `relatorioRespostaSchema` envelope `{ items, total, page, pageSize, totais,
 * periodo, criterio, …extra }`. Reports read what every write changes, so they refetch on mount
 * (staleTime 0) and keep the previous page on screen while the next one loads.
 */
import type { RelatorioId } from '@petshop/shared/relatorios';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** The params without the absent ones (undefined, null, '', empty lists): the URL and the key stay short. */
export const paramsDoRelatorio = (params: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)),
  );

/** GET /relatorios/{id} with `params` → the report's answer (type R, its envelope). */
export const getRelatorio = async <R>(id: RelatorioId, params: Record<string, unknown>): Promise<R> => {
  const { data } = await http.get<R>(`/relatorios/${id}`, {
    params: paramsDoRelatorio(params),
    paramsSerializer: { indexes: null },
  });
  return data;
};

export const relatorioQueryOptions = <R>(id: RelatorioId, params: Record<string, unknown>) => {
  const limpos = paramsDoRelatorio(params);
  return queryOptions({
    queryKey: queryKeys.relatorio(id, limpos),
    queryFn: () => getRelatorio<R>(id, limpos),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
};

/** One page of report `id` with `params`; the previous answer stays while the next loads. */
export const useRelatorio = <R>(id: RelatorioId, params: Record<string, unknown>) =>
  useQuery(relatorioQueryOptions<R>(id, params));
