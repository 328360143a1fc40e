import type { Page } from '@petshop/shared/http';
import type { Produto, TipoProduto } from '@petshop/shared/produto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type ProdutosParams = {
  page: number;
  pageSize: number;
  query?: string | undefined;
  tipo?: TipoProduto | undefined;
  categoriaId?: string | undefined;
  marcaId?: string | undefined;
  ativo?: boolean | undefined;
};

/**
 * GET /inventario/produtos?page&pageSize&query&tipo&categoriaId&marcaId&ativo → Page<Produto>.
 * `query` finds the name (accent-insensitive), the internal code and the barcode.
 */
export const listProdutos = async ({ ativo, ...params }: ProdutosParams): Promise<Page<Produto>> => {
  const { data } = await http.get<Page<Produto>>('/inventario/produtos', {
    params: { ...params, ativo: ativo === undefined ? undefined : String(ativo) },
  });
  return data;
};

export const produtosQueryOptions = (params: ProdutosParams) =>
  queryOptions({
    queryKey: queryKeys.produtos.list(params),
    queryFn: () => listProdutos(params),
    placeholderData: keepPreviousData,
  });

export const useProdutos = (params: ProdutosParams, enabled = true) => useQuery({ ...produtosQueryOptions(params), enabled });
