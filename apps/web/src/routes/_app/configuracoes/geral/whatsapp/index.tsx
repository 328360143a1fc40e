import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { WhatsappPage } from '#features/whatsapp/components/whatsapp-page.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';

/** Spec §2 /configuracoes/geral/whatsapp (issue #21): the unit's connection, templates and message log. */
export const Route = createFileRoute('/_app/configuracoes/geral/whatsapp/')({
  beforeLoad: () => requirePermissao(PERMISSOES.whatsapp),
  component: WhatsappPage,
});
