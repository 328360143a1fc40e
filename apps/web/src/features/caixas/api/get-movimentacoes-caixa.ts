import type { MovimentacoesCaixaPage } from '@petshop/shared/caixa';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { caixasKeys, type MovimentacoesCaixaParams } from './caixas-keys.ts';
import { http } from '#lib/http/http.ts';

/**
 * GET /comercial/movimentacoes-caixa?page&pageSize&dataInicio&dataFim&caixaId&tipo → the page
 * of movements (newest first), the period used (today by default) and its totals.
 */
export const getMovimentacoesCaixa = async (params: MovimentacoesCaixaParams): Promise<MovimentacoesCaixaPage> => {
  const { data } = await http.get<MovimentacoesCaixaPage>('/comercial/movimentacoes-caixa', { params });
  return data;
};

export const movimentacoesCaixaQueryOptions = (params: MovimentacoesCaixaParams) =>
  queryOptions({
    queryKey: caixasKeys.movimentacoes.list(params),
    queryFn: () => getMovimentacoesCaixa(params),
    placeholderData: keepPreviousData,
  });

export const useMovimentacoesCaixa = (params: MovimentacoesCaixaParams) => useQuery(movimentacoesCaixaQueryOptions(params));
