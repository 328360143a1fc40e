import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { AjusteEstoquePage } from '#features/estoque/components/ajuste-estoque-page.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';

/** Spec §2 /produtos/ajuste-estoque/: inventory count with the scanner, entries and exits with a reason. */
export const Route = createFileRoute('/_app/produtos/ajuste-estoque/')({
  beforeLoad: () => requirePermissao(PERMISSOES.estoque),
  component: AjusteEstoquePage,
});
