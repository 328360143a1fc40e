import { createFileRoute } from '@tanstack/react-router';
import { resumoCompraQueryOptions } from '#features/compras/api/get-resumo-compra.ts';
import { CompraResumo } from '#features/compras/components/compra-resumo.tsx';
import { requireSection } from '#lib/access/require-access.ts';

/** Spec §2 /compras/{compraId}/resumo (summary): what finalising will do, then finalise. */
export const Route = createFileRoute('/_app/compras/$compraId/resumo')({
  beforeLoad: () => requireSection('compras'),
  // Always fresh: the summary reads balances and costs of now.
  loader: ({ context: { queryClient }, params: { compraId } }) =>
    queryClient.fetchQuery({ ...resumoCompraQueryOptions(compraId), staleTime: 0 }),
  component: ResumoRoute,
});

function ResumoRoute() {
  const { compraId } = Route.useParams();
  return <CompraResumo id={compraId} />;
}
