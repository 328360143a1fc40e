/**
 * /api/auditoria (issue #22 item 4): the tenant's audit log, permission `auditoria`
 * (Administrador only).
 * - GET / — listAuditoriaQuerySchema → eventosAuditoriaPageSchema, newest first.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const auditoriaRoutes: FastifyPluginAsyncZod = async () => {
  // Filled by the audit screen's work (issue #22 item 4).
};
