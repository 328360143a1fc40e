/** Placeholder of the clinic's vacinas routes (issue #19): the helper building them replaces this file. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const vacinasRoutes: FastifyPluginAsyncZod = async () => {};
