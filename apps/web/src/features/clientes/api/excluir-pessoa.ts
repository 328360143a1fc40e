import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * DELETE /pessoal/pessoas/{id}; 400 with generalErrors when the person has pets or history
 * (the message offers deactivating instead).
 */
export const excluirPessoa = async (id: string): Promise<void> => {
  await http.delete(`/pessoal/pessoas/${encodeURIComponent(id)}`);
};

export const useExcluirPessoa = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: excluirPessoa,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.pessoas.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.pessoas.lists() });
    },
  });
};
