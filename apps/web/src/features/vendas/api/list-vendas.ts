import type { Page } from '@petshop/shared/http';
import type { VendaResumo } from '@petshop/shared/venda';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';
import { vendasQueryParams, type VendasListParams } from '../vendas-search.ts';

/**
 * GET /comercial/vendas?page&pageSize&query&clienteId&dataInicio&dataFim&statuses →
 * Page<VendaResumo>, newest first (spec §5 "Sales list"). Only sales (not quotes) that left the
 * till; the period is on the finalisation date (creation while open), in the unit's time zone.
 * `query` matches the sale number or the customer's name.
 */
export const listVendas = async (params: VendasListParams): Promise<Page<VendaResumo>> => {
  const { data } = await http.get<Page<VendaResumo>>('/comercial/vendas', { params: vendasQueryParams(params) });
  return data;
};

export const vendasQueryOptions = (params: VendasListParams) =>
  queryOptions({
    queryKey: queryKeys.vendas.list(params),
    queryFn: () => listVendas(params),
    placeholderData: keepPreviousData,
  });

export const useVendas = (params: VendasListParams) => useQuery(vendasQueryOptions(params));
