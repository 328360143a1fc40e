import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { categoriasFinanceirasApi } from '#features/financeiro/api/categorias-financeiras.ts';
import { categoriasFinanceirasResource } from '#features/financeiro/settings/categorias-financeiras.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudFormPage } from '#lib/crud/crud-form-page.tsx';

export const Route = createFileRoute('/_app/configuracoes/financeiro/categorias-financeiras/form/{-$categoriaFinanceiraId}')({
  beforeLoad: () => requirePermissao(PERMISSOES.financeiro),
  // The record is loaded before the form shows.
  loader: async ({ context: { queryClient }, params: { categoriaFinanceiraId } }) => {
    if (categoriaFinanceiraId)
      await queryClient.ensureQueryData(categoriasFinanceirasApi.detailQueryOptions(categoriaFinanceiraId));
  },
  component: CategoriasFinanceirasFormRoute,
});

function CategoriasFinanceirasFormRoute() {
  const { categoriaFinanceiraId } = Route.useParams();
  return <CrudFormPage resource={categoriasFinanceirasResource} id={categoriaFinanceiraId} />;
}
