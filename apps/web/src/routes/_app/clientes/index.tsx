import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { ClientesList } from '#features/clientes/components/clientes-list.tsx';
import { requireSection } from '#lib/access/require-access.ts';
import { LIST_SEARCH_DEFAULTS, listSearchSchema } from '#lib/list/list-search.ts';

/** Spec §2/§5: the customers list with page, pageSize and query in the URL. */
export const Route = createFileRoute('/_app/clientes/')({
  validateSearch: listSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  beforeLoad: () => requireSection('clientes'),
  component: ClientesRoute,
});

function ClientesRoute() {
  return <ClientesList search={Route.useSearch()} />;
}
