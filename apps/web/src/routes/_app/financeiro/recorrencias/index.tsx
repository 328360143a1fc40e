import { createFileRoute } from '@tanstack/react-router';
import { RecorrenciasList } from '#features/financeiro/recorrencias/recorrencias-list.tsx';
import { recorrenciasSearchSchema, stripRecorrenciasDefaults } from '#features/financeiro/recorrencias/recorrencias-search.ts';
import { requireSection } from '#lib/access/require-access.ts';

/**
 * Spec §2 /financeiro/recorrencias/ (issue #6 items 3–4): the recurring payables (page,
 * pageSize, query, status), their form and pausar / retomar / encerrar.
 */
export const Route = createFileRoute('/_app/financeiro/recorrencias/')({
  validateSearch: recorrenciasSearchSchema,
  search: { middlewares: [stripRecorrenciasDefaults] },
  beforeLoad: () => requireSection('financeiro'),
  component: RecorrenciasRoute,
});

function RecorrenciasRoute() {
  return <RecorrenciasList search={Route.useSearch()} />;
}
