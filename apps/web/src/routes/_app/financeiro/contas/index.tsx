import { createFileRoute } from '@tanstack/react-router';
import { ContasPage } from '#features/financeiro/contas-financeiro/contas-page.tsx';
import { contasSearchSchema, stripContasDefaults } from '#features/financeiro/contas-financeiro/contas-search.ts';
import { requireSection } from '#lib/access/require-access.ts';

/**
 * Spec §2 /financeiro/contas/ (issue #6 item 4): the unit's accounts with balances, the chosen
 * account's statement of a period (`contaId`, `dataInicio`, `dataFim`, `page`, `pageSize`),
 * transfers between accounts and their reversal.
 */
export const Route = createFileRoute('/_app/financeiro/contas/')({
  validateSearch: contasSearchSchema,
  search: { middlewares: [stripContasDefaults] },
  beforeLoad: () => requireSection('financeiro'),
  component: ContasRoute,
});

function ContasRoute() {
  return <ContasPage search={Route.useSearch()} />;
}
