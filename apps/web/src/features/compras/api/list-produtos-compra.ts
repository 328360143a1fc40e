import type { Produto, ProdutoPdv } from '@petshop/shared/produto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /inventario/produtos/busca-pdv?q= → up to 20 active products (the till's fast search):
 * the exact barcode, else the exact internal code, else names containing the text.
 */
export const buscarProdutos = async (q: string, signal?: AbortSignal): Promise<ProdutoPdv[]> => {
  const { data } = await http.get<ProdutoPdv[]>('/inventario/produtos/busca-pdv', { params: { q }, signal });
  return data;
};

export const buscaProdutosQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.produtos.buscaCompra(q),
    queryFn: ({ signal }) => buscarProdutos(q, signal),
    staleTime: 30_000,
  });

/**
 * GET /inventario/produtos/{id} → Produto: what a purchase line needs beyond the search (cost
 * price, lot control, unit). Same key as the products feature.
 */
export const getProduto = async (id: string): Promise<Produto> => {
  const { data } = await http.get<Produto>(`/inventario/produtos/${encodeURIComponent(id)}`);
  return data;
};

export const produtoQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.produtos.detail(id), queryFn: () => getProduto(id) });

export const useProduto = (id: string | null) => useQuery({ ...produtoQueryOptions(id ?? ''), enabled: Boolean(id) });
