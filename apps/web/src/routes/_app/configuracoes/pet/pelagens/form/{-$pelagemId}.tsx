import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { pelagensApi } from '#features/clientes/api/pelagens.ts';
import { pelagensResource } from '#features/clientes/settings/pelagens.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudFormPage } from '#lib/crud/crud-form-page.tsx';

export const Route = createFileRoute('/_app/configuracoes/pet/pelagens/form/{-$pelagemId}')({
  beforeLoad: () => requirePermissao(PERMISSOES.configuracoesGerenciar),
  // The record is loaded before the form shows.
  loader: async ({ context: { queryClient }, params: { pelagemId } }) => {
    if (pelagemId) await queryClient.ensureQueryData(pelagensApi.detailQueryOptions(pelagemId));
  },
  component: PelagensFormRoute,
});

function PelagensFormRoute() {
  const { pelagemId } = Route.useParams();
  return <CrudFormPage resource={pelagensResource} id={pelagemId} />;
}
