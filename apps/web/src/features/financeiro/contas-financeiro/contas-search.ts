/**
 * Search params of /financeiro/contas/: the account whose statement is open (`contaId`; absent:
 * the first account), the period (the last 30 days of the unit's calendar by default, as the
 * API) and the statement's page. Values at their default stay out of the URL.
 */
import { parseDateInput } from '@petshop/shared/format';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, listQuerySchema } from '@petshop/shared/http';
import type { SearchMiddleware } from '@tanstack/react-router';
import { z } from 'zod';
import { diasAtras, hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

export const inicioPadraoExtrato = (): string => diasAtras(hojeNaUnidade(), 29);

const dataParam = (padrao: () => string) =>
  z.preprocess((value) => (typeof value === 'string' ? parseDateInput(value) : null) ?? padrao(), z.string());

export const contasSearchSchema = listQuerySchema.pick({ page: true, pageSize: true }).extend({
  contaId: z.uuid().optional().catch(undefined),
  dataInicio: dataParam(inicioPadraoExtrato).default(inicioPadraoExtrato),
  dataFim: dataParam(hojeNaUnidade).default(hojeNaUnidade),
});
export type ContasSearch = z.output<typeof contasSearchSchema>;

export const stripContasDefaults: SearchMiddleware<ContasSearch> = ({ search, next }) => {
  const result: Partial<ContasSearch> = { ...next(search) };
  if (result.page === DEFAULT_PAGE) delete result.page;
  if (result.pageSize === DEFAULT_PAGE_SIZE) delete result.pageSize;
  if (result.dataInicio === inicioPadraoExtrato()) delete result.dataInicio;
  if (result.dataFim === hojeNaUnidade()) delete result.dataFim;
  return result as ContasSearch;
};
