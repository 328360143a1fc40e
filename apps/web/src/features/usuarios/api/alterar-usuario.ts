import type { UpdateUsuarioInput, Usuario } from '@petshop/shared/usuario';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { toMultipart } from '#lib/http/multipart.ts';
import { queryKeys } from '#lib/query-keys.ts';
import { useSessionStore } from '#lib/session/session-store.ts';

export type AlterarUsuarioVariables = { id: string; dados: UpdateUsuarioInput; foto: File | null; idempotencyKey?: string };

/**
 * PUT /auth/usuarios/{id}, multipart: `dados` (JSON) and an optional `foto` → the saved
 * Usuario. `dados.senha` set resets the password (the user's sessions end).
 */
export const alterarUsuario = async ({ id, dados, foto, idempotencyKey }: AlterarUsuarioVariables): Promise<Usuario> => {
  const { data } = await http.put<Usuario>(
    `/auth/usuarios/${encodeURIComponent(id)}`,
    toMultipart(dados, { foto }),
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useAlterarUsuario = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterarUsuario,
    onSuccess: async (usuario) => {
      queryClient.setQueryData(queryKeys.usuarios.detail(usuario.id), usuario);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.usuarios.lists() }),
        // Editing oneself changes the session's units, profiles or photo.
        usuario.id === useSessionStore.getState().user?.id
          ? queryClient.invalidateQueries({ queryKey: queryKeys.me })
          : Promise.resolve(),
      ]);
    },
  });
};
