import type { Pessoa } from '@petshop/shared/pessoa';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** GET /pessoal/pessoas/{id} → Pessoa (with their pets by name); 404 when not in the tenant. */
export const getPessoa = async (id: string): Promise<Pessoa> => {
  const { data } = await http.get<Pessoa>(`/pessoal/pessoas/${encodeURIComponent(id)}`);
  return data;
};

export const pessoaQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.pessoas.detail(id), queryFn: () => getPessoa(id) });

export const usePessoa = (id: string) => useSuspenseQuery(pessoaQueryOptions(id));
