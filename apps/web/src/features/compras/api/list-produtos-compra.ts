import type { ProdutoPdv } from '@petshop/shared/produto';
import { queryOptions } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /inventario/produtos/busca-pdv?q= → up to 20 active products (the till's fast search):
 * the exact barcode, else the exact internal code, else names containing the text.
 */
export const listProdutosCompra = async (q: string, signal?: AbortSignal): Promise<ProdutoPdv[]> => {
  const { data } = await http.get<ProdutoPdv[]>('/inventario/produtos/busca-pdv', { params: { q }, signal });
  return data;
};

export const buscaProdutosQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.produtos.buscaCompra(q),
    queryFn: ({ signal }) => listProdutosCompra(q, signal),
    staleTime: 30_000,
  });
