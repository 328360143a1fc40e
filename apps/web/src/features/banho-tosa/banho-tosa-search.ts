/**
 * Search params of /banho-tosa/ (spec §2, §5): page 1, pageSize 20, query '' (pet, owner or
 * type), data today ('yyyy-MM-dd', the selected unit's calendar day; 'dd/MM/yyyy' accepted),
 * boxId and responsavelId (optional filters). Values at their default are left out of the URL.
 */
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@petshop/shared/http';
import { parseDateInput } from '@petshop/shared/format';
import type { SearchMiddleware } from '@tanstack/react-router';
import { z } from 'zod';
import { listSearchSchema } from '#lib/list/list-search.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

/** A date param: 'yyyy-MM-dd' or 'dd/MM/yyyy'; missing or invalid → today. */
const dataParam = z.preprocess(
  (value) => (typeof value === 'string' ? parseDateInput(value) : null) ?? hojeNaUnidade(),
  z.string(),
);

export const banhoTosaSearchSchema = listSearchSchema.extend({
  data: dataParam.default(hojeNaUnidade),
  boxId: z.uuid().optional().catch(undefined),
  responsavelId: z.uuid().optional().catch(undefined),
});

/** What a link to the board may say (every param optional). */
export type BanhoTosaSearchInput = z.input<typeof banhoTosaSearchSchema>;
/** The validated search: `data` always filled (today by default). */
export type BanhoTosaSearch = z.output<typeof banhoTosaSearchSchema>;

/** Leaves the defaults out of the URL: page 1, pageSize 20, today's date (taken at each navigation). */
export const stripBanhoTosaDefaults: SearchMiddleware<BanhoTosaSearch> = ({ search, next }) => {
  const result: Partial<BanhoTosaSearch> = { ...next(search) };
  if (result.page === DEFAULT_PAGE) delete result.page;
  if (result.pageSize === DEFAULT_PAGE_SIZE) delete result.pageSize;
  if (result.data === hojeNaUnidade()) delete result.data;
  if (!result.query) delete result.query;
  return result as BanhoTosaSearch;
};
