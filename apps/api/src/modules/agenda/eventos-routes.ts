/**
 * The calendar feed under /api/agenda/eventos (issue #17 item 4; spec §7 "Agenda"):
 * - GET /: the selected unit's appointments intersecting [dataInicio, dataFim] (days of the
 *   unit's calendar, at most 62), filtered by area, status, box, room or professional, ordered
 *   by start, with the resources for the calendar's columns (eventos-repository.ts);
 * - GET /clinica: the same with the area fixed to Clínica (rooms and vets as resources).
 * 400 on dataFim when it is before dataInicio or the range exceeds 62 days. Permission:
 * agenda, banhoTosa or clinica.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventosQuerySchema, eventosSchema } from '@petshop/shared/agenda';
import { apiErrorSchema } from '@petshop/shared/http';
import type { Db } from '../../db/client.ts';
import { runTogether } from '../../db/run-together.ts';
import { fieldError } from '../../lib/errors.ts';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { LEITURA_AGENDA } from './cadastros-routes.ts';
import { listEventos, type EventosFiltro } from './eventos-repository.ts';

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

  /** The unit is read beside the events (one round trip): without a selected unit, 400. */
  const eventos = (tx: Db, filtro: EventosFiltro, clinica: boolean) =>
    runTogether(getUnidadeAtual(tx), listEventos(tx, filtro, { clinica })).then(([, resposta]) => resposta);

  app.get(
    '/',
    { config, schema: schema('Eventos da agenda da unidade num período (até 62 dias), com boxes, salas e profissionais') },
    async (request) => {
      const { dataInicio, dataFim, ...filtros } = request.query;
      assertPeriodoEventos(dataInicio, dataFim);
      return request.scoped((tx) => eventos(tx, { dataInicio, dataFim, ...filtros }, false));
    },
  );

  app.get(
    '/clinica',
    { config, schema: schema('Eventos da clínica da unidade num período (até 62 dias), com salas e veterinários') },
    async (request) => {
      const { dataInicio, dataFim, ...filtros } = request.query;
      assertPeriodoEventos(dataInicio, dataFim);
      return request.scoped((tx) => eventos(tx, { dataInicio, dataFim, ...filtros }, true));
    },
  );
};
