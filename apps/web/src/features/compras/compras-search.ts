/**
 * Search params of /compras/ (issue #5 item 5): page 1, pageSize 20, query, the entry-date
 * period (the last 30 days of the unit's calendar by default, as the API), fornecedorId and
 * status (a list; all when empty). Values at their default are left out of the URL.
 */
import { STATUS_COMPRA, type StatusCompra } from '@petshop/shared/compra';
import { parseDateInput } from '@petshop/shared/format';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@petshop/shared/http';
import type { SearchMiddleware } from '@tanstack/react-router';
import { z } from 'zod';
import { listSearchSchema } from '#lib/list/list-search.ts';
import { diasAtras, hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

/** Days of the default period (today included). */
export const PERIODO_PADRAO_DIAS = 30;

export const inicioPadrao = (): string => diasAtras(hojeNaUnidade(), PERIODO_PADRAO_DIAS - 1);

const dataParam = (padrao: () => string) =>
  z.preprocess((value) => (typeof value === 'string' ? parseDateInput(value) : null) ?? padrao(), z.string());

const isStatus = (value: unknown): value is StatusCompra => STATUS_COMPRA.some((s) => s === value);

const statusParam = z.preprocess(
  (value) => {
    const list = Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? value.split(',') : [];
    return [...new Set(list.filter(isStatus))];
  },
  z.array(z.enum(STATUS_COMPRA)),
);

export const comprasSearchSchema = listSearchSchema.extend({
  dataInicio: dataParam(inicioPadrao).default(inicioPadrao),
  dataFim: dataParam(hojeNaUnidade).default(hojeNaUnidade),
  fornecedorId: z.uuid().optional().catch(undefined),
  status: statusParam.default(() => []),
});
export type ComprasSearch = z.output<typeof comprasSearchSchema>;

export const stripComprasDefaults: SearchMiddleware<ComprasSearch> = ({ search, next }) => {
  const result: Partial<ComprasSearch> = { ...next(search) };
  if (result.page === DEFAULT_PAGE) delete result.page;
  if (result.pageSize === DEFAULT_PAGE_SIZE) delete result.pageSize;
  if (result.dataInicio === inicioPadrao()) delete result.dataInicio;
  if (result.dataFim === hojeNaUnidade()) delete result.dataFim;
  if (result.status?.length === 0) delete result.status;
  return result as ComprasSearch;
};
