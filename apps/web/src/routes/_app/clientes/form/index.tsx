import { createFileRoute } from '@tanstack/react-router';
import { especiesApi } from '#features/clientes/api/especies.ts';
import { ClienteCreateForm } from '#features/clientes/components/cliente-create-form.tsx';
import { requireSection } from '#lib/access/require-access.ts';

/** Spec §2: /clientes/form/, a new customer (with an optional first pet). */
export const Route = createFileRoute('/_app/clientes/form/')({
  beforeLoad: () => requireSection('clientes'),
  // The species of the first-pet block load alongside.
  loader: ({ context: { queryClient } }) => void queryClient.prefetchQuery(especiesApi.optionsQueryOptions()),
  component: ClienteCreateForm,
});
