import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { tiposAtendimentoApi } from '#lib/agenda/cadastros-agenda.ts';
import { TipoAtendimentoForm } from '#features/agenda/settings/tipos-atendimento.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { searchSchema, stringParam } from '#lib/list/search-params.ts';

/**
 * Spec §2: the type's form (tipoAtendimentoId absent: a new one) takes an optional `returnTo`,
 * the app path to open after saving (the booking form sends the user here and back).
 */
export const Route = createFileRoute('/_app/configuracoes/atendimento/tipos-atendimento/form/{-$tipoAtendimentoId}')({
  validateSearch: searchSchema({ returnTo: stringParam }),
  beforeLoad: () => requirePermissao(PERMISSOES.configuracoesGerenciar),
  // The record is loaded before the form shows.
  loader: async ({ context: { queryClient }, params: { tipoAtendimentoId } }) => {
    if (tipoAtendimentoId) await queryClient.ensureQueryData(tiposAtendimentoApi.detailQueryOptions(tipoAtendimentoId));
  },
  component: TipoAtendimentoFormRoute,
});

function TipoAtendimentoFormRoute() {
  const { tipoAtendimentoId } = Route.useParams();
  const { returnTo } = Route.useSearch();
  return tipoAtendimentoId ? (
    <EditTipoAtendimento id={tipoAtendimentoId} returnTo={returnTo} />
  ) : (
    <TipoAtendimentoForm returnTo={returnTo} />
  );
}

function EditTipoAtendimento({ id, returnTo }: { id: string; returnTo: string | undefined }) {
  const { data } = tiposAtendimentoApi.useDetail(id);
  return <TipoAtendimentoForm key={data.id} row={data} returnTo={returnTo} />;
}
