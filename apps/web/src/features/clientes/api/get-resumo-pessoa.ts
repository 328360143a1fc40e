import type { PessoaResumo } from '@petshop/shared/pessoa-resumo';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /pessoal/pessoas/{id}/resumo → total spent, purchases, average ticket, last purchase,
 * open balance (this unit) and customer credit balance (tenant-wide), in reais.
 */
export const getResumoPessoa = async (pessoaId: string): Promise<PessoaResumo> => {
  const { data } = await http.get<PessoaResumo>(`/pessoal/pessoas/${encodeURIComponent(pessoaId)}/resumo`);
  return data;
};

export const resumoPessoaQueryOptions = (pessoaId: string) =>
  queryOptions({
    queryKey: queryKeys.pessoas.resumo(pessoaId),
    queryFn: () => getResumoPessoa(pessoaId),
  });

export const useResumoPessoa = (pessoaId: string) => useQuery(resumoPessoaQueryOptions(pessoaId));
