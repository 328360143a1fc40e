/**
 * The calendar feed under /api/agenda/eventos (issue #17 item 4; spec §7 "Agenda"):
 * - GET /: the selected unit's appointments intersecting [dataInicio, dataFim] (days of the
 *   unit's calendar, at most 62), filtered by area, status, box, room or professional, ordered
 *   by start, with the resources for the calendar's columns (eventos-repository.ts);
 * - GET /clinica: the same with the area fixed to Clínica (rooms and vets as resources).
 * 400 on dataFim when it is before dataInicio or the range exceeds 62 days. Permission:
 * agenda, banhoTosa or clinica. Answers carry an ETag and come from agenda-cache.ts while the
 * unit's agenda version is unchanged (If-None-Match → 304).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventosQuerySchema, eventosSchema } from '@petshop/shared/agenda';
import { apiErrorSchema } from '@petshop/shared/http';
import { fieldError } from '../../lib/errors.ts';
import { answerFromAgendaCache, canonicalQuery } from './agenda-cache.ts';
import { LEITURA_AGENDA } from './cadastros-routes.ts';
import { listEventosJson, type EventosFiltro } from './eventos-repository.ts';

/** The widest range the calendar asks for, in days (a month view with the weeks around it). */
export const EVENTOS_MAX_DIAS = 62;

const DIA_MS = 86_400_000;

/** 400 on `dataFim` unless dataInicio ≤ dataFim and the range has at most EVENTOS_MAX_DIAS days. */
export const assertPeriodoEventos = (dataInicio: string, dataFim: string): void => {
  const dias = (Date.parse(`${dataFim}T00:00:00Z`) - Date.parse(`${dataInicio}T00:00:00Z`)) / DIA_MS + 1;
  if (dias < 1) throw fieldError('dataFim', 'A data final deve ser igual ou posterior à data inicial');
  if (dias > EVENTOS_MAX_DIAS) throw fieldError('dataFim', `O período deve ter no máximo ${EVENTOS_MAX_DIAS} dias`);
};

export const eventosRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = (summary: string) => ({
    tags: ['agenda'],
    summary,
    querystring: eventosQuerySchema,
    response: { 200: eventosSchema, 400: apiErrorSchema, 403: apiErrorSchema },
  });
  const config = { permission: LEITURA_AGENDA };

  /**
   * The answer is JSON text built by PostgreSQL (eventos-repository.ts), sent as it is, from the
   * per-version cache when the unit's agenda has not changed (agenda-cache.ts; ETag/304).
   */
  const responder = async (request: FastifyRequest, reply: FastifyReply, filtro: EventosFiltro, clinica: boolean) => {
    assertPeriodoEventos(filtro.dataInicio, filtro.dataFim);
    const chave = `eventos${clinica ? '/clinica' : ''}?${canonicalQuery(filtro)}`;
    return answerFromAgendaCache(request, reply, chave, (tx) => listEventosJson(tx, filtro, { clinica }));
  };

  app.get(
    '/',
    { config, schema: schema('Eventos da agenda da unidade num período (até 62 dias), com boxes, salas e profissionais') },
    async (request, reply) => responder(request, reply, request.query, false),
  );

  app.get(
    '/clinica',
    { config, schema: schema('Eventos da clínica da unidade num período (até 62 dias), com salas e veterinários') },
    async (request, reply) => responder(request, reply, request.query, true),
  );
};
