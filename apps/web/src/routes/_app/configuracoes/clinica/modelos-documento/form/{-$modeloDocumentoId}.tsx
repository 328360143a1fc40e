import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { modeloDocumentoQueryOptions } from '#features/clinica/api/get-modelo-documento.ts';
import { modelosDocumentoResource } from '#features/clinica/configuracoes/modelos-documento.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudFormPage } from '#lib/crud/crud-form-page.tsx';

/** Spec §2: the documento template's form (modeloDocumentoId absent: a new one). */
export const Route = createFileRoute('/_app/configuracoes/clinica/modelos-documento/form/{-$modeloDocumentoId}')({
  beforeLoad: () => requirePermissao(PERMISSOES.clinica, PERMISSOES.configuracoesGerenciar),
  // The record is loaded before the form shows.
  loader: async ({ context: { queryClient }, params: { modeloDocumentoId } }) => {
    if (modeloDocumentoId) await queryClient.ensureQueryData(modeloDocumentoQueryOptions(modeloDocumentoId));
  },
  component: ModeloFormRoute,
});

function ModeloFormRoute() {
  const { modeloDocumentoId } = Route.useParams();
  return <CrudFormPage key={modeloDocumentoId ?? 'novo'} resource={modelosDocumentoResource} id={modeloDocumentoId} />;
}
