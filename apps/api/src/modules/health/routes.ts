/** GET /api/health: liveness and database reachability, public. */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['geral'],
        summary: 'Saúde do servidor e do banco de dados',
        response: { 200: z.object({ status: z.literal('ok'), versao: z.string() }) },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const, versao: '0.9.0' };
    },
  );
};
