import type { Produto } from '@petshop/shared/produto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /inventario/produtos/{id} → Produto (its bulk counterpart and conversion factor, the unit's
 * balance): the bag opening reads the counterpart, the ledger filter shows the product's name.
 * Same key as the products feature, so both share the cached product.
 */
export const getProduto = async (id: string): Promise<Produto> => {
  const { data } = await http.get<Produto>(`/inventario/produtos/${encodeURIComponent(id)}`);
  return data;
};

export const produtoQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.produtos.detail(id), queryFn: () => getProduto(id) });

export const useProduto = (id: string | null | undefined) => useQuery({ ...produtoQueryOptions(id ?? ''), enabled: Boolean(id) });
