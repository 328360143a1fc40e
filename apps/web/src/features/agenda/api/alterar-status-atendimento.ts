import type { Atendimento, StatusAtendimento } from '@petshop/shared/agenda';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** Body of PUT /agenda/atendimentos/{id}/status (`statusInputSchema`). */
export type AlterarStatusAtendimentoVariables = { id: string; status: StatusAtendimento; motivo?: string };

/**
 * PUT /agenda/atendimentos/{id}/status { status, motivo? } → the Atendimento. Only the transitions
 * of TRANSICOES_STATUS (DOMAIN.md §10); another one is a 400 naming the allowed ones. Pronto
 * records an owner notification event. Permission: agenda, or banhoTosa for bath-and-grooming.
 */
export const alterarStatusAtendimento = async ({
  id,
  status,
  motivo,
}: AlterarStatusAtendimentoVariables): Promise<Atendimento> => {
  const { data } = await http.put<Atendimento>(`/agenda/atendimentos/${encodeURIComponent(id)}/status`, {
    status,
    ...(motivo ? { motivo } : {}),
  });
  return data;
};

/** Refreshes every agenda read (calendar, board, lists, detail) once settled. */
export const useAlterarStatusAtendimento = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterarStatusAtendimento,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.agenda }),
  });
};
