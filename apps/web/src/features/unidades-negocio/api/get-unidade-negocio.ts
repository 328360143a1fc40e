import type { UnidadeNegocio } from '@petshop/shared/unidade-negocio';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** GET /geral/unidades_negocio/{id} (spec §7 spelling, with the underscore) → UnidadeNegocio. */
export const getUnidadeNegocio = async (id: string): Promise<UnidadeNegocio> => {
  const { data } = await http.get<UnidadeNegocio>(`/geral/unidades_negocio/${encodeURIComponent(id)}`);
  return data;
};

export const unidadeNegocioQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.unidadesNegocio.detail(id), queryFn: () => getUnidadeNegocio(id) });

export const useUnidadeNegocio = (id: string) => useSuspenseQuery(unidadeNegocioQueryOptions(id));
