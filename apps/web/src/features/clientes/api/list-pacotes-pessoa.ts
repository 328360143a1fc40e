import type { Pacote } from '@petshop/shared/agenda';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /pessoal/pessoas/{id}/pacotes → the customer's packages in the selected unit (issue #17
 * item 6; DOMAIN.md §3): each with its pet, appointment type, sessions used and left, last valid
 * day ('yyyy-MM-dd'), derived status (Ativo, Esgotado, Expirado, Cancelado) and the sale that sold it.
 */
export const listPacotesPessoa = async (pessoaId: string): Promise<Pacote[]> => {
  const { data } = await http.get<Pacote[]>(`/pessoal/pessoas/${encodeURIComponent(pessoaId)}/pacotes`);
  return data;
};

export const pacotesPessoaQueryOptions = (pessoaId: string) =>
  queryOptions({
    queryKey: queryKeys.pacotes.daPessoa(pessoaId),
    queryFn: () => listPacotesPessoa(pessoaId),
  });

export const usePacotesPessoa = (pessoaId: string) => useQuery(pacotesPessoaQueryOptions(pessoaId));
