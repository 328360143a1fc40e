import { PERMISSOES } from '@petshop/shared/permissoes';
import { TIPOS_FORMA_PAGAMENTO } from '#lib/contrato-valores.ts';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { formasPagamentoResource } from '#features/financeiro/settings/formas-pagamento.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudListPage } from '#lib/crud/crud-list-page.tsx';
import { crudSearchSchema } from '#lib/crud/crud-search.ts';
import { LIST_SEARCH_DEFAULTS } from '#lib/list/list-search.ts';
import { enumParam } from '#lib/list/search-params.ts';

/** Payment methods (DOMAIN.md §7), spec §5: page 1, pageSize 20; filters ativo and tipo. */
export const Route = createFileRoute('/_app/configuracoes/financeiro/forma-pagamento/')({
  validateSearch: crudSearchSchema.extend({ tipo: enumParam(TIPOS_FORMA_PAGAMENTO) }),
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  beforeLoad: () => requirePermissao(PERMISSOES.financeiro),
  component: FormasPagamentoRoute,
});

function FormasPagamentoRoute() {
  return <CrudListPage resource={formasPagamentoResource} search={Route.useSearch()} />;
}
