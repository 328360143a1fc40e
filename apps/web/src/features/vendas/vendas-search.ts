/**
 * Search params of /vendas/lista-de-vendas/ (spec §5 "Sales list"): page 1, pageSize 20, query
 * '', clienteId '', returnTo '', dataInicio and dataFim today (yyyy-MM-dd, the selected unit's
 * calendar day), statuses [] (all). Values at their default are left out of the URL.
 */
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@petshop/shared/http';
import { parseDateInput } from '@petshop/shared/format';
import { STATUS_VENDA, type StatusVenda } from '@petshop/shared/venda';
import type { SearchMiddleware } from '@tanstack/react-router';
import { z } from 'zod';
import { listSearchSchema } from '#lib/list/list-search.ts';
import { safeRedirectPath } from '#lib/session/safe-redirect.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

/** A date param: 'yyyy-MM-dd' or 'dd/MM/yyyy' (spec §5); missing or invalid → today. */
const dataParam = z.preprocess(
  (value) => (typeof value === 'string' ? parseDateInput(value) : null) ?? hojeNaUnidade(),
  z.string(),
);

const isStatus = (value: unknown): value is StatusVenda => STATUS_VENDA.some((s) => s === value);

/** A list of statuses ('?statuses=["EmAberto"]' or 'EmAberto,Cancelada'); unknown values are dropped. */
const statusesParam = z.preprocess(
  (value) => {
    const list = Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? value.split(',') : [];
    return [...new Set(list.filter(isStatus))];
  },
  z.array(z.enum(STATUS_VENDA)),
);

/** Only a path of this site: anything else is dropped (no open redirect through the back link). */
const returnToParam = z
  .string()
  .optional()
  .catch(undefined)
  .transform((value) => (value && safeRedirectPath(value) === value ? value : undefined));

export const vendasSearchSchema = listSearchSchema.extend({
  clienteId: z.uuid().optional().catch(undefined),
  returnTo: returnToParam,
  dataInicio: dataParam.default(hojeNaUnidade),
  dataFim: dataParam.default(hojeNaUnidade),
  statuses: statusesParam.default(() => []),
});

/** What a link to the list may say (every param optional). */
export type VendasSearchInput = z.input<typeof vendasSearchSchema>;
/** The validated search: every filter filled (dates default to today, statuses to []). */
export type VendasSearch = z.output<typeof vendasSearchSchema>;

/**
 * Leaves the defaults out of the URL: page 1, pageSize 20, today's dates, no statuses. Today
 * is taken at each navigation, so a list opened yesterday and left open shows yesterday's
 * dates in its URL.
 */
export const stripVendasDefaults: SearchMiddleware<VendasSearch> = ({ search, next }) => {
  const result: Partial<VendasSearch> = { ...next(search) };
  const hoje = hojeNaUnidade();
  if (result.page === DEFAULT_PAGE) delete result.page;
  if (result.pageSize === DEFAULT_PAGE_SIZE) delete result.pageSize;
  if (result.dataInicio === hoje) delete result.dataInicio;
  if (result.dataFim === hoje) delete result.dataFim;
  if (result.statuses?.length === 0) delete result.statuses;
  return result as VendasSearch;
};

/** The API's query for these filters (GET /comercial/vendas and /vendas/resumo-venda). */
export type VendasFiltro = {
  dataInicio: string;
  dataFim: string;
  statuses: readonly StatusVenda[];
  clienteId?: string | undefined;
  query?: string | undefined;
};

export const filtroDaBusca = ({ dataInicio, dataFim, statuses, clienteId, query }: VendasSearch): VendasFiltro => ({
  dataInicio,
  dataFim,
  statuses,
  clienteId,
  query,
});

export type VendasListParams = VendasFiltro & { page: number; pageSize: number };

/** The filters as the API reads them: statuses comma-separated, empty values left out. */
export const vendasQueryParams = ({ statuses, clienteId, query, ...rest }: VendasFiltro & Partial<VendasListParams>) => ({
  ...rest,
  statuses: statuses.length > 0 ? statuses.join(',') : undefined,
  clienteId: clienteId || undefined,
  query: query || undefined,
});
