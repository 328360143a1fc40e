import type { CreateUsuarioInput, Usuario } from '@petshop/shared/usuario';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { toMultipart } from '#lib/http/multipart.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type CriarUsuarioVariables = { dados: CreateUsuarioInput; foto: File | null; idempotencyKey?: string };

/** POST /auth/usuarios, multipart: `dados` (JSON) and an optional `foto` → the new Usuario. */
export const criarUsuario = async ({ dados, foto, idempotencyKey }: CriarUsuarioVariables): Promise<Usuario> => {
  const { data } = await http.post<Usuario>('/auth/usuarios', toMultipart(dados, { foto }), idempotencyConfig(idempotencyKey));
  return data;
};

export const useCriarUsuario = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: criarUsuario,
    onSuccess: (usuario) => {
      queryClient.setQueryData(queryKeys.usuarios.detail(usuario.id), usuario);
      return queryClient.invalidateQueries({ queryKey: queryKeys.usuarios.lists() });
    },
  });
};
