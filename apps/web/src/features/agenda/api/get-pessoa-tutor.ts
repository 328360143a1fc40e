import type { Pessoa } from '@petshop/shared/pessoa';
import { queryOptions } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /pessoal/pessoas/{id} → the owner (the booking form reads the address to prefill leva e
 * traz); 404 when not in the tenant. Same key as the customer page's read of the person.
 */
export const getPessoaTutor = async (id: string): Promise<Pessoa> => {
  const { data } = await http.get<Pessoa>(`/pessoal/pessoas/${encodeURIComponent(id)}`);
  return data;
};

export const pessoaTutorQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.pessoas.detail(id), queryFn: () => getPessoaTutor(id) });
