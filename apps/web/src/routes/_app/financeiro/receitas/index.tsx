import { createFileRoute } from '@tanstack/react-router';
import { ReceitasList } from '#features/financeiro/receitas/receitas-list.tsx';
import { receitasSearchSchema, stripTitulosDefaults, type ReceitasSearch } from '#features/financeiro/titulos/titulos-search.ts';
import { requireSection } from '#lib/access/require-access.ts';

/**
 * Spec §2 /financeiro/receitas/: receivables (page, pageSize, query, status — 'Vencida' too —,
 * due-date period, category, method, payment-method kind, account, customer).
 */
export const Route = createFileRoute('/_app/financeiro/receitas/')({
  validateSearch: receitasSearchSchema,
  search: { middlewares: [stripTitulosDefaults<ReceitasSearch>()] },
  beforeLoad: () => requireSection('financeiro'),
  component: ReceitasRoute,
});

function ReceitasRoute() {
  return <ReceitasList search={Route.useSearch()} />;
}
