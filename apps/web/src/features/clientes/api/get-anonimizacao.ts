import type { Anonimizacao } from '@petshop/shared/lgpd';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /pessoal/pessoas/{id}/lgpd/anonimizacao → { anonimizadoEm }: the instant (ISO) the customer
 * was anonymised (LGPD), or null. Permission `clientes`. Read only for an anonymised customer
 * (the edit screen's notice "Cliente anonimizado em dd/MM/yyyy").
 */
export const getAnonimizacao = async (pessoaId: string): Promise<Anonimizacao> => {
  const { data } = await http.get<Anonimizacao>(`/pessoal/pessoas/${encodeURIComponent(pessoaId)}/lgpd/anonimizacao`);
  return data;
};

export const anonimizacaoQueryOptions = (pessoaId: string) =>
  queryOptions({
    queryKey: queryKeys.pessoas.anonimizacao(pessoaId),
    queryFn: () => getAnonimizacao(pessoaId),
    // Irreversible: once known, it does not change.
    staleTime: Infinity,
  });

export const useAnonimizacao = (pessoaId: string, enabled: boolean) =>
  useQuery({ ...anonimizacaoQueryOptions(pessoaId), enabled });
