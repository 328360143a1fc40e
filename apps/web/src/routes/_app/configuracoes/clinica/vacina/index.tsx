import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { vacinasResource } from '#features/clinica/configuracoes/vacinas.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudListPage } from '#lib/crud/crud-list-page.tsx';
import { crudSearchSchema, idFilterParam } from '#lib/crud/crud-search.ts';
import { LIST_SEARCH_DEFAULTS } from '#lib/list/list-search.ts';

/** Spec §2 /configuracoes/clinica/vacina: page (1), pageSize (20), query (''), ativo, especieId. */
export const Route = createFileRoute('/_app/configuracoes/clinica/vacina/')({
  validateSearch: crudSearchSchema.extend({ especieId: idFilterParam }),
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  beforeLoad: () => requirePermissao(PERMISSOES.clinica, PERMISSOES.configuracoesGerenciar),
  component: VacinasRoute,
});

function VacinasRoute() {
  return <CrudListPage resource={vacinasResource} search={Route.useSearch()} />;
}
