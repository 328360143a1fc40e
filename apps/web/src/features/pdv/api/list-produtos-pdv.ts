import type { ProdutoPdv } from '@petshop/shared/produto';
import { queryOptions } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /inventario/produtos/busca-pdv?q= → up to 20 active products: the exact barcode, else the
 * exact internal code, else names containing the text (accent- and case-insensitive).
 */
export const listProdutosPdv = async (q: string, signal?: AbortSignal): Promise<ProdutoPdv[]> => {
  const { data } = await http.get<ProdutoPdv[]>('/inventario/produtos/busca-pdv', { params: { q }, signal });
  return data;
};

export const buscaProdutosPdvQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.produtos.buscaPdv(q),
    queryFn: ({ signal }) => listProdutosPdv(q, signal),
    staleTime: 30_000,
  });
