import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { contasApi } from '#features/financeiro/api/contas.ts';
import { contasResource } from '#features/financeiro/settings/contas.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudFormPage } from '#lib/crud/crud-form-page.tsx';

export const Route = createFileRoute('/_app/configuracoes/financeiro/contas/form/{-$contaId}')({
  beforeLoad: () => requirePermissao(PERMISSOES.financeiro),
  // The record is loaded before the form shows.
  loader: async ({ context: { queryClient }, params: { contaId } }) => {
    if (contaId) await queryClient.ensureQueryData(contasApi.detailQueryOptions(contaId));
  },
  component: ContasFormRoute,
});

function ContasFormRoute() {
  const { contaId } = Route.useParams();
  return <CrudFormPage resource={contasResource} id={contaId} />;
}
