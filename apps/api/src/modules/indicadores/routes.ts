/**
 * GET /api/indicadores (issue #20 item 2; DOMAIN.md §11): the home page's figures for the
 * selected unit, by what the user's profile may see. PLACEHOLDER: its helper builds it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const indicadoresRoutes: FastifyPluginAsyncZod = async () => {};
