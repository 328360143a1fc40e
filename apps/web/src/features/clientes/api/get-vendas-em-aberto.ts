import type { VendasEmAberto } from '@petshop/shared/pessoa-resumo';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /pessoal/pessoas/{id}/vendas-em-aberto → the customer's sales left open in the selected
 * unit, their open receivables (a prazo, boleto; `vencida` when past due) and `totalEmAberto`
 * (reais). Keyed under the customer's detail, so refreshing the customer refreshes it.
 */
export const getVendasEmAberto = async (pessoaId: string): Promise<VendasEmAberto> => {
  const { data } = await http.get<VendasEmAberto>(`/pessoal/pessoas/${encodeURIComponent(pessoaId)}/vendas-em-aberto`);
  return data;
};

export const vendasEmAbertoQueryOptions = (pessoaId: string) =>
  queryOptions({
    queryKey: queryKeys.pessoas.vendasEmAberto(pessoaId),
    queryFn: () => getVendasEmAberto(pessoaId),
  });

export const useVendasEmAberto = (pessoaId: string) => useQuery(vendasEmAbertoQueryOptions(pessoaId));
