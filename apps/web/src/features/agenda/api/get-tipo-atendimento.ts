import type { TipoAtendimento } from '@petshop/shared/agenda';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** GET /agenda/tipos-atendimento/{id} → TipoAtendimento; 404 when it is not in the tenant. */
export const getTipoAtendimento = async (id: string): Promise<TipoAtendimento> => {
  const { data } = await http.get<TipoAtendimento>(`/agenda/tipos-atendimento/${encodeURIComponent(id)}`);
  return data;
};

export const tipoAtendimentoQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.tiposAtendimento.detail(id), queryFn: () => getTipoAtendimento(id) });

export const useTipoAtendimento = (id: string) => useSuspenseQuery(tipoAtendimentoQueryOptions(id));
