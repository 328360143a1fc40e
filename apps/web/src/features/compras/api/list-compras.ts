import type { CompraListItem, ListComprasQuery, StatusCompra } from '@petshop/shared/compra';
import type { Page } from '@petshop/shared/http';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type ComprasParams = Partial<Omit<ListComprasQuery, 'page' | 'pageSize' | 'status'>> & {
  page: number;
  pageSize: number;
  status?: readonly StatusCompra[] | undefined;
};

/** The filters as the API reads them: statuses comma-separated, empty values left out. */
export const comprasQueryParams = ({ status, ...params }: ComprasParams) => ({
  ...params,
  query: params.query || undefined,
  fornecedorId: params.fornecedorId || undefined,
  status: status && status.length > 0 ? status.join(',') : undefined,
});

/**
 * GET /compras?page&pageSize&query&dataInicio&dataFim&fornecedorId&status → Page<CompraListItem>,
 * newest first. The period is on the entry date; `query` matches the invoice number, the
 * supplier's name or CNPJ and the purchase number.
 */
export const listCompras = async (params: ComprasParams): Promise<Page<CompraListItem>> => {
  const { data } = await http.get<Page<CompraListItem>>('/compras', { params: comprasQueryParams(params) });
  return data;
};

export const comprasQueryOptions = (params: ComprasParams) =>
  queryOptions({
    queryKey: queryKeys.compras.list(comprasQueryParams(params)),
    queryFn: () => listCompras(params),
    placeholderData: keepPreviousData,
  });

export const useCompras = (params: ComprasParams) => useQuery(comprasQueryOptions(params));
