import type { Devolucao } from '@petshop/shared/devolucao';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /comercial/devolucoes/{id} → Devolucao: number, date, the sale (id, number), customer,
 * operator, refund kind, reason, items (product, unit, quantity, unit value, total) and total
 * (reais). 404 for another unit's return.
 */
export const getDevolucao = async (id: string): Promise<Devolucao> => {
  const { data } = await http.get<Devolucao>(`/comercial/devolucoes/${encodeURIComponent(id)}`);
  return data;
};

export const devolucaoQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.devolucoes.detail(id), queryFn: () => getDevolucao(id) });

export const useDevolucao = (id: string) => useSuspenseQuery(devolucaoQueryOptions(id));
