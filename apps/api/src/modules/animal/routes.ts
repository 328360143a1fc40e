/**
 * The animal area under /api/animal: species, breeds and coats (catalogo-routes.ts) and
 * pets (pets-routes.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogoAnimalRoutes } from './catalogo-routes.ts';
import { petsRoutes } from './pets-routes.ts';

export const animalRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(catalogoAnimalRoutes);
  await app.register(petsRoutes);
};
