import type { ResumoEstoque } from '@petshop/shared/estoque';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';
import { estoquesQueryParams, type ResumoEstoqueParams } from './list-posicao-estoque.ts';

/**
 * GET /estoques/resumo with the same filters → ResumoEstoque: products matched, total stock
 * value (reais), how many are below their minimum, zero and negative.
 */
export const getResumoEstoque = async (params: ResumoEstoqueParams): Promise<ResumoEstoque> => {
  const { data } = await http.get<ResumoEstoque>('/estoques/resumo', { params: estoquesQueryParams(params) });
  return data;
};

export const useResumoEstoque = (params: ResumoEstoqueParams) =>
  useQuery({
    queryKey: queryKeys.estoques.resumo(estoquesQueryParams(params)),
    queryFn: () => getResumoEstoque(params),
    placeholderData: keepPreviousData,
  });
