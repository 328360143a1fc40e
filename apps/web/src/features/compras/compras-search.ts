/**
 * Search params of /compras/ (issue #5 item 5): page 1, pageSize 20, query, the entry-date
 * period (the last 30 days of the unit's calendar by default, as the API), fornecedorId and
 * status (a list; all when empty). Values at their default are left out of the URL.
 */
import { STATUS_COMPRA, DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '#lib/contrato-valores.ts';
import type { SearchMiddleware } from '@tanstack/react-router';
import { listSearchSchema } from '#lib/list/list-search.ts';
import { dateOr, listParam, uuidParam, type SearchOf } from '#lib/list/search-params.ts';
import { diasAtras, hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

/** Days of the default period (today included). */
export const PERIODO_PADRAO_DIAS = 30;

export const inicioPadrao = (): string => diasAtras(hojeNaUnidade(), PERIODO_PADRAO_DIAS - 1);

/** Dates 'yyyy-MM-dd' or 'dd/MM/yyyy' (invalid → the default); status a list, unknown values dropped. */
export const comprasSearchSchema = listSearchSchema.extend({
  dataInicio: dateOr(inicioPadrao),
  dataFim: dateOr(hojeNaUnidade),
  fornecedorId: uuidParam,
  status: listParam(STATUS_COMPRA),
});
export type ComprasSearch = SearchOf<typeof comprasSearchSchema>;

export const stripComprasDefaults: SearchMiddleware<ComprasSearch> = ({ search, next }) => {
  const result: Partial<ComprasSearch> = { ...next(search) };
  if (result.page === DEFAULT_PAGE) delete result.page;
  if (result.pageSize === DEFAULT_PAGE_SIZE) delete result.pageSize;
  if (result.dataInicio === inicioPadrao()) delete result.dataInicio;
  if (result.dataFim === hojeNaUnidade()) delete result.dataFim;
  if (result.status?.length === 0) delete result.status;
  return result as ComprasSearch;
};
