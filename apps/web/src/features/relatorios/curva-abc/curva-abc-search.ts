/**
 * Search params of the ABC screens (issue #20): the reports' common ones (relatorioSearchSchema:
 * page, pageSize, query, dataInicio, dataFim, produtoId) plus `classe` (A|B|C) and, for products,
 * `categoriaId` (the curve of that category). An invalid value is dropped. Without dates the
 * screens read the last 12 months (`periodoPadraoAbc`), not the API's current month.
 */
import { CLASSES_ABC_IDS } from '@petshop/shared/relatorios-abc';
import { z } from 'zod';
import { periodosRapidos } from '../components/periodos-rapidos.ts';
import { relatorioSearchSchema } from '../relatorio-search.ts';

const classeSearchSchema = z.enum(CLASSES_ABC_IDS).optional().catch(undefined);

export const curvaAbcClientesSearchSchema = relatorioSearchSchema.extend({ classe: classeSearchSchema });
export type CurvaAbcClientesSearch = z.output<typeof curvaAbcClientesSearchSchema>;

export const curvaAbcProdutosSearchSchema = curvaAbcClientesSearchSchema.extend({
  categoriaId: z.uuid().optional().catch(undefined),
});
export type CurvaAbcProdutosSearch = z.output<typeof curvaAbcProdutosSearchSchema>;

/** The preset an ABC screen opens with: one month is too little for a curve. */
export const PERIODO_PADRAO_ABC = 'Últimos 12 meses';

/**
 * The search with the default period filled in when the URL has none ("Últimos 12 meses" from
 * `hoje`, the unit's today): what the screen reads, exports and shows as the active preset.
 */
export const comPeriodoPadraoAbc = <S extends { dataInicio?: string | undefined; dataFim?: string | undefined }>(
  search: S,
  hoje: string,
): S => {
  if (search.dataInicio || search.dataFim) return search;
  const padrao = periodosRapidos(hoje).find((p) => p.label === PERIODO_PADRAO_ABC)!;
  return { ...search, dataInicio: padrao.dataInicio, dataFim: padrao.dataFim };
};
