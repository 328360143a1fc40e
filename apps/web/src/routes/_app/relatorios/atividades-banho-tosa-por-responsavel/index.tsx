import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { AtividadesPorResponsavelPage } from '#features/relatorios/banho-tosa/atividades-por-responsavel-page.tsx';
import { relatorioSearchSchema } from '#features/relatorios/relatorio-search.ts';
import { requirePermissao } from '#lib/access/require-access.ts';
import { LIST_SEARCH_DEFAULTS } from '#lib/list/list-search.ts';

/** Spec §2 /relatorios/atividades-banho-tosa-por-responsavel (GET /api/relatorios/atividades-banho-tosa-por-responsavel; issue #20). */
export const Route = createFileRoute('/_app/relatorios/atividades-banho-tosa-por-responsavel/')({
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
  return <AtividadesPorResponsavelPage search={search} onSearchChange={onSearchChange} />;
}
