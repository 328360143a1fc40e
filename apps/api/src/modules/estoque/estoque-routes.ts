/**
 * Stock (spec §7 "Stock"; DOMAIN.md §4; issue #5 items 1–2), registered under /api:
 * /api/estoques, /api/estoques/movimentacoes, /api/estoque/ajuste, /api/estoques/saida_para_granel.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const estoqueRoutes: FastifyPluginAsyncZod = async () => {};
