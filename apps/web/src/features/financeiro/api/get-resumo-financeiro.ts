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
