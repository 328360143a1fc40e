import { createFileRoute } from '@tanstack/react-router';
import { unidadesMedidaApi } from '#features/compras/api/opcoes.ts';
import { CompraEditor } from '#features/compras/components/compra-editor.tsx';
import { requireSection } from '#lib/access/require-access.ts';

/** Spec §2 /compras/cadastro-manual: a new draft typed by hand. */
export const Route = createFileRoute('/_app/compras/cadastro-manual')({
  beforeLoad: () => requireSection('compras'),
  loader: ({ context: { queryClient } }) => void queryClient.prefetchQuery(unidadesMedidaApi.optionsQueryOptions()),
  component: () => <CompraEditor />,
});
