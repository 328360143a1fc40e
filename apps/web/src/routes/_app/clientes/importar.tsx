import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { ImportacaoWizard } from '#features/importacoes/components/importacao-wizard.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';

/** Spreadsheet import of customers with their pets (issue #3 item 5). */
export const Route = createFileRoute('/_app/clientes/importar')({
  beforeLoad: () => requirePermissao(PERMISSOES.clientes),
  component: ImportarClientesRoute,
});

function ImportarClientesRoute() {
  return <ImportacaoWizard tipo="clientes" />;
}
