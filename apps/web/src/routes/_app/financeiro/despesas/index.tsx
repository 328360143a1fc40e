import { createFileRoute } from '@tanstack/react-router';
import { DespesasList } from '#features/financeiro/despesas/despesas-list.tsx';
import { despesasSearchSchema, stripTitulosDefaults, type DespesasSearch } from '#features/financeiro/titulos/titulos-search.ts';
import { requireSection } from '#lib/access/require-access.ts';

/**
 * Spec §2 /financeiro/despesas/: payables (page, pageSize, query, status — 'Vencida' too —,
 * due-date period, category, method, account, supplier, recurrence).
 */
export const Route = createFileRoute('/_app/financeiro/despesas/')({
  validateSearch: despesasSearchSchema,
  search: { middlewares: [stripTitulosDefaults<DespesasSearch>()] },
  beforeLoad: () => requireSection('financeiro'),
  component: DespesasRoute,
});

function DespesasRoute() {
  return <DespesasList search={Route.useSearch()} />;
}
