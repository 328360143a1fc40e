import type { Sala } from '@petshop/shared/agenda';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateSalas, type SalaInputParsed } from './list-salas.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type CriarSalaVariables = { dados: SalaInputParsed; idempotencyKey?: string };

/** POST /agenda/salas → the new Sala; 400 with field errors (a repeated name, a blank name). */
export const criarSala = async ({ dados, idempotencyKey }: CriarSalaVariables): Promise<Sala> => {
  const { data } = await http.post<Sala>('/agenda/salas', dados, idempotencyConfig(idempotencyKey));
  return data;
};

export const useCriarSala = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: criarSala,
    onSuccess: (row) => {
      queryClient.setQueryData(queryKeys.salas.detail(row.id), row);
      return invalidateSalas(queryClient);
    },
  });
};
