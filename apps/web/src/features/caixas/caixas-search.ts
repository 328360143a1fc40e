/**
 * Search params of /vendas/movimentacoes-caixa/ (spec §5 "Cash movements list: dataInicio and
 * dataFim default to today"): page 1, pageSize 20, dataInicio and dataFim today (yyyy-MM-dd,
 * the selected unit's calendar day), optional caixaId and tipo. Defaults stay out of the URL.
 */
import { TIPOS_MOVIMENTACAO_CAIXA } from '@petshop/shared/caixa';
import { parseDateInput } from '@petshop/shared/format';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, pageSchema, pageSizeSchema } from '@petshop/shared/http';
import type { SearchMiddleware } from '@tanstack/react-router';
import { z } from 'zod';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

/** A date param: 'yyyy-MM-dd' or 'dd/MM/yyyy' (spec §5); missing or invalid → today. */
const dataParam = z.preprocess(
  (value) => (typeof value === 'string' ? parseDateInput(value) : null) ?? hojeNaUnidade(),
  z.string(),
);

export const movimentacoesCaixaSearchSchema = z.object({
  page: pageSchema.default(DEFAULT_PAGE),
  pageSize: pageSizeSchema.default(DEFAULT_PAGE_SIZE),
  dataInicio: dataParam.default(hojeNaUnidade),
  dataFim: dataParam.default(hojeNaUnidade),
  caixaId: z.uuid().optional().catch(undefined),
  tipo: z.enum(TIPOS_MOVIMENTACAO_CAIXA).optional().catch(undefined),
});

export type MovimentacoesCaixaSearchInput = z.input<typeof movimentacoesCaixaSearchSchema>;
export type MovimentacoesCaixaSearch = z.output<typeof movimentacoesCaixaSearchSchema>;

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
