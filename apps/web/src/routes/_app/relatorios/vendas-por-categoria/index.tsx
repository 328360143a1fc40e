import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { relatorioSearchSchema } from '#features/relatorios/relatorio-search.ts';
import { VendasPorCategoriaPage } from '#features/relatorios/vendas-por-categoria/vendas-por-categoria-page.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { LIST_SEARCH_DEFAULTS } from '#lib/list/list-search.ts';

/** Spec §2 /relatorios/vendas-por-categoria (GET /api/relatorios/vendas-por-categoria; issue #20). */
export const Route = createFileRoute('/_app/relatorios/vendas-por-categoria/')({
  validateSearch: relatorioSearchSchema,
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
  return <VendasPorCategoriaPage search={search} onSearchChange={onSearchChange} />;
}
