import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { UnidadeNegocioForm } from '#features/unidades-negocio/components/unidade-negocio-form.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';

export const Route = createFileRoute('/_app/configuracoes/geral/unidades-negocio/form/')({
  beforeLoad: () => requirePermissao(PERMISSOES.unidadesCriar),
  component: () => <UnidadeNegocioForm />,
});
