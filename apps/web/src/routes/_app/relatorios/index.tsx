import { createFileRoute } from '@tanstack/react-router';
import { RelatoriosIndex } from '#features/relatorios/components/relatorios-index.tsx';
import { requireSection } from '#lib/access/require-access.ts';

/** Spec §2 /relatorios/: the reports, grouped, as cards (issue #20). */
export const Route = createFileRoute('/_app/relatorios/')({
  beforeLoad: () => requireSection('relatorios'),
  component: RelatoriosIndex,
});
