/**
 * Search params of /financeiro/recebimentos/: the period on the expected receipt date (today to
 * 30 days ahead by default, as the API; past periods allowed) and the day whose receivables are
 * listed (`dia`; absent: today when in the period, else the period's first day with receipts).
 */
import { parseDateInput } from '@petshop/shared/format';
import { addDays } from '@petshop/shared/venda';
import type { SearchMiddleware } from '@tanstack/react-router';
import { z } from 'zod';
import { hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

/** Days ahead of today of the default period. */
export const RECEBIMENTOS_DIAS_A_FRENTE = 30;

export const fimPadrao = (): string => addDays(hojeNaUnidade(), RECEBIMENTOS_DIAS_A_FRENTE);

const dataParam = (padrao: () => string) =>
  z.preprocess((value) => (typeof value === 'string' ? parseDateInput(value) : null) ?? padrao(), z.string());

export const recebimentosSearchSchema = z.object({
  dataInicio: dataParam(hojeNaUnidade).default(hojeNaUnidade),
  dataFim: dataParam(fimPadrao).default(fimPadrao),
  dia: z
    .preprocess((v) => (typeof v === 'string' ? (parseDateInput(v) ?? undefined) : undefined), z.string().optional())
    .catch(undefined),
});
export type RecebimentosSearch = z.output<typeof recebimentosSearchSchema>;

export const stripRecebimentosDefaults: SearchMiddleware<RecebimentosSearch> = ({ search, next }) => {
  const result: Partial<RecebimentosSearch> = { ...next(search) };
  if (result.dataInicio === hojeNaUnidade()) delete result.dataInicio;
  if (result.dataFim === fimPadrao()) delete result.dataFim;
  if (!result.dia) delete result.dia;
  return result as RecebimentosSearch;
};
