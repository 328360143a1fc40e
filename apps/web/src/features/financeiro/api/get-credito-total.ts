import type { CreditoClienteTotal } from '@petshop/shared/credito-cliente';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';
import { creditoClientePath } from './list-lancamentos-credito.ts';

/** GET /financeiro/credito-cliente/{pessoaId}/total → `{ pessoaId, total }` (reais). */
export const getCreditoTotal = async (pessoaId: string): Promise<CreditoClienteTotal> => {
  const { data } = await http.get<CreditoClienteTotal>(`${creditoClientePath(pessoaId)}/total`);
  return data;
};

export const creditoTotalQueryOptions = (pessoaId: string) =>
  queryOptions({ queryKey: queryKeys.creditoCliente.total(pessoaId), queryFn: () => getCreditoTotal(pessoaId) });

export const useCreditoTotal = (pessoaId: string) => useQuery(creditoTotalQueryOptions(pessoaId));
