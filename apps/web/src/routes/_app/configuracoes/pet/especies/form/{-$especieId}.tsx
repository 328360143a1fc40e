import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { especiesApi } from '#features/clientes/api/especies.ts';
import { especiesResource } from '#features/clientes/settings/especies.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudFormPage } from '#lib/crud/crud-form-page.tsx';

export const Route = createFileRoute('/_app/configuracoes/pet/especies/form/{-$especieId}')({
  beforeLoad: () => requirePermissao(PERMISSOES.configuracoesGerenciar),
  // The record is loaded before the form shows.
  loader: async ({ context: { queryClient }, params: { especieId } }) => {
    if (especieId) await queryClient.ensureQueryData(especiesApi.detailQueryOptions(especieId));
  },
  component: EspeciesFormRoute,
});

function EspeciesFormRoute() {
  const { especieId } = Route.useParams();
  return <CrudFormPage resource={especiesResource} id={especieId} />;
}
