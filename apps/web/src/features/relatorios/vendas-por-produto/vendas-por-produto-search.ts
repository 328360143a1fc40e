/**
 * Search params of /relatorios/vendas-por-produto (issue #20): the reports' common ones
 * (relatorioSearchSchema: page, pageSize, query, dataInicio, dataFim, produtoId) plus the
 * category (with its sub-categories), the brand and the order. An invalid value is dropped.
 */
import { ORDENS_VENDAS_POR_PRODUTO } from '@petshop/shared/relatorios-vendas';
import { z } from 'zod';
import { relatorioSearchSchema } from '../relatorio-search.ts';

export const vendasPorProdutoSearchSchema = relatorioSearchSchema.extend({
  categoriaId: z.uuid().optional().catch(undefined),
  marcaId: z.uuid().optional().catch(undefined),
  ordem: z.enum(ORDENS_VENDAS_POR_PRODUTO).optional().catch(undefined),
});
export type VendasPorProdutoSearch = z.output<typeof vendasPorProdutoSearchSchema>;
