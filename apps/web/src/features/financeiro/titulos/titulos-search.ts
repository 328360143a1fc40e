/**
 * Search params of /financeiro/despesas/ and /financeiro/receitas/ (issue #6 item 4): page 1,
 * pageSize 20, query, the due-date period (none by default, as the API: every due date),
 * status (several of FILTROS_STATUS_FINANCEIRO, 'Vencida' included; none = all but Cancelada),
 * category, payment method and account; payables also by supplier and recurrence, receivables
 * by customer and payment-method kind. The overview links here with `?status=Vencida`.
 * Values at their default are left out of the URL.
 */
import { FILTROS_STATUS_FINANCEIRO, TIPOS_FORMA_PAGAMENTO, DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '#lib/contrato-valores.ts';
import type { SearchMiddleware } from '@tanstack/react-router';
import { listSearchSchema } from '#lib/list/list-search.ts';
import { dateParam, enumParam, listParam, uuidParam, type SearchOf } from '#lib/list/search-params.ts';

/** Dates 'yyyy-MM-dd' or 'dd/MM/yyyy' (else absent); lists from `?status=a,b`, a repeated param or the router's JSON array, unknown values dropped. */
const titulosSearch = listSearchSchema.extend({
  dataInicio: dateParam,
  dataFim: dateParam,
  status: listParam(FILTROS_STATUS_FINANCEIRO),
  categoriaFinanceiraId: uuidParam,
  formaPagamentoId: uuidParam,
  contaId: uuidParam,
});

/** `visao=todas`: every payable, without the default view (see `consultaDespesas`). */
export const despesasSearchSchema = titulosSearch.extend({
  fornecedorId: uuidParam,
  recorrenciaId: uuidParam,
  visao: enumParam(['todas']),
});
export type DespesasSearch = SearchOf<typeof despesasSearchSchema>;

/** The open statuses: what is still to pay. */
export const STATUS_ABERTOS = ['EmAberto', 'BaixaParcial'] as const;

/** Which of the payables' views the search is: 'aVencer' (the default), 'vencidas', 'todas', or null (filters of one's own). */
export const visaoDespesas = (search: DespesasSearch): 'aVencer' | 'vencidas' | 'todas' | null => {
  const semFiltro = !search.dataInicio && !search.dataFim && !search.query;
  if (semFiltro && search.status.length === 0) return search.visao === 'todas' ? 'todas' : 'aVencer';
  if (semFiltro && search.status.length === 1 && search.status[0] === 'Vencida') return 'vencidas';
  return null;
};

/**
 * The payables list's query (issue #15 item 3: it opens on what is due now, nearest first):
 * with no status, period nor text asked (and not `visao=todas`), open ones due from `hoje`
 * ('yyyy-MM-dd', the unit's today) on, by due date; overdue ones are counted apart
 * (`?status=Vencida`). Anything asked is sent as asked.
 */
export const consultaDespesas = (search: DespesasSearch, hoje: string): Omit<DespesasSearch, 'visao'> => {
  const { visao: _visao, ...consulta } = search;
  return visaoDespesas(search) === 'aVencer' ? { ...consulta, status: [...STATUS_ABERTOS], dataInicio: hoje } : consulta;
};

export const receitasSearchSchema = titulosSearch.extend({ pessoaId: uuidParam, tipoForma: listParam(TIPOS_FORMA_PAGAMENTO) });
export type ReceitasSearch = SearchOf<typeof receitasSearchSchema>;

export type TitulosSearch = SearchOf<typeof titulosSearch>;

/** Leaves page 1, pageSize 20 and empty lists out of the URL. */
export const stripTitulosDefaults = <S extends TitulosSearch>(): SearchMiddleware<S> =>
  function strip({ search, next }) {
    const result: Partial<Record<string, unknown>> = { ...next(search) };
    if (result.page === DEFAULT_PAGE) delete result.page;
    if (result.pageSize === DEFAULT_PAGE_SIZE) delete result.pageSize;
    for (const [k, v] of Object.entries(result)) if ((Array.isArray(v) && v.length === 0) || v === undefined) delete result[k];
    return result as S;
  };

/** The list's filters as the API reads them: lists comma-separated, empty values left out. */
export const titulosQueryParams = (search: Record<string, unknown>): Record<string, string | number> => {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(search)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) {
      if (v.length > 0) out[k] = v.join(',');
    } else if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  }
  return out;
};
