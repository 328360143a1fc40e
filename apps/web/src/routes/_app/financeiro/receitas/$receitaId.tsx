import { createFileRoute } from '@tanstack/react-router';
import { ReceitaDetalhe } from '#features/financeiro/receitas/receita-detalhe.tsx';
import { requireSection } from '#lib/access/require-access.ts';

/** /financeiro/receitas/{id}: one receivable and its settlements. */
export const Route = createFileRoute('/_app/financeiro/receitas/$receitaId')({
  beforeLoad: () => requireSection('financeiro'),
  component: ReceitaRoute,
});

function ReceitaRoute() {
  const { receitaId } = Route.useParams();
  return <ReceitaDetalhe key={receitaId} receitaId={receitaId} />;
}
