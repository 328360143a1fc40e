/** TODO(issue #17): being written. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const cadastrosAgendaRoutes: FastifyPluginAsyncZod = async () => {};
