import type { Produto } from '@petshop/shared/produto';
import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** GET /inventario/produtos/{id} → Produto; 404 when not in the tenant. */
export const getProduto = async (id: string): Promise<Produto> => {
  const { data } = await http.get<Produto>(`/inventario/produtos/${encodeURIComponent(id)}`);
  return data;
};

export const produtoQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.produtos.detail(id), queryFn: () => getProduto(id) });

export const useProduto = (id: string) => useSuspenseQuery(produtoQueryOptions(id));

/** Another product shown beside the form (the bulk counterpart), when there is one. */
export const useProdutoRelacionado = (id: string | null) => useQuery({ ...produtoQueryOptions(id ?? ''), enabled: Boolean(id) });
