import { createFileRoute } from '@tanstack/react-router';
import { RecebimentosPage } from '#features/financeiro/recebimentos/recebimentos-page.tsx';
import { recebimentosSearchSchema, stripRecebimentosDefaults } from '#features/financeiro/recebimentos/recebimentos-search.ts';
import { requireSection } from '#lib/access/require-access.ts';

/**
 * Spec §2 /financeiro/recebimentos/: expected card and PIX receipts by day (dataInicio, dataFim:
 * today to 30 days ahead by default) and the receivables of one day (`dia`).
 */
export const Route = createFileRoute('/_app/financeiro/recebimentos/')({
  validateSearch: recebimentosSearchSchema,
  search: { middlewares: [stripRecebimentosDefaults] },
  beforeLoad: () => requireSection('financeiro'),
  component: RecebimentosRoute,
});

function RecebimentosRoute() {
  return <RecebimentosPage search={Route.useSearch()} />;
}
