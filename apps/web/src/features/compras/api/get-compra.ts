import type { Compra } from '@petshop/shared/compra';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /compras/{id} → Compra: header, supplier, items (supplier's side and the shop's side,
 * apportioned unit cost), installments, warnings of the import, totals (reais). 404 for another
 * unit's purchase.
 */
export const getCompra = async (id: string): Promise<Compra> => {
  const { data } = await http.get<Compra>(`/compras/${encodeURIComponent(id)}`);
  return data;
};

export const compraQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.compras.detail(id), queryFn: () => getCompra(id) });

export const useCompra = (id: string) => useSuspenseQuery(compraQueryOptions(id));
