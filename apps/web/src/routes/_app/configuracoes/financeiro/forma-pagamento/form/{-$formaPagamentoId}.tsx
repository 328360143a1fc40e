import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { formasPagamentoApi } from '#features/financeiro/api/formas-pagamento.ts';
import { formasPagamentoResource } from '#features/financeiro/settings/formas-pagamento.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudFormPage } from '#lib/crud/crud-form-page.tsx';

export const Route = createFileRoute('/_app/configuracoes/financeiro/forma-pagamento/form/{-$formaPagamentoId}')({
  beforeLoad: () => requirePermissao(PERMISSOES.financeiro),
  // The record is loaded before the form shows.
  loader: async ({ context: { queryClient }, params: { formaPagamentoId } }) => {
    if (formaPagamentoId) await queryClient.ensureQueryData(formasPagamentoApi.detailQueryOptions(formaPagamentoId));
  },
  component: FormasPagamentoFormRoute,
});

function FormasPagamentoFormRoute() {
  const { formaPagamentoId } = Route.useParams();
  return <CrudFormPage resource={formasPagamentoResource} id={formaPagamentoId} />;
}
