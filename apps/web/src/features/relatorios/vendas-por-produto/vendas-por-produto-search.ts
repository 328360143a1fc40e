/**
 * Search params of /relatorios/vendas-por-produto (issue #20): the reports' common ones
 * (relatorioSearchSchema: page, pageSize, query, dataInicio, dataFim, produtoId) plus the
 * category (with its sub-categories), the brand and the order. An invalid value is dropped.
 */
import { ORDENS_VENDAS_POR_PRODUTO } from '#lib/contrato-valores.ts';
import { enumParam, uuidParam, type SearchOf } from '#lib/list/search-params.ts';
import { relatorioSearchSchema } from '../relatorio-search.ts';

export const vendasPorProdutoSearchSchema = relatorioSearchSchema.extend({
  categoriaId: uuidParam,
  marcaId: uuidParam,
  ordem: enumParam(ORDENS_VENDAS_POR_PRODUTO),
});
export type VendasPorProdutoSearch = SearchOf<typeof vendasPorProdutoSearchSchema>;
