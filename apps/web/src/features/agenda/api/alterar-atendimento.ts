import type { Atendimento, AtendimentoInput } from '@petshop/shared/agenda';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAgenda } from './invalidate-agenda.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';

export type AlterarAtendimentoVariables = { id: string; dados: AtendimentoInput; idempotencyKey?: string };

/**
 * PUT /agenda/atendimentos/{id} with the whole appointment (atendimentoInputSchema; the
 * repetition is ignored) → the saved Atendimento. Moving or resizing on the calendar sends it
 * too. 400 with field errors on a clash (the other appointment named), 404 when not found.
 */
export const alterarAtendimento = async ({ id, dados, idempotencyKey }: AlterarAtendimentoVariables): Promise<Atendimento> => {
  const { data } = await http.put<Atendimento>(
    `/agenda/atendimentos/${encodeURIComponent(id)}`,
    dados,
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useAlterarAtendimento = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: alterarAtendimento, onSuccess: () => invalidateAgenda(queryClient) });
};
