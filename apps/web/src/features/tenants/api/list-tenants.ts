import type { Page } from '@petshop/shared/http';
import type { Tenant } from '@petshop/shared/tenant';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import type { ListSearchParams } from '#lib/list/list-search.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** GET /manager/tenants?page&pageSize&query → Page<Tenant> (platform operators only). */
export const listTenants = async (params: ListSearchParams): Promise<Page<Tenant>> => {
  const { data } = await http.get<Page<Tenant>>('/manager/tenants', { params });
  return data;
};

export const tenantsQueryOptions = (params: ListSearchParams) =>
  queryOptions({
    queryKey: queryKeys.tenants.list(params),
    queryFn: () => listTenants(params),
    placeholderData: keepPreviousData,
  });

export const useTenants = (params: ListSearchParams) => useQuery(tenantsQueryOptions(params));
