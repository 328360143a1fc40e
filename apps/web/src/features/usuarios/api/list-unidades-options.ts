import type { Page } from '@petshop/shared/http';
import type { UnidadeNegocio } from '@petshop/shared/unidade-negocio';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** The units a user can be given: GET /geral/unidades-negocio?pageSize=100 (the API's maximum). */
const PARAMS = { page: 1, pageSize: 100 };

export const listUnidadesOptions = async (): Promise<Page<UnidadeNegocio>> => {
  const { data } = await http.get<Page<UnidadeNegocio>>('/geral/unidades-negocio', { params: PARAMS });
  return data;
};

/** Same key as the units list with these params, so both screens share the cache. */
export const unidadesOptionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.unidadesNegocio.list(PARAMS), queryFn: listUnidadesOptions });

export const useUnidadesOptions = () => useQuery(unidadesOptionsQueryOptions());
