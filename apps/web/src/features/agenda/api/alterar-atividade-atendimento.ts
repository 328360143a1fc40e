import type { Atendimento, Atividade } from '@petshop/shared/agenda';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** Body of PUT /agenda/atendimentos/{id}/atividade (`atividadeInputSchema`). */
export type AlterarAtividadeAtendimentoVariables = { id: string; atividade: Atividade };

/**
 * PUT /agenda/atendimentos/{id}/atividade { atividade } → the Atendimento, with `atividadeDesde`
 * reset (each stage time-stamped in the history). Permission: agenda, or banhoTosa for
 * bath-and-grooming appointments.
 */
export const alterarAtividadeAtendimento = async ({
  id,
  atividade,
}: AlterarAtividadeAtendimentoVariables): Promise<Atendimento> => {
  const { data } = await http.put<Atendimento>(`/agenda/atendimentos/${encodeURIComponent(id)}/atividade`, {
    atividade,
  });
  return data;
};

/**
 * The plain mutation: refreshes every agenda read once settled. The board adds its own
 * optimistic update (see features/banho-tosa) through the callbacks given here.
 */
export const useAlterarAtividadeAtendimento = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterarAtividadeAtendimento,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.agenda }),
  });
};
