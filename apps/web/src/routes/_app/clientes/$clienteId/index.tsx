import { createFileRoute } from '@tanstack/react-router';
import { pessoaQueryOptions } from '#features/clientes/api/get-pessoa.ts';
import { petsDaPessoaQueryOptions } from '#features/clientes/api/list-pets.ts';
import { ClienteDetail } from '#features/clientes/components/cliente-detail.tsx';
import { CLIENTE_TABS } from '#features/clientes/components/cliente-tabs.ts';
import { requireSection } from '#lib/access/require-access.ts';
import { enumParam, searchSchema } from '#lib/list/search-params.ts';

/** Spec §2: /clientes/{clienteId}/, the customer loaded first; `tab` picks the tab (default 'dados'). */
export const Route = createFileRoute('/_app/clientes/$clienteId/')({
  validateSearch: searchSchema({ tab: enumParam(CLIENTE_TABS) }),
  beforeLoad: () => requireSection('clientes'),
  loader: async ({ context: { queryClient }, params: { clienteId } }) => {
    void queryClient.prefetchQuery(petsDaPessoaQueryOptions(clienteId));
    await queryClient.ensureQueryData(pessoaQueryOptions(clienteId));
  },
  component: ClienteRoute,
});

function ClienteRoute() {
  const { clienteId } = Route.useParams();
  const { tab = 'dados' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ClienteDetail
      id={clienteId}
      tab={tab}
      onTabChange={(next) => void navigate({ search: next === 'dados' ? {} : { tab: next }, replace: true })}
    />
  );
}
