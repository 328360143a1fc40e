/**
 * Search params read without zod (issue #22 item 8): every route's `validateSearch` runs in the
 * entry chunk, and zod (~22 KB brotli) there was on the login page only for them.
 *
 * `searchSchema({ page: pageParam, query: textParam, … })` reads each param with its own function
 * (a `SearchParam`: whatever the router parsed from the URL in, the value out, never throws: an
 * invalid value falls back to its default or is absent, as the zod schemas' `.catch` did). The
 * result keeps the zod-like surface the routes and tests use: `.parse(search)`, `.extend(fields)`,
 * and the types TanStack Router reads (`types.input`: what a link may pass, every param optional;
 * `types.output`: what the route reads). Params that read undefined are left out of the result.
 */
import { parseDateInput } from '@petshop/shared/format';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '#lib/contrato-valores.ts';

/** One search param: the router's value (string, number, boolean, array, object or undefined) in, the param out. */
export type SearchParam<T> = (value: unknown) => T;

type SearchFields = Record<string, SearchParam<unknown>>;

type OptionalKeys<F extends SearchFields> = { [K in keyof F]: undefined extends ReturnType<F[K]> ? K : never }[keyof F];

/** What the route reads: a param that may read undefined is an optional key. */
export type SearchOutput<F extends SearchFields> = {
  [K in Exclude<keyof F, OptionalKeys<F>>]: ReturnType<F[K]>;
} & { [K in OptionalKeys<F>]?: ReturnType<F[K]> };

/** What a link may pass: every param optional. */
export type SearchInput<F extends SearchFields> = { [K in keyof F]?: ReturnType<F[K]> | undefined };

export type SearchSchema<F extends SearchFields> = {
  readonly fields: F;
  /** Reads the search params; never throws. */
  parse: (input: unknown) => SearchOutput<F>;
  /** This schema with more params (or some replaced). */
  extend: <G extends SearchFields>(more: G) => SearchSchema<Omit<F, keyof G> & G>;
  /** Types only (TanStack Router's validator adapter); not present at run time. */
  readonly types: { input: SearchInput<F>; output: SearchOutput<F> };
};

/** The validated search of a schema. */
export type SearchOf<S extends { types: { output: unknown } }> = S['types']['output'];
/** What a link to a schema's route may pass. */
export type SearchInputOf<S extends { types: { input: unknown } }> = S['types']['input'];

/** A route's search params read by `fields` (see the module's comment). */
export const searchSchema = <F extends SearchFields>(fields: F): SearchSchema<F> => {
  const parse = (input: unknown) => {
    const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(fields)) {
      const value = fields[key]!(raw[key]);
      if (value !== undefined) out[key] = value;
    }
    return out as SearchOutput<F>;
  };
  const extend = <G extends SearchFields>(more: G) => searchSchema({ ...fields, ...more } as Omit<F, keyof G> & G);
  return { fields, parse, extend } as SearchSchema<F>;
};

/** page: a whole number ≥ 1; anything else (absent, invalid, zero) is 1 (spec §5). */
export const pageParam: SearchParam<number> = (value) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : DEFAULT_PAGE;
};

/** pageSize: 1..100 (above 100 → 100); anything else is 20 (spec §5). */
export const pageSizeParam: SearchParam<number> = (value) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
};

/**
 * Free text ('?query='): trimmed, '' absent, over `max` characters absent. A number is read as its
 * text (the router reads `?query=123` typed by hand as the number 123).
 */
export const textParam =
  (max = 200): SearchParam<string | undefined> =>
  (value) => {
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : undefined;
    return text && text.length <= max ? text : undefined;
  };

/** Any string as it is ('?returnTo=', '?token='); anything else is absent. */
export const stringParam: SearchParam<string | undefined> = (value) => (typeof value === 'string' ? value : undefined);

/** A boolean ('?ativo=true', read by the router as true); anything else is absent. */
export const booleanParam: SearchParam<boolean | undefined> = (value) => (typeof value === 'boolean' ? value : undefined);

/** RFC 9562 UUID, as zod's `z.uuid()`. */
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/** An id filter ('?especieId=…'): a UUID, anything else absent. */
export const uuidParam: SearchParam<string | undefined> = (value) =>
  typeof value === 'string' && UUID.test(value) ? value : undefined;

/** One of `values`; anything else absent. */
export const enumParam =
  <const T extends string>(values: readonly T[]): SearchParam<T | undefined> =>
  (value) =>
    values.includes(value as T) ? (value as T) : undefined;

/** One of `values`, else `fallback` (absent or invalid). */
export const enumOr =
  <const T extends string>(values: readonly T[], fallback: T): SearchParam<T> =>
  (value) =>
    values.includes(value as T) ? (value as T) : fallback;

/**
 * A list of known values, from the router's JSON array, `?status=a,b`, or one value; unknown
 * values dropped, duplicates removed, in the order given. Absent → [].
 */
export const listParam =
  <const T extends string>(values: readonly T[]): SearchParam<T[]> =>
  (value) => {
    const list: unknown[] = Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? value.split(',') : [];
    return [...new Set(list.map(String).filter((v): v is T => values.includes(v as T)))];
  };

/** A date ('yyyy-MM-dd' or 'dd/MM/yyyy' → 'yyyy-MM-dd'); anything else absent. */
export const dateParam: SearchParam<string | undefined> = (value) =>
  typeof value === 'string' ? (parseDateInput(value) ?? undefined) : undefined;

/** A date ('yyyy-MM-dd' or 'dd/MM/yyyy' → 'yyyy-MM-dd'); absent or invalid → `fallback()` (today, the period's start…). */
export const dateOr =
  (fallback: () => string): SearchParam<string> =>
  (value) =>
    dateParam(value) ?? fallback();

/** A whole number in min..max (a numeric text too); anything else absent. */
export const intParam =
  (min: number, max: number): SearchParam<number | undefined> =>
  (value) => {
    if (value === undefined) return undefined;
    const n = Number(value);
    return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
  };

/** A boolean, else `fallback` (absent or not a boolean). */
export const booleanOr =
  (fallback: boolean): SearchParam<boolean> =>
  (value) =>
    typeof value === 'boolean' ? value : fallback;

/** An ISO date only ('yyyy-MM-dd', a real day of the calendar, as zod's `z.iso.date()`); anything else absent. */
export const isoDateParam: SearchParam<string | undefined> = (value) => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? value : undefined;
};

/** A string matching `pattern`; anything else absent. */
export const patternParam =
  (pattern: RegExp): SearchParam<string | undefined> =>
  (value) =>
    typeof value === 'string' && pattern.test(value) ? value : undefined;
