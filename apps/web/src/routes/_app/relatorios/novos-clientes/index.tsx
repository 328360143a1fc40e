import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { NovosClientesPage } from '#features/relatorios/novos-clientes/novos-clientes-page.tsx';
import { novosClientesSearchSchema } from '#features/relatorios/novos-clientes/novos-clientes-search.ts';
import { requirePermissao } from '#lib/access/require-access.ts';
import { LIST_SEARCH_DEFAULTS } from '#lib/list/list-search.ts';

/** Spec §2 /relatorios/novos-clientes (GET /api/relatorios/novos-clientes; issue #20). */
export const Route = createFileRoute('/_app/relatorios/novos-clientes/')({
  validateSearch: novosClientesSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  beforeLoad: () => requirePermissao(PERMISSOES.relatorios),
  component: Tela,
});

function Tela() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (patch: Record<string, unknown>) =>
      void navigate({ search: (p) => ({ ...p, ...patch, page: (patch.page as number | undefined) ?? 1 }), replace: true }),
    [navigate],
  );
  return <NovosClientesPage search={search} onSearchChange={onSearchChange} />;
}
