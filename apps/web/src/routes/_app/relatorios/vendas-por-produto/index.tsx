import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { VendasPorProdutoPage } from '#features/relatorios/vendas-por-produto/vendas-por-produto-page.tsx';
import { vendasPorProdutoSearchSchema } from '#features/relatorios/vendas-por-produto/vendas-por-produto-search.ts';
import { requirePermissao } from '#lib/access/require-access.ts';
import { LIST_SEARCH_DEFAULTS } from '#lib/list/list-search.ts';

/** Spec §2 /relatorios/vendas-por-produto (GET /api/relatorios/vendas-por-produto; issue #20). */
export const Route = createFileRoute('/_app/relatorios/vendas-por-produto/')({
  validateSearch: vendasPorProdutoSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  beforeLoad: () => requirePermissao(PERMISSOES.relatorios),
  component: Tela,
});

function Tela() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (patch: Record<string, unknown>) =>
      void navigate({ search: (p) => ({ ...p, ...patch, page: (patch.page as number | undefined) ?? 1 }) }),
    [navigate],
  );
  return <VendasPorProdutoPage search={search} onSearchChange={onSearchChange} />;
}
