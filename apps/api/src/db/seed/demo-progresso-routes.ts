/**
 * GET /api/demo/progresso (issue #22 item 1): how much of the demo history the server has seeded
 * in the background since it started answering, for the home page's banner. Any signed-in user;
 * `{ percentual: 0–100, concluido }`, `concluido` true (100 %) when there is no demo being seeded.
 * Registered by server.ts, the one that seeds.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getProgressoDemo } from './demo.ts';

export const demoProgressoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/progresso',
    {
      schema: {
        tags: ['geral'],
        summary: 'Progresso dos dados de demonstração',
        response: { 200: z.object({ percentual: z.number().int().min(0).max(100), concluido: z.boolean() }) },
      },
    },
    () => getProgressoDemo(app.db),
  );
};
