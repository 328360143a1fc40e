/**
 * Search params of /financeiro/recebimentos/: the period on the expected receipt date (today to
 * 30 days ahead by default, as the API; past periods allowed) and the day whose receivables are
 * listed (`dia`; absent: today when in the period, else the period's first day with receipts).
 */
import type { SearchMiddleware } from '@tanstack/react-router';
import { dateOr, dateParam, searchSchema, type SearchOf } from '#lib/list/search-params.ts';
import { diasDepois, hojeNaUnidade } from '#lib/session/hoje-na-unidade.ts';

/** Days ahead of today of the default period. */
export const RECEBIMENTOS_DIAS_A_FRENTE = 30;

export const fimPadrao = (): string => diasDepois(hojeNaUnidade(), RECEBIMENTOS_DIAS_A_FRENTE);

export const recebimentosSearchSchema = searchSchema({
  dataInicio: dateOr(hojeNaUnidade),
  dataFim: dateOr(fimPadrao),
  dia: dateParam,
});
export type RecebimentosSearch = SearchOf<typeof recebimentosSearchSchema>;

export const stripRecebimentosDefaults: SearchMiddleware<RecebimentosSearch> = ({ search, next }) => {
  const result: Partial<RecebimentosSearch> = { ...next(search) };
  if (result.dataInicio === hojeNaUnidade()) delete result.dataInicio;
  if (result.dataFim === fimPadrao()) delete result.dataFim;
  if (!result.dia) delete result.dia;
  return result as RecebimentosSearch;
};
