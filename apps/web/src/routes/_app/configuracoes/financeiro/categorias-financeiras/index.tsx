import { PERMISSOES } from '@petshop/shared/permissoes';
import { TIPOS_CATEGORIA_FINANCEIRA } from '#lib/contrato-valores.ts';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { categoriasFinanceirasResource } from '#features/financeiro/settings/categorias-financeiras.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudListPage } from '#lib/crud/crud-list-page.tsx';
import { crudSearchSchema } from '#lib/crud/crud-search.ts';
import { LIST_SEARCH_DEFAULTS } from '#lib/list/list-search.ts';
import { enumParam } from '#lib/list/search-params.ts';

/** Financial categories (DOMAIN.md §7), spec §5: optional query; filters ativo and tipo. */
export const Route = createFileRoute('/_app/configuracoes/financeiro/categorias-financeiras/')({
  validateSearch: crudSearchSchema.extend({ tipo: enumParam(TIPOS_CATEGORIA_FINANCEIRA) }),
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  beforeLoad: () => requirePermissao(PERMISSOES.financeiro),
  component: CategoriasFinanceirasRoute,
});

function CategoriasFinanceirasRoute() {
  return <CrudListPage resource={categoriasFinanceirasResource} search={Route.useSearch()} />;
}
