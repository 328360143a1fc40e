import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateSalas } from './list-salas.ts';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** DELETE /agenda/salas/{id}; 400 with generalErrors while appointments use it (deactivate it instead). */
export const excluirSala = async (id: string): Promise<void> => {
  await http.delete(`/agenda/salas/${encodeURIComponent(id)}`);
};

export const useExcluirSala = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: excluirSala,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.salas.detail(id) });
      return invalidateSalas(queryClient);
    },
  });
};
