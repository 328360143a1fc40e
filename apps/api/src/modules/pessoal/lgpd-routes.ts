/**
 * /api/pessoal/pessoas/{id}/lgpd (issue #22 item 6; @petshop/shared/lgpd), permission
 * `dados-pessoais` (Administrador, Gerente):
 * - GET /exportar?formato=json|pdf — the customer's data as a file; audited.
 * - POST /anonimizar — erases name, documents and contacts, keeps sales; audited.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const lgpdRoutes: FastifyPluginAsyncZod = async () => {
  // Filled by the LGPD work (issue #22 item 6).
};
