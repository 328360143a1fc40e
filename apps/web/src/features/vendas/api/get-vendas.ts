import type { Page } from '@petshop/shared/http';
import type { VendaResumo } from '@petshop/shared/venda';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { vendasKeys, vendasQueryParams, type VendasListParams } from './vendas-keys.ts';
import { http } from '#lib/http/http.ts';

/**
 * GET /comercial/vendas?page&pageSize&query&clienteId&dataInicio&dataFim&statuses →
 * Page<VendaResumo>, newest first (spec §5 "Sales list"). Only sales (not quotes) that left the
 * till; the period is on the finalisation date (creation while open), in the unit's time zone.
 * `query` matches the sale number or the customer's name.
 */
export const getVendas = async (params: VendasListParams): Promise<Page<VendaResumo>> => {
  const { data } = await http.get<Page<VendaResumo>>('/comercial/vendas', { params: vendasQueryParams(params) });
  return data;
};

export const vendasQueryOptions = (params: VendasListParams) =>
  queryOptions({
    queryKey: vendasKeys.list(params),
    queryFn: () => getVendas(params),
    placeholderData: keepPreviousData,
  });

export const useVendas = (params: VendasListParams) => useQuery(vendasQueryOptions(params));
