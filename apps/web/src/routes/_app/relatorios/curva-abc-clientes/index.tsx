import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { CurvaAbcClientesPage } from '#features/relatorios/curva-abc/curva-abc-clientes-page.tsx';
import { curvaAbcClientesSearchSchema } from '#features/relatorios/curva-abc/curva-abc-search.ts';
import { requirePermissao } from '#lib/access/require-access.ts';
import { LIST_SEARCH_DEFAULTS } from '#lib/list/list-search.ts';

/**
 * Spec §2 /relatorios/curva-abc-clientes (GET /api/relatorios/curva-abc-clientes; issue #20):
 * page, pageSize, query, dataInicio, dataFim (absent: the last 12 months), produtoId, plus classe.
 */
export const Route = createFileRoute('/_app/relatorios/curva-abc-clientes/')({
  validateSearch: curvaAbcClientesSearchSchema,
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
  return <CurvaAbcClientesPage search={search} onSearchChange={onSearchChange} />;
}
