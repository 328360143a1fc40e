import type { ProdutosSituacaoPage } from '@petshop/shared/fiscal';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type ProdutoSituacaoParams = {
  page: number;
  pageSize: number;
  query?: string | undefined;
  /** Only these products (the till's refused sale); empty = the catalogue's active goods. */
  ids: readonly string[];
  /** true: only incomplete ones; undefined: all. */
  pendentes?: boolean | undefined;
};

/**
 * GET /fiscal/produto-situacao?page&pageSize&query&ids=a,b&pendentes → the page of products with
 * their fiscal problems for the selected unit's CRT (answered in `crt`), incomplete first.
 */
export const listProdutoSituacao = async ({
  ids,
  pendentes,
  ...params
}: ProdutoSituacaoParams): Promise<ProdutosSituacaoPage> => {
  const { data } = await http.get<ProdutosSituacaoPage>('/fiscal/produto-situacao', {
    params: {
      ...params,
      ids: ids.length > 0 ? ids.join(',') : undefined,
      pendentes: pendentes === undefined ? undefined : String(pendentes),
    },
  });
  return data;
};

export const produtoSituacaoQueryOptions = (params: ProdutoSituacaoParams) =>
  queryOptions({
    queryKey: queryKeys.produtoSituacao(params),
    queryFn: () => listProdutoSituacao(params),
    placeholderData: keepPreviousData,
  });

export const useProdutoSituacao = (params: ProdutoSituacaoParams) => useQuery(produtoSituacaoQueryOptions(params));
