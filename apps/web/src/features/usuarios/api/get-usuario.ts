import type { Usuario } from '@petshop/shared/usuario';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** GET /auth/usuarios/{id} → Usuario; 404 when it is not in the tenant. */
export const getUsuario = async (id: string): Promise<Usuario> => {
  const { data } = await http.get<Usuario>(`/auth/usuarios/${encodeURIComponent(id)}`);
  return data;
};

export const usuarioQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.usuarios.detail(id), queryFn: () => getUsuario(id) });

export const useUsuario = (id: string) => useSuspenseQuery(usuarioQueryOptions(id));
