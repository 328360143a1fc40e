/**
 * GET /api/relatorios/vendas-por-produto (issue #20). PLACEHOLDER: its helper replaces this definition with the
 * real one (filters, columns, query, totals, chart data) and its tests.
 */
import { z } from 'zod';
import { relatorioQuerySchema } from '@petshop/shared/relatorios';
import { badRequest } from '../../lib/errors.ts';
import type { DefinicaoRelatorio } from './relatorio.ts';

export const vendasPorProduto: DefinicaoRelatorio<z.infer<typeof relatorioQuerySchema>, never, never, Record<string, never>> = {
  id: 'vendas-por-produto',
  querystring: relatorioQuerySchema,
  resposta: z.any(),
  descricao: '',
  criterio: '',
  colunas: [],
  consultar: () => Promise.reject(badRequest('Relatório em construção')),
};
