import type { Sala } from '@petshop/shared/agenda';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** GET /agenda/salas/{id} → Sala; 404 when it is not in the selected unit. */
export const getSala = async (id: string): Promise<Sala> => {
  const { data } = await http.get<Sala>(`/agenda/salas/${encodeURIComponent(id)}`);
  return data;
};

export const salaQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.salas.detail(id), queryFn: () => getSala(id) });

export const useSala = (id: string) => useSuspenseQuery(salaQueryOptions(id));
