import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { TenantsList } from '#features/tenants/components/tenants-list.tsx';
import { LIST_SEARCH_DEFAULTS, listSearchSchema } from '#lib/list/list-search.ts';

export const Route = createFileRoute('/_app/manager/')({
  validateSearch: listSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  component: TenantsRoute,
});

function TenantsRoute() {
  return <TenantsList search={Route.useSearch()} />;
}
