import type { Page } from '@petshop/shared/http';
import type { ListEstoquesQuery, PosicaoEstoque } from '@petshop/shared/estoque';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** The filters of the position list and its totals (page and pageSize only for the list). */
export type EstoquesParams = Partial<Omit<ListEstoquesQuery, 'page' | 'pageSize'>> & { page: number; pageSize: number };

export type ResumoEstoqueParams = Omit<EstoquesParams, 'page' | 'pageSize'>;

/** Empty filters left out (as the API reads them). */
export const estoquesQueryParams = (params: ResumoEstoqueParams & Partial<Pick<EstoquesParams, 'page' | 'pageSize'>>) => ({
  ...params,
  query: params.query || undefined,
  situacao: params.situacao && params.situacao !== 'todos' ? params.situacao : undefined,
});

/**
 * GET /estoques?page&pageSize&query&situacao&produtoId&categoriaId&marcaId → Page<PosicaoEstoque>:
 * one row per stock-controlled product of the selected unit (no balance row = 0), ordered by
 * name; quantities in the product's unit, costs and values in reais.
 */
export const listPosicaoEstoque = async (params: EstoquesParams, signal?: AbortSignal): Promise<Page<PosicaoEstoque>> => {
  const { data } = await http.get<Page<PosicaoEstoque>>('/estoques', { params: estoquesQueryParams(params), signal });
  return data;
};

export const posicaoEstoqueQueryOptions = (params: EstoquesParams) =>
  queryOptions({
    queryKey: queryKeys.estoques.list(estoquesQueryParams(params)),
    queryFn: ({ signal }) => listPosicaoEstoque(params, signal),
    placeholderData: keepPreviousData,
  });

export const usePosicaoEstoque = (params: EstoquesParams, enabled = true) =>
  useQuery({ ...posicaoEstoqueQueryOptions(params), enabled });

/** Most products one lookup lists (scanner field and product pickers of the stock screens). */
export const BUSCA_LIMITE = 20;

/**
 * The stock screens' product lookup: GET /estoques?query=<barcode, code or name> (first 20):
 * each product comes with its balance, unit and whether it controls lots. Only products that
 * control stock are answered, which is what an adjustment can move.
 */
export const buscaEstoqueQueryOptions = (termo: string) =>
  queryOptions({
    queryKey: queryKeys.estoques.busca(termo),
    queryFn: ({ signal }) => listPosicaoEstoque({ page: 1, pageSize: BUSCA_LIMITE, query: termo }, signal).then((p) => p.items),
    staleTime: 5_000,
  });
