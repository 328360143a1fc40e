import type { createTenantInputSchema, Tenant } from '@petshop/shared/tenant';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type CreateTenantPayload = z.output<typeof createTenantInputSchema>;

/** POST /manager/tenants: the tenant and its first administrator (the first unit gets its name). */
export const criarTenant = async ({
  dados,
  idempotencyKey,
}: {
  dados: CreateTenantPayload;
  idempotencyKey?: string;
}): Promise<Tenant> => {
  const { data } = await http.post<Tenant>('/manager/tenants', dados, idempotencyConfig(idempotencyKey));
  return data;
};

export const useCriarTenant = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: criarTenant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tenants.lists() }),
  });
};
