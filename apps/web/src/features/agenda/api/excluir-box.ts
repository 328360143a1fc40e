import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateBoxes } from './list-boxes.ts';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** DELETE /agenda/boxes/{id}; 400 with generalErrors while appointments use it (deactivate it instead). */
export const excluirBox = async (id: string): Promise<void> => {
  await http.delete(`/agenda/boxes/${encodeURIComponent(id)}`);
};

export const useExcluirBox = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: excluirBox,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.boxes.detail(id) });
      return invalidateBoxes(queryClient);
    },
  });
};
