import type { RecebimentosResumo } from '@petshop/shared/financeiro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** GET /financeiro/recebimentos/resumo?dataInicio&dataFim → per day, per method and totals (reais). */
export const getRecebimentosResumo = async (params: { dataInicio: string; dataFim: string }): Promise<RecebimentosResumo> => {
  const { data } = await http.get<RecebimentosResumo>('/financeiro/recebimentos/resumo', { params });
  return data;
};

export const useRecebimentosResumo = (params: { dataInicio: string; dataFim: string }) =>
  useQuery({
    queryKey: queryKeys.recebimentosResumo(params),
    queryFn: () => getRecebimentosResumo(params),
    placeholderData: keepPreviousData,
  });
