import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * DELETE /auth/usuarios/{id} → `{ ok: true }`. Deactivates the user; 400 with generalErrors
 * when it would remove the last administrator or the user themself.
 */
export const excluirUsuario = async (id: string): Promise<void> => {
  await http.delete(`/auth/usuarios/${encodeURIComponent(id)}`);
};

export const useExcluirUsuario = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: excluirUsuario,
    onSuccess: (_, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.usuarios.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.usuarios.detail(id) }),
      ]),
  });
};
