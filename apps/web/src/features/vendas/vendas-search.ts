/**
 * Search params of /vendas/lista-de-vendas/ (spec §5 "Sales list"): page 1, pageSize 20, query
 * '', clienteId '', returnTo '', dataInicio and dataFim today (yyyy-MM-dd, the selected unit's
 * calendar day), statuses [] (all). Values at their default are left out of the URL.
 */
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, STATUS_VENDA } from '#lib/contrato-valores.ts';
import type { StatusVenda } from '@petshop/shared/venda';
import type { SearchMiddleware } from '@tanstack/react-router';
import { listSearchSchema } from '#lib/list/list-search.ts';
import { dateOr, listParam, stringParam, uuidParam, type SearchInputOf, type SearchOf } from '#lib/list/search-params.ts';
import { safeRedirectPath } from '#lib/session/safe-redirect.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

/** Only a path of this site: anything else is dropped (no open redirect through the back link). */
const returnToParam = (value: unknown): string | undefined => {
  const text = stringParam(value);
  return text && safeRedirectPath(text) === text ? text : undefined;
};

/**
 * Dates 'yyyy-MM-dd' or 'dd/MM/yyyy' (spec §5), missing or invalid → today; statuses from
 * '?statuses=["EmAberto"]' or 'EmAberto,Cancelada', unknown values dropped.
 */
export const vendasSearchSchema = listSearchSchema.extend({
  clienteId: uuidParam,
  returnTo: returnToParam,
  dataInicio: dateOr(hojeNaUnidade),
  dataFim: dateOr(hojeNaUnidade),
  statuses: listParam(STATUS_VENDA),
});

/** What a link to the list may say (every param optional). */
export type VendasSearchInput = SearchInputOf<typeof vendasSearchSchema>;
/** The validated search: every filter filled (dates default to today, statuses to []). */
export type VendasSearch = SearchOf<typeof vendasSearchSchema>;

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
