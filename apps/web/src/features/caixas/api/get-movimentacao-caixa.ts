import type { MovimentacaoCaixa } from '@petshop/shared/caixa';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** GET /comercial/movimentacoes-caixa/{id} → one movement with its register; 404 outside the unit. */
export const getMovimentacaoCaixa = async (id: string): Promise<MovimentacaoCaixa> => {
  const { data } = await http.get<MovimentacaoCaixa>(`/comercial/movimentacoes-caixa/${encodeURIComponent(id)}`);
  return data;
};

export const movimentacaoCaixaQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.movimentacoesCaixa.detail(id), queryFn: () => getMovimentacaoCaixa(id) });

export const useMovimentacaoCaixa = (id: string) => useSuspenseQuery(movimentacaoCaixaQueryOptions(id));
