import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { MovimentacoesEstoquePage } from '#features/estoque/components/movimentacoes-estoque-page.tsx';
import { movimentacoesEstoqueSearchSchema, stripMovimentacoesDefaults } from '#features/estoque/estoque-search.ts';
import { requirePermissao } from '#lib/access/require-access.ts';

/**
 * Spec §2 /relatorios/movimentacoes-estoque: page, pageSize, query, dataInicio, dataFim
 * (the last 30 days by default), produtoId; plus the movement types.
 */
export const Route = createFileRoute('/_app/relatorios/movimentacoes-estoque/')({
  validateSearch: movimentacoesEstoqueSearchSchema,
  search: { middlewares: [stripMovimentacoesDefaults] },
  beforeLoad: () => requirePermissao(PERMISSOES.estoque, PERMISSOES.produtos),
  component: MovimentacoesEstoqueRoute,
});

function MovimentacoesEstoqueRoute() {
  return <MovimentacoesEstoquePage search={Route.useSearch()} />;
}
