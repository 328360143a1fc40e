import type { Page } from '@petshop/shared/http';
import type { Usuario } from '@petshop/shared/usuario';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type UsuariosParams = { page: number; pageSize: number; query?: string | undefined; ativo?: boolean | undefined };

/** GET /auth/usuarios?page&pageSize&query&ativo → Page<Usuario>. */
export const listUsuarios = async ({ ativo, ...params }: UsuariosParams): Promise<Page<Usuario>> => {
  const { data } = await http.get<Page<Usuario>>('/auth/usuarios', {
    params: { ...params, ativo: ativo === undefined ? undefined : String(ativo) },
  });
  return data;
};

export const usuariosQueryOptions = (params: UsuariosParams) =>
  queryOptions({
    queryKey: queryKeys.usuarios.list(params),
    queryFn: () => listUsuarios(params),
    placeholderData: keepPreviousData,
  });

export const useUsuarios = (params: UsuariosParams) => useQuery(usuariosQueryOptions(params));
