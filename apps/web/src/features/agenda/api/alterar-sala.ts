import type { Sala } from '@petshop/shared/agenda';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateSalas, type SalaInputParsed } from './list-salas.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type AlterarSalaVariables = { id: string; dados: SalaInputParsed; idempotencyKey?: string };

/** PUT /agenda/salas/{id} → the saved Sala; 400 with field errors, 404 outside the selected unit. */
export const alterarSala = async ({ id, dados, idempotencyKey }: AlterarSalaVariables): Promise<Sala> => {
  const { data } = await http.put<Sala>(`/agenda/salas/${encodeURIComponent(id)}`, dados, idempotencyConfig(idempotencyKey));
  return data;
};

export const useAlterarSala = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterarSala,
    onSuccess: (row) => {
      queryClient.setQueryData(queryKeys.salas.detail(row.id), row);
      return invalidateSalas(queryClient);
    },
  });
};
