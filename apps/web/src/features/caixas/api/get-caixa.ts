import type { Caixa } from '@petshop/shared/caixa';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * GET /comercial/caixas/{id} → Caixa: movements (oldest first), totals per payment method
 * (esperado; contado and diferença once closed) and the closing check. 404 outside the unit.
 */
export const getCaixa = async (id: string): Promise<Caixa> => {
  const { data } = await http.get<Caixa>(`/comercial/caixas/${encodeURIComponent(id)}`);
  return data;
};

export const caixaQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.caixas.detail(id), queryFn: () => getCaixa(id) });

export const useCaixa = (id: string) => useSuspenseQuery(caixaQueryOptions(id));
