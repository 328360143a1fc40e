import type { Page } from '@petshop/shared/http';
import type { UnidadeNegocio } from '@petshop/shared/unidade-negocio';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import type { ListSearchParams } from '#lib/list/list-search.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** GET /geral/unidades-negocio?page&pageSize&query → Page<UnidadeNegocio>. */
export const listUnidadesNegocio = async (params: ListSearchParams): Promise<Page<UnidadeNegocio>> => {
  const { data } = await http.get<Page<UnidadeNegocio>>('/geral/unidades-negocio', { params });
  return data;
};

export const unidadesNegocioQueryOptions = (params: ListSearchParams) =>
  queryOptions({
    queryKey: queryKeys.unidadesNegocio.list(params),
    queryFn: () => listUnidadesNegocio(params),
    placeholderData: keepPreviousData,
  });

export const useUnidadesNegocio = (params: ListSearchParams) => useQuery(unidadesNegocioQueryOptions(params));
