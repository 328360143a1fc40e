import type { Page } from '@petshop/shared/http';
import type { Lote } from '@petshop/shared/estoque';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** Most lots the product form lists (the lots with stock of one product). */
export const LOTES_POR_PRODUTO = 100;

/**
 * GET /estoques/lotes?produtoId= → Page<Lote>: the product's lots with stock in the selected
 * unit, earliest expiry first (number, dates, quantity, expired, days to expiry).
 */
export const listLotesDoProduto = async (produtoId: string): Promise<Page<Lote>> => {
  const { data } = await http.get<Page<Lote>>('/estoques/lotes', {
    params: { produtoId, page: 1, pageSize: LOTES_POR_PRODUTO },
  });
  return data;
};

export const lotesDoProdutoQueryOptions = (produtoId: string) =>
  queryOptions({
    queryKey: queryKeys.lotes.list({ page: 1, pageSize: LOTES_POR_PRODUTO, produtoId }),
    queryFn: () => listLotesDoProduto(produtoId),
  });

export const useLotesDoProduto = (produtoId: string | null, enabled = true) =>
  useQuery({ ...lotesDoProdutoQueryOptions(produtoId ?? ''), enabled: Boolean(produtoId) && enabled });
