import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { racasApi } from '#features/clientes/api/racas.ts';
import { racasResource } from '#features/clientes/settings/racas.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudFormPage } from '#lib/crud/crud-form-page.tsx';

export const Route = createFileRoute('/_app/configuracoes/pet/racas/form/{-$racaId}')({
  beforeLoad: () => requirePermissao(PERMISSOES.configuracoesGerenciar),
  // The record is loaded before the form shows.
  loader: async ({ context: { queryClient }, params: { racaId } }) => {
    if (racaId) await queryClient.ensureQueryData(racasApi.detailQueryOptions(racaId));
  },
  component: RacasFormRoute,
});

function RacasFormRoute() {
  const { racaId } = Route.useParams();
  return <CrudFormPage resource={racasResource} id={racaId} />;
}
