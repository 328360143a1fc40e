import type { Page } from '@petshop/shared/http';
import type { ListMovimentacoesEstoqueQuery, MovimentacaoEstoque, TipoMovimentacaoEstoque } from '@petshop/shared/estoque';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type MovimentacoesEstoqueParams = Partial<Omit<ListMovimentacoesEstoqueQuery, 'page' | 'pageSize' | 'tipo'>> & {
  page: number;
  pageSize: number;
  tipo?: readonly TipoMovimentacaoEstoque[] | undefined;
};

/** Empty filters left out, the types as one comma-separated param (as the API reads them). */
export const movimentacoesQueryParams = ({ tipo, ...params }: MovimentacoesEstoqueParams) => ({
  ...params,
  query: params.query || undefined,
  tipo: tipo && tipo.length > 0 ? tipo.join(',') : undefined,
});

/**
 * GET /estoques/movimentacoes?page&pageSize&query&dataInicio&dataFim&produtoId&tipo →
 * Page<MovimentacaoEstoque>, newest first: the unit's stock ledger (signed quantities, unit
 * cost in reais, the balance after each movement, its lot and origin document). Without dates
 * the API takes the last 30 days of the unit's calendar.
 */
export const listMovimentacoesEstoque = async (params: MovimentacoesEstoqueParams): Promise<Page<MovimentacaoEstoque>> => {
  const { data } = await http.get<Page<MovimentacaoEstoque>>('/estoques/movimentacoes', {
    params: movimentacoesQueryParams(params),
  });
  return data;
};

export const movimentacoesEstoqueQueryOptions = (params: MovimentacoesEstoqueParams) =>
  queryOptions({
    queryKey: queryKeys.movimentacoesEstoque.list(movimentacoesQueryParams(params)),
    queryFn: () => listMovimentacoesEstoque(params),
    placeholderData: keepPreviousData,
  });

export const useMovimentacoesEstoque = (params: MovimentacoesEstoqueParams) => useQuery(movimentacoesEstoqueQueryOptions(params));
