import type { AtendimentoInput } from '@petshop/shared/agenda';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAgenda } from './invalidate-agenda.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';

export type AtendimentoCriado = { id: string; ids: string[] };
export type CriarAtendimentoVariables = { dados: AtendimentoInput; idempotencyKey?: string };

/**
 * POST /agenda/atendimentos (atendimentoInputSchema) → { id, ids }: the appointment created
 * (the first of a series when `repeticao` is set) and every id of the series. 400 with field
 * errors, e.g. a clash with another appointment of the same box, room or professional
 * (the message names it).
 */
export const criarAtendimento = async ({ dados, idempotencyKey }: CriarAtendimentoVariables): Promise<AtendimentoCriado> => {
  const { data } = await http.post<AtendimentoCriado>('/agenda/atendimentos', dados, idempotencyConfig(idempotencyKey));
  return data;
};

export const useCriarAtendimento = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: criarAtendimento, onSuccess: () => invalidateAgenda(queryClient) });
};
