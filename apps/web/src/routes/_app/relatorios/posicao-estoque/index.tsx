import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { PosicaoEstoquePage } from '#features/estoque/components/posicao-estoque-page.tsx';
import { posicaoEstoqueSearchSchema } from '#features/estoque/estoque-search.ts';
import { requirePermissao } from '#lib/access/require-access.ts';
import { LIST_SEARCH_DEFAULTS } from '#lib/list/list-search.ts';

/**
 * Spec §2 /relatorios/posicao-estoque (page, pageSize, query; plus the situation filter): the
 * unit's stock per product. Open to whoever may see the catalogue or the stock, as the API.
 */
export const Route = createFileRoute('/_app/relatorios/posicao-estoque/')({
  validateSearch: posicaoEstoqueSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  beforeLoad: () => requirePermissao(PERMISSOES.estoque, PERMISSOES.produtos),
  component: PosicaoEstoqueRoute,
});

function PosicaoEstoqueRoute() {
  return <PosicaoEstoquePage search={Route.useSearch()} />;
}
