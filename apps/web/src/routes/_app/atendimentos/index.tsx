import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { requireSection } from '#lib/access/require-access.ts';
import { LIST_SEARCH_DEFAULTS, listSearchSchema } from '#lib/list/list-search.ts';
import { SectionIndex } from '#lib/ui/section-index.tsx';

export const Route = createFileRoute('/_app/atendimentos/')({
  validateSearch: listSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  beforeLoad: () => requireSection('atendimentos'),
  component: () => <SectionIndex id="atendimentos" />,
});
