import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { fornecedoresApi } from '#features/produtos/api/fornecedores.ts';
import { fornecedoresResource } from '#features/produtos/settings/fornecedores.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudFormPage } from '#lib/crud/crud-form-page.tsx';

export const Route = createFileRoute('/_app/configuracoes/produtos/fornecedores/form/{-$fornecedorId}')({
  beforeLoad: () => requirePermissao(PERMISSOES.produtosGerenciar),
  // The record is loaded before the form shows.
  loader: async ({ context: { queryClient }, params: { fornecedorId } }) => {
    if (fornecedorId) await queryClient.ensureQueryData(fornecedoresApi.detailQueryOptions(fornecedorId));
  },
  component: FornecedoresFormRoute,
});

function FornecedoresFormRoute() {
  const { fornecedorId } = Route.useParams();
  return <CrudFormPage resource={fornecedoresResource} id={fornecedorId} />;
}
