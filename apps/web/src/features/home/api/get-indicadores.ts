/**
 * GET /indicadores → Indicadores: the home page's figures for the selected unit, only those the
 * user's profile there may see (issue #20 item 2; absent keys: not allowed). Refetched every
 * 60 s while the page is open, so the owner's morning screen keeps up with the till.
 */
import type { Indicadores } from '@petshop/shared/indicadores';
import { useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** How often the home page asks again (ms). */
export const INDICADORES_REFETCH_MS = 60_000;

export const getIndicadores = async (): Promise<Indicadores> => {
  const { data } = await http.get<Indicadores>('/indicadores');
  return data;
};

export const useIndicadores = () =>
  useQuery({ queryKey: queryKeys.indicadores, queryFn: getIndicadores, refetchInterval: INDICADORES_REFETCH_MS });
