import type { ListMovimentacoesCaixaQuery, MovimentacoesCaixaPage } from '@petshop/shared/caixa';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type MovimentacoesCaixaParams = Partial<ListMovimentacoesCaixaQuery> & { page: number; pageSize: number };

/**
 * GET /comercial/movimentacoes-caixa?page&pageSize&dataInicio&dataFim&caixaId&tipo → the page
 * of movements (newest first), the period used (today by default) and its totals.
 */
export const listMovimentacoesCaixa = async (params: MovimentacoesCaixaParams): Promise<MovimentacoesCaixaPage> => {
  const { data } = await http.get<MovimentacoesCaixaPage>('/comercial/movimentacoes-caixa', { params });
  return data;
};

export const movimentacoesCaixaQueryOptions = (params: MovimentacoesCaixaParams) =>
  queryOptions({
    queryKey: queryKeys.movimentacoesCaixa.list(params),
    queryFn: () => listMovimentacoesCaixa(params),
    placeholderData: keepPreviousData,
  });

export const useMovimentacoesCaixa = (params: MovimentacoesCaixaParams) => useQuery(movimentacoesCaixaQueryOptions(params));
