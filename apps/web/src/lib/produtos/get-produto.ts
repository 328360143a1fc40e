import type { Produto } from '@petshop/shared/produto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../http/http.ts';
import { queryKeys } from '../query-keys.ts';

/**
 * GET /inventario/produtos/{id} → Produto (its bulk counterpart and conversion factor, the unit's
 * balance); 404 when not in the tenant. The product form, the stock screens (bag opening, the
 * ledger's filter) and a purchase's lines read it under one key, so they share the cached product.
 */
export const getProduto = async (id: string): Promise<Produto> => {
  const { data } = await http.get<Produto>(`/inventario/produtos/${encodeURIComponent(id)}`);
  return data;
};

export const produtoQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.produtos.detail(id), queryFn: () => getProduto(id) });

/** The product, once there is an id (none: the query waits). */
export const useProduto = (id: string | null | undefined) => useQuery({ ...produtoQueryOptions(id ?? ''), enabled: Boolean(id) });
