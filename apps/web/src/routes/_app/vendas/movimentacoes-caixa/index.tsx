import { createFileRoute } from '@tanstack/react-router';
import { MovimentacoesCaixaPage } from '#features/caixas/components/movimentacoes-caixa-page.tsx';
import { movimentacoesCaixaSearchSchema, stripMovimentacoesCaixaDefaults } from '#features/caixas/caixas-search.ts';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { requirePermissao } from '#lib/access/require-access.ts';

/**
 * Spec §2/§5 /vendas/movimentacoes-caixa/: page, pageSize, dataInicio and dataFim (today by
 * default, the unit's calendar day), caixaId, tipo. The user's open register and its actions
 * on top, the period's movements and registers below.
 */
export const Route = createFileRoute('/_app/vendas/movimentacoes-caixa/')({
  validateSearch: movimentacoesCaixaSearchSchema,
  search: { middlewares: [stripMovimentacoesCaixaDefaults] },
  // Registers open for the cashier (caixa) and for Financeiro (read only).
  beforeLoad: () => requirePermissao(PERMISSOES.caixa, PERMISSOES.financeiro),
  component: MovimentacoesCaixaRoute,
});

function MovimentacoesCaixaRoute() {
  return <MovimentacoesCaixaPage search={Route.useSearch()} />;
}
