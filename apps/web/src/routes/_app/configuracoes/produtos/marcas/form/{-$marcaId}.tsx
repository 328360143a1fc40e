import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { marcasApi } from '#features/produtos/api/marcas.ts';
import { marcasResource } from '#features/produtos/settings/marcas.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudFormPage } from '#lib/crud/crud-form-page.tsx';

export const Route = createFileRoute('/_app/configuracoes/produtos/marcas/form/{-$marcaId}')({
  beforeLoad: () => requirePermissao(PERMISSOES.produtosGerenciar),
  // The record is loaded before the form shows.
  loader: async ({ context: { queryClient }, params: { marcaId } }) => {
    if (marcaId) await queryClient.ensureQueryData(marcasApi.detailQueryOptions(marcaId));
  },
  component: MarcasFormRoute,
});

function MarcasFormRoute() {
  const { marcaId } = Route.useParams();
  return <CrudFormPage resource={marcasResource} id={marcaId} />;
}
