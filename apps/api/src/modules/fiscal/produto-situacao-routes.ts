/** GET and POST /produto-situacao (issue #18 item 7). Filled by the fiscal-status work. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const produtoSituacaoRoutes: FastifyPluginAsyncZod = async () => {};
