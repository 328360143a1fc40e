import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { unidadeNegocioQueryOptions, useUnidadeNegocio } from '#features/unidades-negocio/api/get-unidade-negocio.ts';
import { UnidadeNegocioForm } from '#features/unidades-negocio/components/unidade-negocio-form.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';

/** Spec §2: the business unit detail is loaded first. */
export const Route = createFileRoute('/_app/configuracoes/geral/unidades-negocio/form/$id')({
  beforeLoad: () => requirePermissao(PERMISSOES.unidadesGerenciar),
  loader: ({ context: { queryClient }, params: { id } }) => queryClient.ensureQueryData(unidadeNegocioQueryOptions(id)),
  component: EditUnidadeNegocioRoute,
});

function EditUnidadeNegocioRoute() {
  const { id } = Route.useParams();
  const { data } = useUnidadeNegocio(id);
  return <UnidadeNegocioForm key={data.id} unidade={data} />;
}
