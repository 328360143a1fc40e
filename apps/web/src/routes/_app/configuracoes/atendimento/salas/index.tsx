import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { salasResource } from '#features/agenda/settings/salas.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudListPage } from '#lib/crud/crud-list-page.tsx';
import { crudSearchSchema } from '#lib/crud/crud-search.ts';
import { LIST_SEARCH_DEFAULTS } from '#lib/list/list-search.ts';

export const Route = createFileRoute('/_app/configuracoes/atendimento/salas/')({
  validateSearch: crudSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  beforeLoad: () => requirePermissao(PERMISSOES.configuracoesGerenciar),
  component: SalasRoute,
});

function SalasRoute() {
  return <CrudListPage resource={salasResource} search={Route.useSearch()} />;
}
