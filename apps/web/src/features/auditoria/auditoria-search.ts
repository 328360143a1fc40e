/**
 * Search params of /configuracoes/geral/auditoria (issue #22 item 4): page 1, pageSize 20, the
 * period dataInicio–dataFim ('yyyy-MM-dd', the unit's days; the last 30 days by default), and the
 * optional acao, usuarioId, unidadeNegocioId and query. Defaults stay out of the URL; an invalid
 * value is dropped (the list opens rather than failing).
 */
import { ACAO_AUDITORIA_IDS, DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '#lib/contrato-valores.ts';
import type { SearchMiddleware } from '@tanstack/react-router';
import { searchTextParam } from '#lib/list/list-search.ts';
import { dateOr, enumParam, pageParam, pageSizeParam, searchSchema, uuidParam, type SearchOf } from '#lib/list/search-params.ts';
import { diasAtras, hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

/** The period shown when the URL names none: the last 30 days, today included. */
export const periodoPadrao = (hoje: string = hojeNaUnidade()) => ({ dataInicio: diasAtras(hoje, 29), dataFim: hoje });

export const auditoriaSearchSchema = searchSchema({
  page: pageParam,
  pageSize: pageSizeParam,
  dataInicio: dateOr(() => periodoPadrao().dataInicio),
  dataFim: dateOr(() => periodoPadrao().dataFim),
  acao: enumParam(ACAO_AUDITORIA_IDS),
  usuarioId: uuidParam,
  unidadeNegocioId: uuidParam,
  query: searchTextParam,
});

export type AuditoriaSearch = SearchOf<typeof auditoriaSearchSchema>;

/** Leaves page 1, pageSize 20 and the default period out of the URL. */
export const stripAuditoriaDefaults: SearchMiddleware<AuditoriaSearch> = ({ search, next }) => {
  const result: Partial<AuditoriaSearch> = { ...next(search) };
  const padrao = periodoPadrao();
  if (result.page === DEFAULT_PAGE) delete result.page;
  if (result.pageSize === DEFAULT_PAGE_SIZE) delete result.pageSize;
  if (result.dataInicio === padrao.dataInicio) delete result.dataInicio;
  if (result.dataFim === padrao.dataFim) delete result.dataFim;
  return result as AuditoriaSearch;
};
