/**
 * Search params of list screens (spec §5): page 1, pageSize 20, optional query. Built on the
 * shared `listQuerySchema`; the query also accepts a number, because the router reads
 * `?query=123` typed by hand as the number 123.
 */
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, listQuerySchema, querySchema } from '@petshop/shared/http';
import { z } from 'zod';

export const searchTextSchema = z
  .preprocess((value) => (typeof value === 'number' ? String(value) : value), querySchema)
  .catch(undefined);

export const listSearchSchema = listQuerySchema.extend({ query: searchTextSchema });
export type ListSearchParams = z.output<typeof listSearchSchema>;

/** Optional boolean filter ('?ativo=true'); anything else is absent. */
export const booleanFilterSchema = z.boolean().optional().catch(undefined);

/** Defaults left out of the URL (`stripSearchParams`). */
export const LIST_SEARCH_DEFAULTS = { page: DEFAULT_PAGE, pageSize: DEFAULT_PAGE_SIZE };
