import type { Prioridade } from '@petshop/shared/agenda';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAgenda } from './invalidate-agenda.ts';
import { http } from '#lib/http/http.ts';

export type AlterarPrioridadeVariables = { id: string; prioridade: Prioridade };

/** PATCH /agenda/atendimentos/{id}/prioridade { prioridade } (kept in the history); 400 on an invalid value. */
export const alterarPrioridadeAtendimento = async ({ id, prioridade }: AlterarPrioridadeVariables): Promise<void> => {
  await http.patch(`/agenda/atendimentos/${encodeURIComponent(id)}/prioridade`, { prioridade });
};

export const useAlterarPrioridadeAtendimento = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: alterarPrioridadeAtendimento, onSuccess: () => invalidateAgenda(queryClient) });
};
