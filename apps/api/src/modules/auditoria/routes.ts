/**
 * /api/auditoria (issue #22 item 4): the tenant's audit log, permission `auditoria`
 * (Administrador only; Gerente, Caixa → 403).
 * - GET / — listAuditoriaQuerySchema → eventosAuditoriaPageSchema, newest first. The period's
 *   days are the selected unit's (its time zone); every unit of the tenant is listed (filter
 *   `unidadeNegocioId` for one). Bad filters → 400 with the `errors` map.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventosAuditoriaPageSchema, listAuditoriaQuerySchema } from '@petshop/shared/auditoria';
import { apiErrorSchema } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { getUnidadeAtual } from '../unidades-negocio/unidade-atual.ts';
import { listEventosAuditoria } from './auditoria-repository.ts';

export const auditoriaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { permission: PERMISSOES.auditoria },
      schema: {
        tags: ['auditoria'],
        summary: 'Registro de auditoria (mais recentes primeiro; filtros período, ação, usuário, unidade, registro e busca)',
        querystring: listAuditoriaQuerySchema,
        response: { 200: eventosAuditoriaPageSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) =>
      request.scoped(async (tx) => listEventosAuditoria(tx, request.query, (await getUnidadeAtual(tx)).timeZone)),
  );
};
