import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { salasApi } from '#lib/agenda/cadastros-agenda.ts';
import { salasResource } from '#features/agenda/settings/salas.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudFormPage } from '#lib/crud/crud-form-page.tsx';

export const Route = createFileRoute('/_app/configuracoes/atendimento/salas/form/{-$salaId}')({
  beforeLoad: () => requirePermissao(PERMISSOES.configuracoesGerenciar),
  // The record is loaded before the form shows.
  loader: async ({ context: { queryClient }, params: { salaId } }) => {
    if (salaId) await queryClient.ensureQueryData(salasApi.detailQueryOptions(salaId));
  },
  component: SalaFormRoute,
});

function SalaFormRoute() {
  const { salaId } = Route.useParams();
  return <CrudFormPage resource={salasResource} id={salaId} />;
}
