import type { Page } from '@petshop/shared/http';
import type { Usuario } from '@petshop/shared/usuario';
import { useQuery } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

const PARAMS = { page: 1, pageSize: 100 } as const;

/** GET /auth/usuarios?page=1&pageSize=100 → the tenant's users, active or not (the log's "Usuário" filter). */
export const listUsuariosAuditoria = async (): Promise<Page<Usuario>> => {
  const { data } = await http.get<Page<Usuario>>('/auth/usuarios', { params: PARAMS });
  return data;
};

/** The users of the "Usuário" filter, sorted by name. */
export const useUsuariosAuditoria = () =>
  useQuery({
    queryKey: queryKeys.usuarios.list(PARAMS),
    queryFn: listUsuariosAuditoria,
    select: (page) => [...page.items].sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR')),
  });
