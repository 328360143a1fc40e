import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { z } from 'zod';
import { ProdutosList } from '#features/produtos/components/produtos-list.tsx';
import { requireSection } from '#lib/access/require-access.ts';
import { idFilterSchema } from '#lib/crud/crud-search.ts';
import { booleanFilterSchema, LIST_SEARCH_DEFAULTS, listSearchSchema } from '#lib/list/list-search.ts';

/** Spec §2/§5: page, pageSize, query, plus the kind, category, brand and active filters. */
export const Route = createFileRoute('/_app/produtos/')({
  validateSearch: listSearchSchema.extend({
    tipo: z.enum(['produto', 'servico']).optional().catch(undefined),
    categoriaId: idFilterSchema,
    marcaId: idFilterSchema,
    ativo: booleanFilterSchema,
  }),
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  beforeLoad: () => requireSection('produtos'),
  component: ProdutosRoute,
});

function ProdutosRoute() {
  return <ProdutosList search={Route.useSearch()} />;
}
