import type { Tenant } from '@petshop/shared/tenant';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** GET /manager/tenants/{id} → Tenant. */
export const getTenant = async (id: string): Promise<Tenant> => {
  const { data } = await http.get<Tenant>(`/manager/tenants/${encodeURIComponent(id)}`);
  return data;
};

export const tenantQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.tenants.detail(id), queryFn: () => getTenant(id) });

export const useTenant = (id: string) => useSuspenseQuery(tenantQueryOptions(id));
