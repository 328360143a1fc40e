import type { TipoAtendimento } from '@petshop/shared/agenda';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTiposAtendimento, type TipoAtendimentoInputParsed } from './list-tipos-atendimento.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type AlterarTipoAtendimentoVariables = { id: string; dados: TipoAtendimentoInputParsed; idempotencyKey?: string };

/** PUT /agenda/tipos-atendimento/{id} → the saved TipoAtendimento; 400 with field errors, 404 outside the tenant. */
export const alterarTipoAtendimento = async ({
  id,
  dados,
  idempotencyKey,
}: AlterarTipoAtendimentoVariables): Promise<TipoAtendimento> => {
  const { data } = await http.put<TipoAtendimento>(
    `/agenda/tipos-atendimento/${encodeURIComponent(id)}`,
    dados,
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useAlterarTipoAtendimento = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterarTipoAtendimento,
    onSuccess: (row) => {
      queryClient.setQueryData(queryKeys.tiposAtendimento.detail(row.id), row);
      return invalidateTiposAtendimento(queryClient);
    },
  });
};
