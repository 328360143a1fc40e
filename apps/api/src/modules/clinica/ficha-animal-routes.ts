/**
 * GET /api/clinica/ficha-animal?petId= (also /api/clinicas/ficha-animal, as the spec writes it;
 * issue #19 item 6): the animal's chart, built by montar-ficha-animal.ts. Permission `clinica` or
 * `clientes` (Caixa and Recepção read customers and pets, DOMAIN.md §1): `podeEscrever` tells
 * whether the user writes in it (the clinic permission in the selected unit). 404 for a pet
 * that is not the tenant's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fichaAnimalQuerySchema, fichaAnimalSchema } from '@petshop/shared/clinica';
import { apiErrorSchema } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { podeEscreverNaClinica } from './clinica-permissao.ts';
import { montarFichaAnimal } from './montar-ficha-animal.ts';

export const fichaAnimalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ficha-animal',
    {
      config: { permission: [PERMISSOES.clinica, PERMISSOES.clientes] },
      schema: {
        tags: ['clinica'],
        summary: 'Ficha do animal: dados, alertas, vacinas, peso e os registros mais recentes',
        querystring: fichaAnimalQuerySchema,
        response: { 200: fichaAnimalSchema, 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const podeEscrever = podeEscreverNaClinica(request);
      return request.scoped((tx) => montarFichaAnimal(tx, request.query.petId, podeEscrever));
    },
  );
};
