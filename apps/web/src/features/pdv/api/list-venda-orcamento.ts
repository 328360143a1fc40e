import type { Page } from '@petshop/shared/http';
import type { VendaResumo } from '@petshop/shared/venda';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type ListaPdvParams = { tab: 'venda' | 'orcamento'; page: number; pageSize: number; query?: string | undefined };

/**
 * GET /comercial/pdv/listar-venda-orcamento?tab&page&pageSize&query → Page<VendaResumo>:
 * tab 'venda' the unit's open sales (being served or left open), tab 'orcamento' the quotes;
 * newest first; `query` matches the number or the customer's name.
 */
export const listVendaOrcamento = async (params: ListaPdvParams): Promise<Page<VendaResumo>> => {
  const { data } = await http.get<Page<VendaResumo>>('/comercial/pdv/listar-venda-orcamento', { params });
  return data;
};

export const listaPdvQueryOptions = (params: ListaPdvParams) =>
  queryOptions({
    queryKey: queryKeys.pdv.list(params),
    queryFn: () => listVendaOrcamento(params),
    placeholderData: keepPreviousData,
  });

export const useListaPdv = (params: ListaPdvParams) => useQuery(listaPdvQueryOptions(params));
