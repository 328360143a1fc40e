import type { ConfirmarRecebimentosInput } from '@petshop/shared/financeiro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type ConfirmarVariables = { dados: ConfirmarRecebimentosInput; idempotencyKey?: string };

/** POST /financeiro/recebimentos/confirmar → `{ confirmados }` (already settled or cancelled ones are skipped). */
export const confirmarRecebimentos = async ({ dados, idempotencyKey }: ConfirmarVariables): Promise<{ confirmados: number }> => {
  const { data } = await http.post<{ confirmados: number }>(
    '/financeiro/recebimentos/confirmar',
    dados,
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useConfirmarRecebimentos = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmarRecebimentos,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.area.financeiro }),
  });
};
