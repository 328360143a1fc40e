/** Placeholder of the clinic's planejamentos routes (issue #19): the helper building them replaces this file. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const planejamentosRoutes: FastifyPluginAsyncZod = async () => {};
