import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ProdutosProximoVencimentoPage } from '#features/relatorios/produtos-proximo-vencimento/produtos-proximo-vencimento-page.tsx';
import { vencimentoSearchSchema } from '#features/relatorios/produtos-proximo-vencimento/vencimento-search.ts';
import { requirePermissao } from '#lib/access/require-access.ts';
import { LIST_SEARCH_DEFAULTS } from '#lib/list/list-search.ts';

/**
 * Spec §2 /relatorios/produtos-proximos-vencimento (GET /api/relatorios/produtos-proximo-vencimento;
 * issue #20): page, pageSize, query, produtoId, plus dias, situacao and categoriaId.
 */
export const Route = createFileRoute('/_app/relatorios/produtos-proximos-vencimento/')({
  validateSearch: vencimentoSearchSchema,
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
  return <ProdutosProximoVencimentoPage search={search} onSearchChange={onSearchChange} />;
}
