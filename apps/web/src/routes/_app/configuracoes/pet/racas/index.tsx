import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { racasResource } from '#features/clientes/settings/racas.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudListPage } from '#lib/crud/crud-list-page.tsx';
import { crudSearchSchema, idFilterParam } from '#lib/crud/crud-search.ts';
import { LIST_SEARCH_DEFAULTS } from '#lib/list/list-search.ts';

export const Route = createFileRoute('/_app/configuracoes/pet/racas/')({
  validateSearch: crudSearchSchema.extend({ especieId: idFilterParam }),
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  beforeLoad: () => requirePermissao(PERMISSOES.configuracoesGerenciar),
  component: RacasRoute,
});

function RacasRoute() {
  return <CrudListPage resource={racasResource} search={Route.useSearch()} />;
}
