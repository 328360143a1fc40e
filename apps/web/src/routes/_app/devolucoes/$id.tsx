import { createFileRoute } from '@tanstack/react-router';
import { devolucaoQueryOptions } from '#features/devolucoes/api/get-devolucao.ts';
import { DevolucaoDetail } from '#features/devolucoes/components/devolucao-detail.tsx';
import { requireSection } from '#lib/access/require-access.ts';

/** Spec §2 /devolucoes/{id}: the return is loaded before showing. */
export const Route = createFileRoute('/_app/devolucoes/$id')({
  beforeLoad: () => requireSection('vendas'),
  loader: ({ context: { queryClient }, params: { id } }) => queryClient.ensureQueryData(devolucaoQueryOptions(id)),
  component: DevolucaoRoute,
});

function DevolucaoRoute() {
  const { id } = Route.useParams();
  return <DevolucaoDetail id={id} />;
}
