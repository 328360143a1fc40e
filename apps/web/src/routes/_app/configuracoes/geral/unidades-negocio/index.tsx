import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { UnidadesNegocioList } from '#features/unidades-negocio/components/unidades-negocio-list.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { LIST_SEARCH_DEFAULTS, listSearchSchema } from '#lib/list/list-search.ts';

export const Route = createFileRoute('/_app/configuracoes/geral/unidades-negocio/')({
  validateSearch: listSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  beforeLoad: () => requirePermissao(PERMISSOES.unidadesGerenciar),
  component: UnidadesNegocioRoute,
});

function UnidadesNegocioRoute() {
  return <UnidadesNegocioList search={Route.useSearch()} />;
}
