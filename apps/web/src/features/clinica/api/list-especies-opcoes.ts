/**
 * GET /animal/especies?page=1&pageSize=100 → the tenant's species for the vaccines' and
 * protocols' selects (active and inactive: a saved vaccine may name an inactive one). The same
 * key and answer (the page) as the species' own options, so a species written in its settings
 * refreshes these options and both share one cache entry.
 */
import type { Especie } from '@petshop/shared/especie';
import type { Page } from '@petshop/shared/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { OPTIONS_PARAMS } from '#lib/crud/crud-api.ts';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export const listEspeciesOpcoes = async (): Promise<Page<Especie>> => {
  const { data } = await http.get<Page<Especie>>('/animal/especies', { params: OPTIONS_PARAMS });
  return data;
};

export const especiesOpcoesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.especies.list({ ...OPTIONS_PARAMS }), queryFn: listEspeciesOpcoes });

/** The species (rows of the page). */
export const useEspeciesOpcoes = () => useQuery({ ...especiesOpcoesQueryOptions(), select: (page) => page.items });
