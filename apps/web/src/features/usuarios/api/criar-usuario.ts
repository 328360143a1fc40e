import type { CreateUsuarioInput, Usuario } from '@petshop/shared/usuario';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { toMultipart } from '#lib/http/multipart.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type CreateUsuarioVariables = { dados: CreateUsuarioInput; foto: File | null; idempotencyKey?: string };

/** POST /auth/usuarios, multipart: `dados` (JSON) and an optional `foto` → the new Usuario. */
export const createUsuario = async ({ dados, foto, idempotencyKey }: CreateUsuarioVariables): Promise<Usuario> => {
  const { data } = await http.post<Usuario>('/auth/usuarios', toMultipart(dados, { foto }), idempotencyConfig(idempotencyKey));
  return data;
};

export const useCreateUsuario = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUsuario,
    onSuccess: (usuario) => {
      queryClient.setQueryData(queryKeys.usuarios.detail(usuario.id), usuario);
      return queryClient.invalidateQueries({ queryKey: queryKeys.usuarios.lists() });
    },
  });
};
