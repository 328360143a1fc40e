import { createFileRoute } from '@tanstack/react-router';
import { MovimentacoesCaixaPage } from '../../../../features/caixas/components/movimentacoes-caixa-page.tsx';
import { movimentacoesCaixaSearchSchema, stripMovimentacoesCaixaDefaults } from '../../../../features/caixas/caixas-search.ts';
import { requireCaixa } from './-require-caixa.ts';

/**
 * Spec §2/§5 /vendas/movimentacoes-caixa/: page, pageSize, dataInicio and dataFim (today by
 * default, the unit's calendar day), caixaId, tipo. The user's open register and its actions
 * on top, the period's movements and registers below.
 */
export const Route = createFileRoute('/_app/vendas/movimentacoes-caixa/')({
  validateSearch: movimentacoesCaixaSearchSchema,
  search: { middlewares: [stripMovimentacoesCaixaDefaults] },
  beforeLoad: requireCaixa,
  component: MovimentacoesCaixaRoute,
});

function MovimentacoesCaixaRoute() {
  return <MovimentacoesCaixaPage search={Route.useSearch()} />;
}
