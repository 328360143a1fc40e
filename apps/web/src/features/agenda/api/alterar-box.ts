import type { Box } from '@petshop/shared/agenda';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateBoxes, type BoxInputParsed } from './list-boxes.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type AlterarBoxVariables = { id: string; dados: BoxInputParsed; idempotencyKey?: string };

/** PUT /agenda/boxes/{id} → the saved Box; 400 with field errors, 404 outside the selected unit. */
export const alterarBox = async ({ id, dados, idempotencyKey }: AlterarBoxVariables): Promise<Box> => {
  const { data } = await http.put<Box>(`/agenda/boxes/${encodeURIComponent(id)}`, dados, idempotencyConfig(idempotencyKey));
  return data;
};

export const useAlterarBox = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterarBox,
    onSuccess: (row) => {
      queryClient.setQueryData(queryKeys.boxes.detail(row.id), row);
      return invalidateBoxes(queryClient);
    },
  });
};
