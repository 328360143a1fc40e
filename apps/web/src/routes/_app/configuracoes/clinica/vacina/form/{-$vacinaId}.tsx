import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { vacinaQueryOptions } from '#features/clinica/api/get-vacina.ts';
import { VacinaFormPage } from '#features/clinica/configuracoes/vacinas.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';

/** Spec §2: the vaccine's form (vacinaId absent: a new one), with its protocols when editing. */
export const Route = createFileRoute('/_app/configuracoes/clinica/vacina/form/{-$vacinaId}')({
  beforeLoad: () => requirePermissao(PERMISSOES.clinica, PERMISSOES.configuracoesGerenciar),
  // The record is loaded before the form shows.
  loader: async ({ context: { queryClient }, params: { vacinaId } }) => {
    if (vacinaId) await queryClient.ensureQueryData(vacinaQueryOptions(vacinaId));
  },
  component: VacinaFormRoute,
});

function VacinaFormRoute() {
  const { vacinaId } = Route.useParams();
  return <VacinaFormPage id={vacinaId} />;
}
