/**
 * /api/geral WhatsApp calls (issue #21; spec §7 "WhatsApp"): PUT
 * /unidades-negocio/{id}/whatsapp/mensagens (the unit's templates) and POST
 * /enviar-mensagem-aniversario (today's birthdays queued now).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const whatsappGeralRoutes: FastifyPluginAsyncZod = async () => {};
