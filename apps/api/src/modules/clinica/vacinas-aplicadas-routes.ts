/**
 * Doses applied under the clinic's prefix (/api/clinica and /api/clinicas; issue #19 item 3;
 * DOMAIN.md §9 *registrar vacina*):
 * - POST /animais/ficha-animal/registrar-vacina   records a dose (registrarVacinaInputSchema),   clinica
 *   201 with it (vacinaAplicadaSchema): completes the planned dose, plans the next one, takes
 *   the dose out of stock (its lot) and adds it to the pet's sale em atendimento
 *   (registrar-vacina.ts). The same `id` sent again answers the dose already recorded.
 * The applied doses are read with the chart (ficha-animal-routes.ts) and the vaccination card.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registrarVacinaInputSchema, vacinaAplicadaSchema } from '@petshop/shared/clinica';
import { apiErrorSchema } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { unauthorized } from '../../lib/errors.ts';
import { registrarVacina } from './registrar-vacina.ts';

export const vacinasAplicadasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/animais/ficha-animal/registrar-vacina',
    {
      config: { permission: PERMISSOES.clinica },
      schema: {
        tags: ['clinica'],
        summary:
          'Registrar vacina aplicada (baixa a dose planejada e o estoque, planeja a próxima, lança na venda em atendimento)',
        body: registrarVacinaInputSchema,
        response: { 201: vacinaAplicadaSchema, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const auth = request.auth;
      if (!auth) throw unauthorized();
      const vacina = await request.scoped((tx) => registrarVacina(tx, request.body, { usuarioId: auth.usuarioId }));
      return reply.status(201).send(vacina);
    },
  );
};
