/**
 * Search params of /configuracoes/geral/auditoria (issue #22 item 4): page 1, pageSize 20, the
 * period dataInicio–dataFim ('yyyy-MM-dd', the unit's days; the last 30 days by default), and the
 * optional acao, usuarioId, unidadeNegocioId and query. Defaults stay out of the URL; an invalid
 * value is dropped (the list opens rather than failing).
 */
import { ACAO_AUDITORIA_IDS } from '@petshop/shared/auditoria';
import { parseDateInput } from '@petshop/shared/format';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, pageSchema, pageSizeSchema } from '@petshop/shared/http';
import type { SearchMiddleware } from '@tanstack/react-router';
import { z } from 'zod';
import { searchTextSchema } from '#lib/list/list-search.ts';
import { diasAtras, hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

/** The period shown when the URL names none: the last 30 days, today included. */
export const periodoPadrao = (hoje: string = hojeNaUnidade()) => ({ dataInicio: diasAtras(hoje, 29), dataFim: hoje });

const dataParam = (padrao: () => string) =>
  z.preprocess((value) => (typeof value === 'string' ? parseDateInput(value) : null) ?? padrao(), z.string());

export const auditoriaSearchSchema = z.object({
  page: pageSchema.default(DEFAULT_PAGE),
  pageSize: pageSizeSchema.default(DEFAULT_PAGE_SIZE),
  dataInicio: dataParam(() => periodoPadrao().dataInicio).default(() => periodoPadrao().dataInicio),
  dataFim: dataParam(() => periodoPadrao().dataFim).default(() => periodoPadrao().dataFim),
  acao: z.enum(ACAO_AUDITORIA_IDS).optional().catch(undefined),
  usuarioId: z.uuid().optional().catch(undefined),
  unidadeNegocioId: z.uuid().optional().catch(undefined),
  query: searchTextSchema,
});

export type AuditoriaSearch = z.output<typeof auditoriaSearchSchema>;

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
