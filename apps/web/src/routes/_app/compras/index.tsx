import { createFileRoute } from '@tanstack/react-router';
import { ComprasList } from '#features/compras/components/compras-list.tsx';
import { comprasSearchSchema, stripComprasDefaults } from '#features/compras/compras-search.ts';
import { requireSection } from '#lib/access/require-access.ts';

/**
 * Spec §2 section index /compras/: the purchases of the unit (page, pageSize, query, the entry
 * period — the last 30 days by default —, supplier, status), the XML import and the manual entry.
 */
export const Route = createFileRoute('/_app/compras/')({
  validateSearch: comprasSearchSchema,
  search: { middlewares: [stripComprasDefaults] },
  beforeLoad: () => requireSection('compras'),
  component: ComprasRoute,
});

function ComprasRoute() {
  return <ComprasList search={Route.useSearch()} />;
}
