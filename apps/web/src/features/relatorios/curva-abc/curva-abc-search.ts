/**
 * Search params of the ABC screens (issue #20): the reports' common ones (relatorioSearchSchema:
 * page, pageSize, query, dataInicio, dataFim, produtoId) plus `classe` (A|B|C) and, for products,
 * `categoriaId` (the curve of that category). An invalid value is dropped. Without dates the
 * screens read the last 12 months (`comPeriodoPadraoAbc`, in curva-abc-periodo.ts: it needs dayjs,
 * which this module, in the entry chunk, must not import), not the API's current month.
 */
import { CLASSES_ABC_IDS } from '#lib/contrato-valores.ts';
import { enumParam, uuidParam, type SearchOf } from '#lib/list/search-params.ts';
import { relatorioSearchSchema } from '../relatorio-search.ts';

export const curvaAbcClientesSearchSchema = relatorioSearchSchema.extend({ classe: enumParam(CLASSES_ABC_IDS) });
export type CurvaAbcClientesSearch = SearchOf<typeof curvaAbcClientesSearchSchema>;

export const curvaAbcProdutosSearchSchema = curvaAbcClientesSearchSchema.extend({ categoriaId: uuidParam });
export type CurvaAbcProdutosSearch = SearchOf<typeof curvaAbcProdutosSearchSchema>;
