/**
 * The owner's overview (GET /financeiro/resumo?mes=yyyy-MM): balances, what is to receive and
 * to pay, the month's cash flow and the income statement. Its key starts with ['financeiro'],
 * so every finance write (settlement, transfer, recurrence) refreshes it.
 */
import type { ResumoFinanceiro } from '@petshop/shared/financeiro';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** GET /financeiro/resumo?mes=yyyy-MM → the overview of that month. */
export const getResumoFinanceiro = async (mes: string): Promise<ResumoFinanceiro> => {
  const { data } = await http.get<ResumoFinanceiro>('/financeiro/resumo', { params: { mes } });
  return data;
};

export const resumoFinanceiroQueryOptions = (mes: string) =>
  queryOptions({
    queryKey: queryKeys.resumoFinanceiro(mes),
    queryFn: () => getResumoFinanceiro(mes),
    placeholderData: keepPreviousData,
  });

export const useResumoFinanceiro = (mes: string) => useQuery(resumoFinanceiroQueryOptions(mes));
