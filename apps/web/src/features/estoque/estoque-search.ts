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
  type TipoMovimentacaoEstoque,
} from '@petshop/shared/estoque';
import { parseDateInput } from '@petshop/shared/format';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@petshop/shared/http';
import type { SearchMiddleware } from '@tanstack/react-router';
import { z } from 'zod';
import { listSearchSchema } from '#lib/list/list-search.ts';
import { diasAtras, hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

/** First day of the default period: 30 days including today. */
export const inicioPadrao = (): string => diasAtras(hojeNaUnidade(), MOVIMENTACOES_DIAS_PADRAO - 1);

// ---------------------------------------------------------------------------------------------
// Position
// ---------------------------------------------------------------------------------------------

export const posicaoEstoqueSearchSchema = listSearchSchema.extend({
  situacao: z.enum(SITUACOES_ESTOQUE).optional().catch(undefined),
});
export type PosicaoEstoqueSearch = z.output<typeof posicaoEstoqueSearchSchema>;

// ---------------------------------------------------------------------------------------------
// Ledger
// ---------------------------------------------------------------------------------------------

/** A date param: 'yyyy-MM-dd' or 'dd/MM/yyyy'; missing or invalid → the default. */
const dataParam = (padrao: () => string) =>
  z.preprocess((value) => (typeof value === 'string' ? parseDateInput(value) : null) ?? padrao(), z.string());

const isTipo = (value: unknown): value is TipoMovimentacaoEstoque => TIPOS_MOVIMENTACAO_ESTOQUE.some((t) => t === value);

/** '?tipo=["ajuste_entrada"]' or 'ajuste_entrada,ajuste_saida'; unknown values are dropped. */
const tiposParam = z.preprocess(
  (value) => {
    const list = Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? value.split(',') : [];
    return [...new Set(list.filter(isTipo))];
  },
  z.array(z.enum(TIPOS_MOVIMENTACAO_ESTOQUE)),
);

export const movimentacoesEstoqueSearchSchema = listSearchSchema.extend({
  dataInicio: dataParam(inicioPadrao).default(inicioPadrao),
  dataFim: dataParam(hojeNaUnidade).default(hojeNaUnidade),
  produtoId: z.uuid().optional().catch(undefined),
  tipo: tiposParam.default(() => []),
});
export type MovimentacoesEstoqueSearchInput = z.input<typeof movimentacoesEstoqueSearchSchema>;
export type MovimentacoesEstoqueSearch = z.output<typeof movimentacoesEstoqueSearchSchema>;

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
