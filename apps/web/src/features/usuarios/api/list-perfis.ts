import type { Perfil } from '@petshop/shared/perfil';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** GET /auth/perfis → Perfil[] (DOMAIN.md §1). */
export const listPerfis = async (): Promise<Perfil[]> => {
  const { data } = await http.get<Perfil[]>('/auth/perfis');
  return data;
};

export const perfisQueryOptions = () => queryOptions({ queryKey: queryKeys.perfis, queryFn: listPerfis });

export const usePerfis = () => useQuery(perfisQueryOptions());
