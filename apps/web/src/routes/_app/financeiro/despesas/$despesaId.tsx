import { createFileRoute } from '@tanstack/react-router';
import { DespesaDetalhe } from '#features/financeiro/despesas/despesa-detalhe.tsx';
import { requireSection } from '#lib/access/require-access.ts';

/** /financeiro/despesas/{id}: one payable, its settlements and attachments. */
export const Route = createFileRoute('/_app/financeiro/despesas/$despesaId')({
  beforeLoad: () => requireSection('financeiro'),
  component: DespesaRoute,
});

function DespesaRoute() {
  const { despesaId } = Route.useParams();
  return <DespesaDetalhe key={despesaId} despesaId={despesaId} />;
}
