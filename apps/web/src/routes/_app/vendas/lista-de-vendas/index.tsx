import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { DevolucaoDaVenda } from '#features/devolucoes/components/devolucao-da-venda.tsx';
import { VendasList } from '#features/vendas/components/vendas-list.tsx';
import { stripVendasDefaults, vendasSearchSchema } from '#features/vendas/vendas-search.ts';
import { requirePermissao } from '#lib/access/require-access.ts';
import { PERMISSOES } from '@petshop/shared/permissoes';

/**
 * Spec §2/§5 /vendas/lista-de-vendas/: page, pageSize, query, clienteId, returnTo, dataInicio
 * and dataFim (today by default), statuses. A row's 'Devolver' opens the return of that sale.
 */
export const Route = createFileRoute('/_app/vendas/lista-de-vendas/')({
  validateSearch: vendasSearchSchema,
  search: { middlewares: [stripVendasDefaults] },
  beforeLoad: () => requirePermissao(PERMISSOES.vendas),
  component: ListaDeVendasRoute,
});

function ListaDeVendasRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const [devolverVendaId, setDevolverVendaId] = useState<string | null>(null);
  return (
    <>
      <VendasList search={search} onDevolver={(venda) => setDevolverVendaId(venda.id)} />
      <DevolucaoDaVenda
        vendaId={devolverVendaId}
        onClose={() => setDevolverVendaId(null)}
        onDone={(id) => {
          setDevolverVendaId(null);
          void navigate({ to: '/devolucoes/$id', params: { id } });
        }}
      />
    </>
  );
}
