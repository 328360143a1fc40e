import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type CreditoClienteTotal = { pessoaId: string; total: number };

/** GET /financeiro/credito-cliente/{pessoaId}/total → the customer's credit balance (reais). */
export const getCreditoClienteTotal = async (pessoaId: string): Promise<CreditoClienteTotal> => {
  const { data } = await http.get<CreditoClienteTotal>(`/financeiro/credito-cliente/${encodeURIComponent(pessoaId)}/total`);
  return data;
};

export const useCreditoClienteTotal = (pessoaId: string | null) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.creditoCliente.total(pessoaId ?? ''),
      queryFn: () => getCreditoClienteTotal(pessoaId ?? ''),
      enabled: Boolean(pessoaId),
    }),
  );
