import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTiposAtendimento } from './list-tipos-atendimento.ts';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** DELETE /agenda/tipos-atendimento/{id}; 400 with generalErrors while appointments or packages use it (deactivate it instead). */
export const excluirTipoAtendimento = async (id: string): Promise<void> => {
  await http.delete(`/agenda/tipos-atendimento/${encodeURIComponent(id)}`);
};

export const useExcluirTipoAtendimento = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: excluirTipoAtendimento,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.tiposAtendimento.detail(id) });
      return invalidateTiposAtendimento(queryClient);
    },
  });
};
