/**
 * Search params of the report screens (spec §2 "Reports under /relatorios/", §5): page (invalid
 * or zero → 1), pageSize (20), query, dataInicio and dataFim ('yyyy-MM-dd' or 'dd/MM/yyyy'; absent
 * → the API's default, the current month in the unit's time zone), produtoId. A report adds its
 * own filters with `.extend`. Values at their default are left out of the URL.
 */
import { parseDateInput } from '@petshop/shared/format';
import { z } from 'zod';
import { listSearchSchema } from '#lib/list/list-search.ts';

/** A date param: 'yyyy-MM-dd' or 'dd/MM/yyyy'; anything else is absent. */
export const dataSearchSchema = z
  .preprocess((value) => (typeof value === 'string' ? (parseDateInput(value) ?? undefined) : undefined), z.string().optional())
  .catch(undefined);

const uuidSearchSchema = z.uuid().optional().catch(undefined);

export const relatorioSearchSchema = listSearchSchema.extend({
  dataInicio: dataSearchSchema,
  dataFim: dataSearchSchema,
  produtoId: uuidSearchSchema,
});
export type RelatorioSearch = z.output<typeof relatorioSearchSchema>;
