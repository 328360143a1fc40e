import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { caixaQueryOptions } from '#features/caixas/api/get-caixa.ts';
import { movimentacaoCaixaQueryOptions } from '#features/caixas/api/get-movimentacao-caixa.ts';
import { CaixaDetail } from '#features/caixas/components/caixa-detail.tsx';
import { MovimentacaoCaixaDetail } from '#features/caixas/components/movimentacao-caixa-detail.tsx';
import { toApiError } from '#lib/http/api-error.ts';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { requirePermissao } from '#lib/access/require-access.ts';
import { booleanParam, searchSchema } from '#lib/list/search-params.ts';

/**
 * Spec §2 /vendas/movimentacoes-caixa/{movimentacaoId} ("cash movement detail, loaded first").
 *
 * Choice: the id is read first as a register session (*caixa*) — the screen a cashier needs
 * to follow and close a register: header, esperado / contado / diferença per payment method,
 * the movements and, while open, the actions and the closing form (a closed register is read
 * only). When GET /comercial/caixas/{id} answers 404, the id is taken as a single movement
 * (GET /comercial/movimentacoes-caixa/{id}), shown with a link to its register; a 404 there
 * too is the route's not-found. `fechar=true` scrolls to the closing form.
 */
export const Route = createFileRoute('/_app/vendas/movimentacoes-caixa/$movimentacaoId')({
  validateSearch: searchSchema({ fechar: booleanParam }),
  // Registers open for the cashier (caixa) and for Financeiro (read only).
  beforeLoad: () => requirePermissao(PERMISSOES.caixa, PERMISSOES.financeiro),
  loader: async ({ context: { queryClient }, params: { movimentacaoId } }): Promise<{ tipo: 'caixa' | 'movimentacao' }> => {
    try {
      await queryClient.ensureQueryData(caixaQueryOptions(movimentacaoId));
      return { tipo: 'caixa' };
    } catch (error) {
      if (toApiError(error).kind !== 'not-found') throw error;
      await queryClient.ensureQueryData(movimentacaoCaixaQueryOptions(movimentacaoId));
      return { tipo: 'movimentacao' };
    }
  },
  component: MovimentacaoCaixaRoute,
});

function MovimentacaoCaixaRoute() {
  const { movimentacaoId } = Route.useParams();
  const { fechar } = Route.useSearch();
  const { tipo } = Route.useLoaderData();
  const navigate = useNavigate();
  if (tipo === 'movimentacao') return <MovimentacaoCaixaDetail id={movimentacaoId} />;
  return (
    <CaixaDetail
      key={movimentacaoId}
      id={movimentacaoId}
      focarFechamento={fechar === true}
      onMovimentoClick={(id) =>
        void navigate({ to: '/vendas/movimentacoes-caixa/$movimentacaoId', params: { movimentacaoId: id } })
      }
    />
  );
}
