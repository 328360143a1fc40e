/**
 * Search params of /financeiro/despesas/ and /financeiro/receitas/ (issue #6 item 4): page 1,
 * pageSize 20, query, the due-date period (none by default, as the API: every due date),
 * status (several of FILTROS_STATUS_FINANCEIRO, 'Vencida' included; none = all but Cancelada),
 * category, payment method and account; payables also by supplier and recurrence, receivables
 * by customer and payment-method kind. The overview links here with `?status=Vencida`.
 * Values at their default are left out of the URL.
 */
import { FILTROS_STATUS_FINANCEIRO } from '@petshop/shared/financeiro';
import { parseDateInput } from '@petshop/shared/format';
import { TIPOS_FORMA_PAGAMENTO } from '@petshop/shared/forma-pagamento';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@petshop/shared/http';
import type { SearchMiddleware } from '@tanstack/react-router';
import { z } from 'zod';
import { listSearchSchema } from '#lib/list/list-search.ts';

/** 'yyyy-MM-dd' or 'dd/MM/yyyy' → 'yyyy-MM-dd'; anything else is absent. */
const dataParam = z
  .preprocess((value) => (typeof value === 'string' ? (parseDateInput(value) ?? undefined) : undefined), z.string().optional())
  .catch(undefined);

/** A list of known values, from `?status=a,b`, a repeated param or the router's JSON array; unknown values dropped. */
const listaParam = <const T extends readonly [string, ...string[]]>(valores: T) =>
  z
    .preprocess(
      (value) => {
        const lista = Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? value.split(',') : [];
        return [...new Set(lista.map(String).filter((v) => (valores as readonly string[]).includes(v)))];
      },
      z.array(z.enum(valores)),
    )
    .default(() => []);

const uuidParam = z.uuid().optional().catch(undefined);

const titulosSearch = listSearchSchema.extend({
  dataInicio: dataParam,
  dataFim: dataParam,
  status: listaParam(FILTROS_STATUS_FINANCEIRO),
  categoriaFinanceiraId: uuidParam,
  formaPagamentoId: uuidParam,
  contaId: uuidParam,
});

/** `visao=todas`: every payable, without the default view (see `consultaDespesas`). */
export const despesasSearchSchema = titulosSearch.extend({
  fornecedorId: uuidParam,
  recorrenciaId: uuidParam,
  visao: z.literal('todas').optional().catch(undefined),
});
export type DespesasSearch = z.output<typeof despesasSearchSchema>;

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

export const receitasSearchSchema = titulosSearch.extend({ pessoaId: uuidParam, tipoForma: listaParam(TIPOS_FORMA_PAGAMENTO) });
export type ReceitasSearch = z.output<typeof receitasSearchSchema>;

export type TitulosSearch = z.output<typeof titulosSearch>;

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
