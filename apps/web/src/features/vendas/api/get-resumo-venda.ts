import type { ResumoVenda } from '@petshop/shared/venda';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';
import { vendasQueryParams, type VendasFiltro } from '../vendas-search.ts';

/**
 * GET /comercial/vendas/resumo-venda with the list's filters → ResumoVenda: count, gross,
 * discounts, net (valorLiquido), paid, open, average ticket, totals per payment method and per
 * status (reais). Cancelled sales count in `porStatus` only.
 */
export const getResumoVenda = async (filtro: VendasFiltro): Promise<ResumoVenda> => {
  const { data } = await http.get<ResumoVenda>('/comercial/vendas/resumo-venda', { params: vendasQueryParams(filtro) });
  return data;
};

export const resumoVendaQueryOptions = (filtro: VendasFiltro) =>
  queryOptions({
    queryKey: queryKeys.vendas.resumo(filtro),
    queryFn: () => getResumoVenda(filtro),
    placeholderData: keepPreviousData,
  });

export const useResumoVenda = (filtro: VendasFiltro) => useQuery(resumoVendaQueryOptions(filtro));
