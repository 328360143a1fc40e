/**
 * Search params of the report screens (spec §2 "Reports under /relatorios/", §5): page (invalid
 * or zero → 1), pageSize (20), query, dataInicio and dataFim ('yyyy-MM-dd' or 'dd/MM/yyyy'; absent
 * → the API's default, the current month in the unit's time zone), produtoId. A report adds its
 * own filters with `.extend`. Values at their default are left out of the URL.
 */
import { listSearchSchema } from '#lib/list/list-search.ts';
import { dateParam, uuidParam, type SearchOf } from '#lib/list/search-params.ts';

/** A date param: 'yyyy-MM-dd' or 'dd/MM/yyyy'; anything else is absent. */
export const dataSearchParam = dateParam;

export const relatorioSearchSchema = listSearchSchema.extend({
  dataInicio: dataSearchParam,
  dataFim: dataSearchParam,
  produtoId: uuidParam,
});
export type RelatorioSearch = SearchOf<typeof relatorioSearchSchema>;
