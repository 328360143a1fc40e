import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { BanhoTosaPorPeriodoPage } from '#features/relatorios/banho-tosa/banho-tosa-por-periodo-page.tsx';
import { banhoTosaPorPeriodoSearchSchema } from '#features/relatorios/banho-tosa/banho-tosa-search.ts';
import { requirePermissao } from '#lib/access/require-access.ts';
import { LIST_SEARCH_DEFAULTS } from '#lib/list/list-search.ts';

/** Spec §2 /relatorios/banho-tosa-por-periodo (GET /api/relatorios/banho-tosa-por-dia; issue #20). */
export const Route = createFileRoute('/_app/relatorios/banho-tosa-por-periodo/')({
  validateSearch: banhoTosaPorPeriodoSearchSchema,
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
  return <BanhoTosaPorPeriodoPage search={search} onSearchChange={onSearchChange} />;
}
