import type { Venda } from '@petshop/shared/venda';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /comercial/pdv/{id} → Venda (items with product and unit, payments with method, returns,
 * the last snapshot of the working record while it is being served); 404 "Venda não encontrada"
 * for another unit or tenant.
 */
export const getVendaPdv = async (id: string): Promise<Venda> => {
  const { data } = await http.get<Venda>(`/comercial/pdv/${encodeURIComponent(id)}`);
  return data;
};

export const vendaPdvQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.pdv.detail(id), queryFn: () => getVendaPdv(id) });

export const useVendaPdv = (id: string) => useSuspenseQuery(vendaPdvQueryOptions(id));
