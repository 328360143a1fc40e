import type { ResumoCompra } from '@petshop/shared/compra';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /compras/{id}/resumo → ResumoCompra: per item the stock (current → new) and cost price
 * (current → new, by the unit's method), the payables finalising creates, totals, and the
 * pendências that block it (Portuguese messages; `podeFinalizar` false while any).
 */
export const getResumoCompra = async (id: string): Promise<ResumoCompra> => {
  const { data } = await http.get<ResumoCompra>(`/compras/${encodeURIComponent(id)}/resumo`);
  return data;
};

export const resumoCompraQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.compras.resumo(id), queryFn: () => getResumoCompra(id) });

export const useResumoCompra = (id: string) => useSuspenseQuery(resumoCompraQueryOptions(id));
