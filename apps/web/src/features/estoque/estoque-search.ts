/**
 * Search params of the stock reports (spec §2 "Reports"):
 * - /relatorios/posicao-estoque: page, pageSize, query, plus situacao (todos by default);
 * - /relatorios/movimentacoes-estoque: page, pageSize, query, dataInicio, dataFim (the last 30
 *   days of the unit's calendar by default, as the API), produtoId, plus tipo (a list).
 * Values at their default are left out of the URL.
 */
import {
  MOVIMENTACOES_DIAS_PADRAO,
  SITUACOES_ESTOQUE,
  TIPOS_MOVIMENTACAO_ESTOQUE,
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
} from '#lib/contrato-valores.ts';
import type { SearchMiddleware } from '@tanstack/react-router';
import { listSearchSchema } from '#lib/list/list-search.ts';
import { dateOr, enumParam, listParam, uuidParam, type SearchInputOf, type SearchOf } from '#lib/list/search-params.ts';
import { diasAtras, hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

/** First day of the default period: 30 days including today. */
export const inicioPadrao = (): string => diasAtras(hojeNaUnidade(), MOVIMENTACOES_DIAS_PADRAO - 1);

// ---------------------------------------------------------------------------------------------
// Position
// ---------------------------------------------------------------------------------------------

export const posicaoEstoqueSearchSchema = listSearchSchema.extend({ situacao: enumParam(SITUACOES_ESTOQUE) });
export type PosicaoEstoqueSearch = SearchOf<typeof posicaoEstoqueSearchSchema>;

// ---------------------------------------------------------------------------------------------
// Ledger
// ---------------------------------------------------------------------------------------------

/** Dates 'yyyy-MM-dd' or 'dd/MM/yyyy' (missing or invalid → the default); `tipo` from '?tipo=["ajuste_entrada"]' or 'ajuste_entrada,ajuste_saida', unknown values dropped. */
export const movimentacoesEstoqueSearchSchema = listSearchSchema.extend({
  dataInicio: dateOr(inicioPadrao),
  dataFim: dateOr(hojeNaUnidade),
  produtoId: uuidParam,
  tipo: listParam(TIPOS_MOVIMENTACAO_ESTOQUE),
});
export type MovimentacoesEstoqueSearchInput = SearchInputOf<typeof movimentacoesEstoqueSearchSchema>;
export type MovimentacoesEstoqueSearch = SearchOf<typeof movimentacoesEstoqueSearchSchema>;

/** Leaves page 1, pageSize 20, the default period and no types out of the URL. */
export const stripMovimentacoesDefaults: SearchMiddleware<MovimentacoesEstoqueSearch> = ({ search, next }) => {
  const result: Partial<MovimentacoesEstoqueSearch> = { ...next(search) };
  if (result.page === DEFAULT_PAGE) delete result.page;
  if (result.pageSize === DEFAULT_PAGE_SIZE) delete result.pageSize;
  if (result.dataInicio === inicioPadrao()) delete result.dataInicio;
  if (result.dataFim === hojeNaUnidade()) delete result.dataFim;
  if (result.tipo?.length === 0) delete result.tipo;
  return result as MovimentacoesEstoqueSearch;
};
