import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { fichaAnimalQueryOptions } from '#features/clinica/api/get-ficha-animal.ts';
import { FichaAnimalPage, FichaAnimalSkeleton } from '#features/clinica/ficha/ficha-animal-page.tsx';
import { requirePermissao, requireSection } from '#lib/access/require-access.ts';

/**
 * Spec §2: /clientes/{clienteId}/ficha-animal/{petId}/, the animal's chart, loaded before it
 * shows (skeleton meanwhile). Read by `clinica` (writes) and `clientes` (Caixa, Recepção read,
 * DOMAIN.md §1), as the API's GET /clinicas/ficha-animal.
 */
export const Route = createFileRoute('/_app/clientes/$clienteId/ficha-animal/$petId/')({
  beforeLoad: () => {
    requireSection('clientes');
    requirePermissao(PERMISSOES.clinica, PERMISSOES.clientes);
  },
  loader: ({ context: { queryClient }, params: { petId } }) => queryClient.ensureQueryData(fichaAnimalQueryOptions(petId)),
  pendingComponent: FichaAnimalSkeleton,
  component: FichaAnimalRoute,
});

function FichaAnimalRoute() {
  const { clienteId, petId } = Route.useParams();
  return <FichaAnimalPage clienteId={clienteId} petId={petId} />;
}
