import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { ImportacaoWizard } from '#features/importacoes/components/importacao-wizard.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';

/** Spreadsheet import of products and services (issue #3 item 5): writing the catalogue. */
export const Route = createFileRoute('/_app/produtos/importar')({
  beforeLoad: () => requirePermissao(PERMISSOES.produtosGerenciar),
  component: ImportarProdutosRoute,
});

function ImportarProdutosRoute() {
  return <ImportacaoWizard tipo="produtos" />;
}
