import { PERMISSOES } from '@petshop/shared/permissoes';
import { createFileRoute } from '@tanstack/react-router';
import { agendaConfiguracoesQueryOptions } from '#features/agenda/api/get-agenda-configuracoes.ts';
import { AgendaConfiguracoesForm } from '#features/agenda/settings/agenda-configuracoes.tsx';
import { requirePermissao } from '#lib/access/require-access.ts';

/** The selected unit's opening hours, slot size and capacities (issue #17), loaded first. */
export const Route = createFileRoute('/_app/configuracoes/atendimento/agenda/')({
  beforeLoad: () => requirePermissao(PERMISSOES.configuracoesGerenciar),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(agendaConfiguracoesQueryOptions()),
  component: AgendaConfiguracoesForm,
});
