/**
 * HTTP contracts every resource shares: list queries, paged answers and the error map.
 * Source: product spec §5 (defaults), §8 (error catalogue); ARCHITECTURE.md "API conventions".
 */
import { z } from 'zod';
import './zod-pt.ts';

/** Default page (spec §9). */
export const DEFAULT_PAGE = 1;
/** Default page size (spec §9). */
export const DEFAULT_PAGE_SIZE = 20;
/** Largest page size the API serves (ARCHITECTURE.md). */
export const MAX_PAGE_SIZE = 100;

/**
 * Treats null, '' and whitespace-only strings as absent (spec §5: "an empty query ... is treated
 * as absent"); null too, so a record the API answered (absent fields are null) can be sent back.
 */
export const emptyToUndefined = (value: unknown): unknown =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/**
 * page: whole number ≥ 1; anything invalid or zero falls back to 1 (spec §5).
 * Used for URL search params and API queries alike.
 */
export const pageSchema = z.preprocess((value) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : DEFAULT_PAGE;
}, z.number().int().min(1));

/** pageSize: 1..100, default 20; invalid values fall back to 20. */
export const pageSizeSchema = z.preprocess((value) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
}, z.number().int().min(1).max(MAX_PAGE_SIZE));

/** Optional free-text search; '' is absent. */
export const querySchema = z.preprocess(emptyToUndefined, z.string().trim().max(200).optional());

/** The list query every list endpoint and list screen accepts: `{ page, pageSize, query? }`. */
export const listQuerySchema = z.object({
  page: pageSchema.default(DEFAULT_PAGE),
  pageSize: pageSizeSchema.default(DEFAULT_PAGE_SIZE),
  query: querySchema,
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Builds the paged answer schema `{ items, total, page, pageSize }` for an item schema. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/** A paged answer. */
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/**
 * Error body for 400/403/404/409: `{ errors: { <field>: [msg], generalErrors: [msg] } }`.
 * Field keys use dots for nested fields (`endereco.cep`, `unidades.0.perfilId`).
 */
export const apiErrorSchema = z.object({
  errors: z.record(z.string(), z.array(z.string())),
});
export type ApiErrors = Record<string, string[]>;

/** The key for errors that belong to no field (spec §5). */
export const GENERAL_ERRORS = 'generalErrors';

/** Messages of spec §8, shown to the user verbatim. */
export const HTTP_MESSAGES = {
  unauthorized: 'Acesso não autorizado',
  forbidden: 'Você não tem permissão para esta ação',
  notFound: 'Registro não encontrado',
  internal: 'Erro interno no servidor',
  network: 'Não foi possível se comunicar com o servidor',
} as const;

/** `{ id }` path parameter (uuid). */
export const idParamsSchema = z.object({ id: z.uuid({ error: 'Identificador inválido' }) });

/** Uniform answer for deletes and other actions without a body worth returning. */
export const okSchema = z.object({ ok: z.literal(true) });
