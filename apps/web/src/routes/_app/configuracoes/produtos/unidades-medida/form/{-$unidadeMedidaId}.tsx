import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { unidadesMedidaApi } from '#features/produtos/api/unidades-medida.ts';
import { unidadesMedidaResource } from '#features/produtos/settings/unidades-medida.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudFormPage } from '#lib/crud/crud-form-page.tsx';

export const Route = createFileRoute('/_app/configuracoes/produtos/unidades-medida/form/{-$unidadeMedidaId}')({
  beforeLoad: () => requirePermissao(PERMISSOES.produtosGerenciar),
  // The record is loaded before the form shows.
  loader: async ({ context: { queryClient }, params: { unidadeMedidaId } }) => {
    if (unidadeMedidaId) await queryClient.ensureQueryData(unidadesMedidaApi.detailQueryOptions(unidadeMedidaId));
  },
  component: UnidadesMedidaFormRoute,
});

function UnidadesMedidaFormRoute() {
  const { unidadeMedidaId } = Route.useParams();
  return <CrudFormPage resource={unidadesMedidaResource} id={unidadeMedidaId} />;
}
