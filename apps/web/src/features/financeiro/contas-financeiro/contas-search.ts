/**
 * Search params of /financeiro/contas/: the account whose statement is open (`contaId`; absent:
 * the first account), the period (the last 30 days of the unit's calendar by default, as the
 * API) and the statement's page. Values at their default stay out of the URL.
 */
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '#lib/contrato-valores.ts';
import type { SearchMiddleware } from '@tanstack/react-router';
import { dateOr, pageParam, pageSizeParam, searchSchema, uuidParam, type SearchOf } from '#lib/list/search-params.ts';
import { diasAtras, hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

export const inicioPadraoExtrato = (): string => diasAtras(hojeNaUnidade(), 29);

export const contasSearchSchema = searchSchema({
  page: pageParam,
  pageSize: pageSizeParam,
  contaId: uuidParam,
  dataInicio: dateOr(inicioPadraoExtrato),
  dataFim: dateOr(hojeNaUnidade),
});
export type ContasSearch = SearchOf<typeof contasSearchSchema>;

export const stripContasDefaults: SearchMiddleware<ContasSearch> = ({ search, next }) => {
  const result: Partial<ContasSearch> = { ...next(search) };
  if (result.page === DEFAULT_PAGE) delete result.page;
  if (result.pageSize === DEFAULT_PAGE_SIZE) delete result.pageSize;
  if (result.dataInicio === inicioPadraoExtrato()) delete result.dataInicio;
  if (result.dataFim === hojeNaUnidade()) delete result.dataFim;
  return result as ContasSearch;
};
