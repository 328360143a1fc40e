import { AREA_IDS } from '#lib/contrato-valores.ts';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { AgendaCalendario } from '#features/agenda/calendario/agenda-calendario.tsx';
import { AGRUPAMENTOS, VISOES } from '#features/agenda/calendario/visoes.ts';
import { requireSection } from '#lib/access/require-access.ts';
import { LIST_SEARCH_DEFAULTS, listSearchSchema } from '#lib/list/list-search.ts';
import { enumParam, isoDateParam } from '#lib/list/search-params.ts';

/**
 * Search of /atendimentos/ (spec §2, §5): the list's page, pageSize and query, plus the day
 * shown (`data` 'yyyy-MM-dd', default today in the unit), the view (`visao` dia | semana |
 * lista; default dia, lista on a phone), the rows' grouping (`recurso` box | sala |
 * profissional; default box) and the area filter. Anything invalid falls back to its default.
 */
export const agendaSearchSchema = listSearchSchema.extend({
  data: isoDateParam,
  visao: enumParam(VISOES),
  recurso: enumParam(AGRUPAMENTOS),
  area: enumParam(AREA_IDS),
});

/** Spec §2: /atendimentos/ — the agenda (calendar by box, room or professional, and the list). */
export const Route = createFileRoute('/_app/atendimentos/')({
  validateSearch: agendaSearchSchema,
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  beforeLoad: () => requireSection('atendimentos'),
  component: AtendimentosRoute,
});

function AtendimentosRoute() {
  const search = Route.useSearch();
  return <AgendaCalendario search={search} />;
}
