import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { CurvaAbcProdutosPage } from '#features/relatorios/curva-abc/curva-abc-produtos-page.tsx';
import { curvaAbcProdutosSearchSchema } from '#features/relatorios/curva-abc/curva-abc-search.ts';
import { requirePermissao } from '#lib/access/require-access.ts';
import { LIST_SEARCH_DEFAULTS } from '#lib/list/list-search.ts';

/**
 * Spec §2 /relatorios/curva-abc-produtos (GET /api/relatorios/curva-abc-produtos; issue #20):
 * page, pageSize, query, dataInicio, dataFim (absent: the last 12 months), produtoId, plus
 * classe and categoriaId.
 */
export const Route = createFileRoute('/_app/relatorios/curva-abc-produtos/')({
  validateSearch: curvaAbcProdutosSearchSchema,
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
  return <CurvaAbcProdutosPage search={search} onSearchChange={onSearchChange} />;
}
