import { PERMISSOES } from '@petshop/shared/permissoes';
import { TIPOS_CONTA } from '#lib/contrato-valores.ts';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { contasResource } from '#features/financeiro/settings/contas.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudListPage } from '#lib/crud/crud-list-page.tsx';
import { crudSearchSchema } from '#lib/crud/crud-search.ts';
import { LIST_SEARCH_DEFAULTS } from '#lib/list/list-search.ts';
import { enumParam } from '#lib/list/search-params.ts';

/** The selected unit's financial accounts (DOMAIN.md §7), spec §5: page 1, pageSize 20; filters ativo and tipo. */
export const Route = createFileRoute('/_app/configuracoes/financeiro/contas/')({
  validateSearch: crudSearchSchema.extend({ tipo: enumParam(TIPOS_CONTA) }),
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  beforeLoad: () => requirePermissao(PERMISSOES.financeiro),
  component: ContasRoute,
});

function ContasRoute() {
  return <CrudListPage resource={contasResource} search={Route.useSearch()} />;
}
