import type { SaldoContas } from '@petshop/shared/financeiro';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** GET /financeiro/contas/saldo → the unit's active accounts with balance (reais) and their sum. */
export const getSaldoContas = async (): Promise<SaldoContas> => (await http.get<SaldoContas>('/financeiro/contas/saldo')).data;

export const saldoContasQueryOptions = () => queryOptions({ queryKey: queryKeys.contas.saldo, queryFn: getSaldoContas });

export const useSaldoContas = () => useQuery(saldoContasQueryOptions());
