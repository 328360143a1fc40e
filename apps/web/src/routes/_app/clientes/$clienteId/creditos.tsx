import { PERMISSOES } from '@petshop/shared/permissoes';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { pessoaQueryOptions } from '#features/clientes/api/get-pessoa.ts';
import { creditoTotalQueryOptions } from '#features/financeiro/api/get-credito-total.ts';
import { lancamentosCreditoQueryOptions } from '#features/financeiro/api/list-lancamentos-credito.ts';
import { CreditosCliente } from '#features/financeiro/components/creditos-cliente.tsx';
import { requirePermissao, requireSection } from '#lib/access/require-access.ts';
import { LIST_SEARCH_DEFAULTS } from '#lib/list/list-search.ts';
import { pageParam, pageSizeParam, searchSchema } from '#lib/list/search-params.ts';

/** Who reads customer credit (the API's rule): finance, and the till (caixa, vendas). */
const LEITORES_CREDITO = [PERMISSOES.financeiro, PERMISSOES.caixa, PERMISSOES.vendas];

/**
 * Spec §2: /clientes/{clienteId}/creditos, "credits, loaded together with the customer": the
 * customer, their balance and the first page of the ledger are loaded before the screen shows.
 */
export const Route = createFileRoute('/_app/clientes/$clienteId/creditos')({
  validateSearch: searchSchema({ page: pageParam, pageSize: pageSizeParam }),
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  beforeLoad: () => {
    requireSection('clientes');
    requirePermissao(...LEITORES_CREDITO);
  },
  loaderDeps: ({ search: { page, pageSize } }) => ({ page, pageSize }),
  loader: async ({ context: { queryClient }, params: { clienteId }, deps }) => {
    await Promise.all([
      queryClient.ensureQueryData(pessoaQueryOptions(clienteId)),
      queryClient.ensureQueryData(creditoTotalQueryOptions(clienteId)),
      queryClient.ensureQueryData(lancamentosCreditoQueryOptions(clienteId, deps)),
    ]);
  },
  component: CreditosClienteRoute,
});

function CreditosClienteRoute() {
  const { clienteId } = Route.useParams();
  const search = Route.useSearch();
  const { data: pessoa } = useSuspenseQuery(pessoaQueryOptions(clienteId));
  return <CreditosCliente cliente={{ id: pessoa.id, nome: pessoa.nome }} search={search} />;
}
