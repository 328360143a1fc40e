import { createFileRoute } from '@tanstack/react-router';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { DocumentosFiscaisList } from '#features/fiscal/components/documentos-fiscais-list.tsx';
import { documentosSearchSchema, stripDocumentosDefaults } from '#features/fiscal/documentos-search.ts';
import { requirePermissao } from '#lib/access/require-access.ts';

/**
 * Spec §2 /fiscal/ (issue #18 item 6): the unit's fiscal documents. Search: page, pageSize,
 * query, dataInicio and dataFim (this month by default), status. Permission `fiscal`.
 */
export const Route = createFileRoute('/_app/fiscal/')({
  validateSearch: documentosSearchSchema,
  search: { middlewares: [stripDocumentosDefaults] },
  beforeLoad: () => requirePermissao(PERMISSOES.fiscal),
  component: FiscalRoute,
});

function FiscalRoute() {
  return <DocumentosFiscaisList search={Route.useSearch()} />;
}
