/**
 * Search params of /relatorios/produtos-proximos-vencimento (issue #20): the reports' common ones
 * (relatorioSearchSchema: page, pageSize, query, produtoId; no period) plus `dias` (1–365; absent
 * → the API's 60), `situacao` (todos | vencidos | a_vencer; absent → todos) and `categoriaId`.
 * An invalid value is dropped (the URL never breaks the screen).
 */
import { SITUACOES_VENCIMENTO, VENCIMENTO_DIAS_MAXIMO } from '#lib/contrato-valores.ts';
import { enumParam, intParam, uuidParam, type SearchOf } from '#lib/list/search-params.ts';
import { relatorioSearchSchema } from '../relatorio-search.ts';

export const vencimentoSearchSchema = relatorioSearchSchema.extend({
  dias: intParam(1, VENCIMENTO_DIAS_MAXIMO),
  situacao: enumParam(SITUACOES_VENCIMENTO),
  categoriaId: uuidParam,
});
export type VencimentoSearch = SearchOf<typeof vencimentoSearchSchema>;
