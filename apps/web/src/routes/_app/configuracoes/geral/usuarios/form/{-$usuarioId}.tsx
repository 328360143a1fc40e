import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { perfisQueryOptions } from '#features/usuarios/api/list-perfis.ts';
import { unidadesOptionsQueryOptions } from '#features/usuarios/api/list-unidades-options.ts';
import { useUsuario, usuarioQueryOptions } from '#features/usuarios/api/get-usuario.ts';
import { UsuarioCreateForm, UsuarioEditForm } from '#features/usuarios/components/usuario-form.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';

export const Route = createFileRoute('/_app/configuracoes/geral/usuarios/form/{-$usuarioId}')({
  beforeLoad: () => requirePermissao(PERMISSOES.usuariosGerenciar),
  loader: async ({ context: { queryClient }, params: { usuarioId } }) => {
    // Options of the unit/profile selects load alongside; the user is loaded first.
    void queryClient.prefetchQuery(perfisQueryOptions());
    void queryClient.prefetchQuery(unidadesOptionsQueryOptions());
    if (usuarioId) await queryClient.ensureQueryData(usuarioQueryOptions(usuarioId));
  },
  component: UsuarioFormRoute,
});

function UsuarioFormRoute() {
  const { usuarioId } = Route.useParams();
  return usuarioId ? <EditUsuario id={usuarioId} /> : <UsuarioCreateForm />;
}

function EditUsuario({ id }: { id: string }) {
  const { data } = useUsuario(id);
  // key: another user's form starts from its own values.
  return <UsuarioEditForm key={data.id} usuario={data} />;
}
