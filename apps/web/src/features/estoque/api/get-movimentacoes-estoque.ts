import type { Page } from '@petshop/shared/http';
import type { MovimentacaoEstoque } from '@petshop/shared/estoque';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { estoqueKeys, movimentacoesQueryParams, type MovimentacoesEstoqueParams } from './estoque-keys.ts';
import { http } from '#lib/http/http.ts';

/**
 * GET /estoques/movimentacoes?page&pageSize&query&dataInicio&dataFim&produtoId&tipo →
 * Page<MovimentacaoEstoque>, newest first: the unit's stock ledger (signed quantities, unit
 * cost in reais, the balance after each movement, its lot and origin document). Without dates
 * the API takes the last 30 days of the unit's calendar.
 */
export const getMovimentacoesEstoque = async (params: MovimentacoesEstoqueParams): Promise<Page<MovimentacaoEstoque>> => {
  const { data } = await http.get<Page<MovimentacaoEstoque>>('/estoques/movimentacoes', {
    params: movimentacoesQueryParams(params),
  });
  return data;
};

export const movimentacoesEstoqueQueryOptions = (params: MovimentacoesEstoqueParams) =>
  queryOptions({
    queryKey: estoqueKeys.movimentacoes(params),
    queryFn: () => getMovimentacoesEstoque(params),
    placeholderData: keepPreviousData,
  });

export const useMovimentacoesEstoque = (params: MovimentacoesEstoqueParams) => useQuery(movimentacoesEstoqueQueryOptions(params));
