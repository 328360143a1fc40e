/**
 * Search params of /banho-tosa/ (spec §2, §5): page 1, pageSize 20, query '' (pet, owner or
 * type), data today ('yyyy-MM-dd', the selected unit's calendar day; 'dd/MM/yyyy' accepted),
 * boxId and responsavelId (optional filters). Values at their default are left out of the URL.
 */
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '#lib/contrato-valores.ts';
import type { SearchMiddleware } from '@tanstack/react-router';
import { listSearchSchema } from '#lib/list/list-search.ts';
import { dateOr, uuidParam, type SearchInputOf, type SearchOf } from '#lib/list/search-params.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

/** `data`: 'yyyy-MM-dd' or 'dd/MM/yyyy'; missing or invalid → today. */
export const banhoTosaSearchSchema = listSearchSchema.extend({
  data: dateOr(hojeNaUnidade),
  boxId: uuidParam,
  responsavelId: uuidParam,
});

/** What a link to the board may say (every param optional). */
export type BanhoTosaSearchInput = SearchInputOf<typeof banhoTosaSearchSchema>;
/** The validated search: `data` always filled (today by default). */
export type BanhoTosaSearch = SearchOf<typeof banhoTosaSearchSchema>;

/** Leaves the defaults out of the URL: page 1, pageSize 20, today's date (taken at each navigation). */
export const stripBanhoTosaDefaults: SearchMiddleware<BanhoTosaSearch> = ({ search, next }) => {
  const result: Partial<BanhoTosaSearch> = { ...next(search) };
  if (result.page === DEFAULT_PAGE) delete result.page;
  if (result.pageSize === DEFAULT_PAGE_SIZE) delete result.pageSize;
  if (result.data === hojeNaUnidade()) delete result.data;
  if (!result.query) delete result.query;
  return result as BanhoTosaSearch;
};
