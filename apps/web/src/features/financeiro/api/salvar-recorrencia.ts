import type { Recorrencia, RecorrenciaInputParsed } from '@petshop/shared/financeiro';
import { useMutation } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { useInvalidarFinanceiro } from './invalidate-financeiro.ts';

export type SalvarRecorrenciaVariables = { id?: string; dados: RecorrenciaInputParsed; idempotencyKey?: string };

/**
 * POST /financeiro/recorrencias (new; `dados.id` the client's uuid, so a double click creates
 * one) or PUT /financeiro/recorrencias/{id} → the recurrence, its payables generated ahead.
 */
export const salvarRecorrencia = async ({ id, dados, idempotencyKey }: SalvarRecorrenciaVariables): Promise<Recorrencia> => {
  const config = idempotencyConfig(idempotencyKey);
  const { data } = id
    ? await http.put<Recorrencia>(`/financeiro/recorrencias/${encodeURIComponent(id)}`, dados, config)
    : await http.post<Recorrencia>('/financeiro/recorrencias', dados, config);
  return data;
};

export const useSalvarRecorrencia = () => {
  const invalidar = useInvalidarFinanceiro();
  return useMutation({ mutationFn: salvarRecorrencia, onSuccess: () => invalidar() });
};
