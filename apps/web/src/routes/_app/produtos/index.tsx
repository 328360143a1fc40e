import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { ProdutosList } from '#features/produtos/components/produtos-list.tsx';
import { requireSection } from '#lib/access/require-access.ts';
import { idFilterParam } from '#lib/crud/crud-search.ts';
import { booleanFilterParam, LIST_SEARCH_DEFAULTS, listSearchSchema } from '#lib/list/list-search.ts';
import { enumParam } from '#lib/list/search-params.ts';

/** Spec §2/§5: page, pageSize, query, plus the kind, category, brand and active filters. */
export const Route = createFileRoute('/_app/produtos/')({
  validateSearch: listSearchSchema.extend({
    tipo: enumParam(['produto', 'servico']),
    categoriaId: idFilterParam,
    marcaId: idFilterParam,
    ativo: booleanFilterParam,
  }),
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  beforeLoad: () => requireSection('produtos'),
  component: ProdutosRoute,
});

function ProdutosRoute() {
  return <ProdutosList search={Route.useSearch()} />;
}
