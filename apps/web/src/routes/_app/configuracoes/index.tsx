import { createFileRoute } from '@tanstack/react-router';
import { ConfiguracoesPage } from '#features/configuracoes/components/configuracoes-page.tsx';
import { SETTINGS_TABS } from '#features/configuracoes/settings-tabs.ts';
import { requireSection } from '#lib/access/require-access.ts';
import { enumOr, searchSchema } from '#lib/list/search-params.ts';

export const Route = createFileRoute('/_app/configuracoes/')({
  // spec §2: tab defaults to 'geral'; an unknown tab falls back to it.
  validateSearch: searchSchema({ tab: enumOr(SETTINGS_TABS, 'geral') }),
  beforeLoad: () => requireSection('configuracoes'),
  component: ConfiguracoesRoute,
});

function ConfiguracoesRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ConfiguracoesPage tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />;
}
