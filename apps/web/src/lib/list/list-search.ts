/**
 * Search params of list screens (spec §5): page 1, pageSize 20, optional query (the shared
 * `listQuerySchema`'s rules, read without zod: lib/list/search-params.ts). The query also accepts
 * a number, because the router reads `?query=123` typed by hand as the number 123.
 */
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '#lib/contrato-valores.ts';
import { booleanParam, pageParam, pageSizeParam, searchSchema, textParam, type SearchOf } from './search-params.ts';

/** The list's free text: trimmed, '' absent, at most 200 characters (else absent). */
export const searchTextParam = textParam(200);

export const listSearchSchema = searchSchema({ page: pageParam, pageSize: pageSizeParam, query: searchTextParam });
export type ListSearchParams = SearchOf<typeof listSearchSchema>;

/** Optional boolean filter ('?ativo=true'); anything else is absent. */
export const booleanFilterParam = booleanParam;

/** Defaults left out of the URL (`stripSearchParams`). */
export const LIST_SEARCH_DEFAULTS = { page: DEFAULT_PAGE, pageSize: DEFAULT_PAGE_SIZE };
