import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { marcasResource } from '#features/produtos/settings/marcas.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudListPage } from '#lib/crud/crud-list-page.tsx';
import { crudSearchSchema } from '#lib/crud/crud-search.ts';
import { LIST_SEARCH_DEFAULTS } from '#lib/list/list-search.ts';

export const Route = createFileRoute('/_app/configuracoes/produtos/marcas/')({
  validateSearch: crudSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  beforeLoad: () => requirePermissao(PERMISSOES.produtosGerenciar),
  component: MarcasRoute,
});

function MarcasRoute() {
  return <CrudListPage resource={marcasResource} search={Route.useSearch()} />;
}
