import { createFileRoute } from '@tanstack/react-router';
import { VendasOverview } from '#features/vendas/components/vendas-overview.tsx';
import { requireSection } from '#lib/access/require-access.ts';

/** Spec §2 section index /vendas/: today at a glance and the shortcuts (issue #4 item 5). */
export const Route = createFileRoute('/_app/vendas/')({
  beforeLoad: () => requireSection('vendas'),
  component: VendasOverview,
});
