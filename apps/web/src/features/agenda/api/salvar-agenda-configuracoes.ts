import type { AgendaConfiguracoes } from '@petshop/shared/agenda';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type SalvarAgendaConfiguracoesVariables = { dados: AgendaConfiguracoes; idempotencyKey?: string };

/**
 * PUT /agenda/configuracoes (agendaConfiguracoesSchema) → the saved settings of the selected
 * unit; 400 with field errors ('horarios.1.fecha', 'intervaloMinutos', …).
 */
export const salvarAgendaConfiguracoes = async ({
  dados,
  idempotencyKey,
}: SalvarAgendaConfiguracoesVariables): Promise<AgendaConfiguracoes> => {
  const { data } = await http.put<AgendaConfiguracoes>('/agenda/configuracoes', dados, idempotencyConfig(idempotencyKey));
  return data;
};

/** Saves and refreshes every agenda read (the calendar draws the hours and the slot size). */
export const useSalvarAgendaConfiguracoes = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: salvarAgendaConfiguracoes,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.agendaConfiguracoes, saved);
      return queryClient.invalidateQueries({ queryKey: queryKeys.agenda });
    },
  });
};
