import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PainelFinanceiro } from '#features/financeiro/painel/painel-financeiro.tsx';
import { requireSection } from '#lib/access/require-access.ts';
import { patternParam, searchSchema } from '#lib/list/search-params.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

/** `?mes=yyyy-MM`; absent (or invalid): the current month in the unit. */
const painelSearchSchema = searchSchema({ mes: patternParam(/^\d{4}-(0[1-9]|1[0-2])$/) });

/**
 * Spec §2 section index /financeiro/ (issue #6 item 4): the owner's overview of a month —
 * balances, to receive and to pay, the cash flow and the income statement.
 */
export const Route = createFileRoute('/_app/financeiro/')({
  validateSearch: painelSearchSchema,
  beforeLoad: () => requireSection('financeiro'),
  component: PainelRoute,
});

function PainelRoute() {
  const { mes } = Route.useSearch();
  const navigate = useNavigate();
  const mesAtual = hojeNaUnidade().slice(0, 7);
  return (
    <PainelFinanceiro
      mes={mes ?? mesAtual}
      mesAtual={mesAtual}
      onMesChange={(novo) =>
        void navigate({ to: '/financeiro', search: { mes: novo === mesAtual ? undefined : novo }, replace: true })
      }
    />
  );
}
