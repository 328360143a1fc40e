import type { Venda } from '@petshop/shared/venda';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /comercial/pdv/{id} → Venda with its items (quantity sold and already returned, unit of
 * measure) and discounts: what a return needs. 404 for another unit's sale.
 */
export const getVenda = async (id: string): Promise<Venda> => {
  const { data } = await http.get<Venda>(`/comercial/pdv/${encodeURIComponent(id)}`);
  return data;
};

export const vendaQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.pdv.detail(id), queryFn: () => getVenda(id) });

export const useVenda = (id: string | null) => useQuery({ ...vendaQueryOptions(id ?? ''), enabled: Boolean(id) });
