import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { boxesResource } from '#features/agenda/settings/boxes.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';
import { CrudFormPage } from '#lib/crud/crud-form-page.tsx';

/** Spec §2: boxes/form/ creates a box. */
export const Route = createFileRoute('/_app/configuracoes/atendimento/boxes/form/')({
  beforeLoad: () => requirePermissao(PERMISSOES.configuracoesGerenciar),
  component: () => <CrudFormPage resource={boxesResource} />,
});
