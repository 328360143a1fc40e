/**
 * /api/whatsapp (issue #21; spec §7 "WhatsApp"): the unit's connection, QR, status, test
 * message, the message log and a message to a customer. The templates and today's birthdays are
 * under /api/geral (geral-routes.ts); the gateway's callbacks arrive at
 * POST /api/agenda/atendimentos/notificacao-webhook.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const whatsappRoutes: FastifyPluginAsyncZod = async () => {};
