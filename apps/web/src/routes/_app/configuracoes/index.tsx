import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ConfiguracoesPage } from '#features/configuracoes/components/configuracoes-page.tsx';
import { SETTINGS_TABS } from '#features/configuracoes/settings-tabs.ts';
import { requireSection } from '#lib/access/require-access.ts';

export const Route = createFileRoute('/_app/configuracoes/')({
  // spec §2: tab defaults to 'geral'; an unknown tab falls back to it.
  validateSearch: z.object({ tab: z.enum(SETTINGS_TABS).default('geral').catch('geral') }),
  beforeLoad: () => requireSection('configuracoes'),
  component: ConfiguracoesRoute,
});

function ConfiguracoesRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ConfiguracoesPage tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />;
}
