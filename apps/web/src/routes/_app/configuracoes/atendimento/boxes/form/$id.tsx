import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { boxesResource } from '#features/agenda/settings/boxes.tsx';
import { boxesApi } from '#lib/agenda/cadastros-agenda.ts';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudFormPage } from '#lib/crud/crud-form-page.tsx';

/** Spec §2: boxes/form/{id} edits a box; the box detail is loaded first. */
export const Route = createFileRoute('/_app/configuracoes/atendimento/boxes/form/$id')({
  beforeLoad: () => requirePermissao(PERMISSOES.configuracoesGerenciar),
  loader: ({ context: { queryClient }, params: { id } }) => queryClient.ensureQueryData(boxesApi.detailQueryOptions(id)),
  component: EditBoxRoute,
});

function EditBoxRoute() {
  const { id } = Route.useParams();
  return <CrudFormPage resource={boxesResource} id={id} />;
}
