/**
 * The agenda area under /api/agenda (issue #17; spec §7 "Agenda"): appointment types, rooms,
 * boxes and the unit's settings (cadastros-routes.ts), appointments and their status,
 * priority, activity and notification webhook (atendimentos-routes.ts), and the calendar feed
 * (eventos-routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { atendimentosRoutes } from './atendimentos-routes.ts';
import { cadastrosAgendaRoutes } from './cadastros-routes.ts';
import { eventosRoutes } from './eventos-routes.ts';

export const agendaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(cadastrosAgendaRoutes);
  await app.register(atendimentosRoutes, { prefix: '/atendimentos' });
  await app.register(eventosRoutes, { prefix: '/eventos' });
};
