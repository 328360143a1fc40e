import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { modeloDocumentoQueryOptions } from '#features/clinica/api/get-modelo-documento.ts';
import { modelosReceitaResource } from '#features/clinica/configuracoes/modelos-documento.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudFormPage } from '#lib/crud/crud-form-page.tsx';

/** Spec §2: the receita template's form (modeloDocumentoId absent: a new one). */
export const Route = createFileRoute('/_app/configuracoes/clinica/modelos-receita/form/{-$modeloDocumentoId}')({
  beforeLoad: () => requirePermissao(PERMISSOES.clinica, PERMISSOES.configuracoesGerenciar),
  // The record is loaded before the form shows.
  loader: async ({ context: { queryClient }, params: { modeloDocumentoId } }) => {
    if (modeloDocumentoId) await queryClient.ensureQueryData(modeloDocumentoQueryOptions(modeloDocumentoId));
  },
  component: ModeloFormRoute,
});

function ModeloFormRoute() {
  const { modeloDocumentoId } = Route.useParams();
  return <CrudFormPage key={modeloDocumentoId ?? 'novo'} resource={modelosReceitaResource} id={modeloDocumentoId} />;
}
