import type { Box } from '@petshop/shared/agenda';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateBoxes, type BoxInputParsed } from './list-boxes.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type CriarBoxVariables = { dados: BoxInputParsed; idempotencyKey?: string };

/** POST /agenda/boxes → the new Box; 400 with field errors (a repeated name, a blank name). */
export const criarBox = async ({ dados, idempotencyKey }: CriarBoxVariables): Promise<Box> => {
  const { data } = await http.post<Box>('/agenda/boxes', dados, idempotencyConfig(idempotencyKey));
  return data;
};

export const useCriarBox = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: criarBox,
    onSuccess: (row) => {
      queryClient.setQueryData(queryKeys.boxes.detail(row.id), row);
      return invalidateBoxes(queryClient);
    },
  });
};
