import type { Tenant, updateTenantInputSchema } from '@petshop/shared/tenant';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type UpdateTenantPayload = z.output<typeof updateTenantInputSchema>;

/** PUT /manager/tenants/{id}. */
export const alterarTenant = async ({
  id,
  dados,
  idempotencyKey,
}: {
  id: string;
  dados: UpdateTenantPayload;
  idempotencyKey?: string;
}): Promise<Tenant> => {
  const { data } = await http.put<Tenant>(`/manager/tenants/${encodeURIComponent(id)}`, dados, idempotencyConfig(idempotencyKey));
  return data;
};

export const useAlterarTenant = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterarTenant,
    onSuccess: (tenant) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tenants.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tenants.detail(tenant.id) }),
      ]),
  });
};
