import type { ResumoCompra } from '@petshop/shared/compra';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { comprasKeys } from './compras-keys.ts';
import { http } from '#lib/http/http.ts';

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
  queryOptions({ queryKey: comprasKeys.resumo(id), queryFn: () => getResumoCompra(id) });

export const useResumoCompra = (id: string) => useSuspenseQuery(resumoCompraQueryOptions(id));
