import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { SituacaoFiscalProdutos } from '#features/fiscal/situacao/situacao-fiscal-produtos.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { LIST_SEARCH_DEFAULTS, listSearchSchema } from '#lib/list/list-search.ts';
import { booleanOr, stringParam } from '#lib/list/search-params.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `ids` as the router writes an array (`["a","b"]`) or as a link may (`a,b`); anything not a uuid is dropped. */
const idsParam = (v: unknown): string[] => {
  const list: unknown[] = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [];
  return list.map((x) => String(x).trim()).filter((x) => UUID.test(x));
};

const DEFAULTS = { ...LIST_SEARCH_DEFAULTS, pendentes: true, ids: [] as string[] };

/**
 * Spec §2/§5: the products' fiscal status, `ids` (default empty: all products) and optional
 * `returnTo` (the till's sale to go back to), plus the list's page, pageSize, query and the
 * "Só pendentes" switch (default on). Reading needs `fiscal` or `produtos.gerenciar` (as the API).
 */
export const Route = createFileRoute('/_app/fiscal/situacao-fiscal-produtos/')({
  validateSearch: listSearchSchema.extend({
    ids: idsParam,
    returnTo: stringParam,
    pendentes: booleanOr(true),
  }),
  search: { middlewares: [stripSearchParams(DEFAULTS)] },
  beforeLoad: () => requirePermissao(PERMISSOES.fiscal, PERMISSOES.produtosGerenciar),
  component: SituacaoFiscalRoute,
});

function SituacaoFiscalRoute() {
  return <SituacaoFiscalProdutos search={Route.useSearch()} />;
}
