/**
 * Reference data the register's forms pick from, read from other areas' endpoints (features
 * never import each other): the unit's active accounts (transferência), active expense
 * categories (despesa), and active payment methods (crédito de cliente). Customers: lib/pessoas/busca-pessoas.ts.
 * Keys follow lib/query-keys.ts so those areas' writes refresh them.
 */
import type { Conta } from '@petshop/shared/conta';
import type { Page } from '@petshop/shared/http';
import { useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** The first page of the active rows (at most 100, what the API serves). */
export const TODAS = { page: 1, pageSize: 100, ativo: 'true' } as const;

/** GET /financeiro/contas?ativo=true → the selected unit's active accounts with balance. */
export const useContasAtivas = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.contas.list(TODAS),
    queryFn: async () => (await http.get<Page<Conta>>('/financeiro/contas', { params: TODAS })).data,
    enabled,
  });
