/** POST /nfce, GET /documentos… (issue #18 items 2 to 6). Filled by the emission work. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const documentosRoutes: FastifyPluginAsyncZod = async () => {};
