import { createFileRoute } from '@tanstack/react-router';
import { requireSection } from '#lib/access/require-access.ts';
import { SectionIndex } from '#lib/ui/section-index.tsx';

export const Route = createFileRoute('/_app/relatorios/')({
  beforeLoad: () => requireSection('relatorios'),
  component: () => <SectionIndex id="relatorios" />,
});
