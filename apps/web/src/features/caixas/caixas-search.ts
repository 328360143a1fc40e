/**
 * Search params of /vendas/movimentacoes-caixa/ (spec §5 "Cash movements list: dataInicio and
 * dataFim default to today"): page 1, pageSize 20, dataInicio and dataFim today (yyyy-MM-dd,
 * the selected unit's calendar day), optional caixaId and tipo. Defaults stay out of the URL.
 */
import { TIPOS_MOVIMENTACAO_CAIXA, DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '#lib/contrato-valores.ts';
import type { SearchMiddleware } from '@tanstack/react-router';
import {
  dateOr,
  enumParam,
  pageParam,
  pageSizeParam,
  searchSchema,
  uuidParam,
  type SearchInputOf,
  type SearchOf,
} from '#lib/list/search-params.ts';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

/** Dates 'yyyy-MM-dd' or 'dd/MM/yyyy' (spec §5); missing or invalid → today. */
export const movimentacoesCaixaSearchSchema = searchSchema({
  page: pageParam,
  pageSize: pageSizeParam,
  dataInicio: dateOr(hojeNaUnidade),
  dataFim: dateOr(hojeNaUnidade),
  caixaId: uuidParam,
  tipo: enumParam(TIPOS_MOVIMENTACAO_CAIXA),
});

export type MovimentacoesCaixaSearchInput = SearchInputOf<typeof movimentacoesCaixaSearchSchema>;
export type MovimentacoesCaixaSearch = SearchOf<typeof movimentacoesCaixaSearchSchema>;

/** Leaves page 1, pageSize 20 and today's dates out of the URL. */
export const stripMovimentacoesCaixaDefaults: SearchMiddleware<MovimentacoesCaixaSearch> = ({ search, next }) => {
  const result: Partial<MovimentacoesCaixaSearch> = { ...next(search) };
  const hoje = hojeNaUnidade();
  if (result.page === DEFAULT_PAGE) delete result.page;
  if (result.pageSize === DEFAULT_PAGE_SIZE) delete result.pageSize;
  if (result.dataInicio === hoje) delete result.dataInicio;
  if (result.dataFim === hoje) delete result.dataFim;
  return result as MovimentacoesCaixaSearch;
};
