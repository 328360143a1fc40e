import { createFileRoute } from '@tanstack/react-router';
import { compraQueryOptions } from '#features/compras/api/get-compra.ts';
import { CompraDetail } from '#features/compras/components/compra-detail.tsx';
import { requireSection } from '#lib/access/require-access.ts';

/** Spec §2 /compras/{compraId}/ (detail; data loaded before showing): the draft editor, or the purchase read only. */
export const Route = createFileRoute('/_app/compras/$compraId/')({
  beforeLoad: () => requireSection('compras'),
  loader: ({ context: { queryClient }, params: { compraId } }) => queryClient.ensureQueryData(compraQueryOptions(compraId)),
  component: CompraRoute,
});

function CompraRoute() {
  const { compraId } = Route.useParams();
  return <CompraDetail id={compraId} />;
}
