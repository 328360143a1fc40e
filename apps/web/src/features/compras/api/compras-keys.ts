/**
 * Query keys of purchases, built on `queryKeys.compras` of lib/query-keys.ts (['compras',
 * 'compras', …]): list, detail and the finalising summary under the detail, so a write to a
 * purchase refreshes its summary too.
 */
import type { ListComprasQuery, StatusCompra } from '@petshop/shared/compra';
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

export const comprasKeys = {
  all: queryKeys.compras.all,
  lists: queryKeys.compras.lists,
  list: (params: ComprasParams) => [...queryKeys.compras.lists(), comprasQueryParams(params)] as const,
  detail: queryKeys.compras.detail,
  resumo: (id: string) => [...queryKeys.compras.detail(id), 'resumo'] as const,
};
