import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAgenda } from './invalidate-agenda.ts';
import { http } from '#lib/http/http.ts';

/** DELETE /agenda/atendimentos/{id}; 400 with generalErrors when it can no longer be deleted (charged, finished). */
export const excluirAtendimento = async (id: string): Promise<void> => {
  await http.delete(`/agenda/atendimentos/${encodeURIComponent(id)}`);
};

export const useExcluirAtendimento = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: excluirAtendimento, onSuccess: () => invalidateAgenda(queryClient) });
};
