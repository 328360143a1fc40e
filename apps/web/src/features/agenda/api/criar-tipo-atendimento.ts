import type { TipoAtendimento } from '@petshop/shared/agenda';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTiposAtendimento, type TipoAtendimentoInputParsed } from './list-tipos-atendimento.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type CriarTipoAtendimentoVariables = { dados: TipoAtendimentoInputParsed; idempotencyKey?: string };

/** POST /agenda/tipos-atendimento → the new TipoAtendimento; 400 with field errors (a repeated name, an unknown or non-service product). */
export const criarTipoAtendimento = async ({
  dados,
  idempotencyKey,
}: CriarTipoAtendimentoVariables): Promise<TipoAtendimento> => {
  const { data } = await http.post<TipoAtendimento>('/agenda/tipos-atendimento', dados, idempotencyConfig(idempotencyKey));
  return data;
};

export const useCriarTipoAtendimento = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: criarTipoAtendimento,
    onSuccess: (row) => {
      queryClient.setQueryData(queryKeys.tiposAtendimento.detail(row.id), row);
      return invalidateTiposAtendimento(queryClient);
    },
  });
};
