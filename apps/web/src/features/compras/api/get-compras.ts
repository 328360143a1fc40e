import type { CompraListItem } from '@petshop/shared/compra';
import type { Page } from '@petshop/shared/http';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { comprasKeys, comprasQueryParams, type ComprasParams } from './compras-keys.ts';
import { http } from '#lib/http/http.ts';

/**
 * GET /compras?page&pageSize&query&dataInicio&dataFim&fornecedorId&status → Page<CompraListItem>,
 * newest first. The period is on the entry date; `query` matches the invoice number, the
 * supplier's name or CNPJ and the purchase number.
 */
export const getCompras = async (params: ComprasParams): Promise<Page<CompraListItem>> => {
  const { data } = await http.get<Page<CompraListItem>>('/compras', { params: comprasQueryParams(params) });
  return data;
};

export const comprasQueryOptions = (params: ComprasParams) =>
  queryOptions({ queryKey: comprasKeys.list(params), queryFn: () => getCompras(params), placeholderData: keepPreviousData });

export const useCompras = (params: ComprasParams) => useQuery(comprasQueryOptions(params));
