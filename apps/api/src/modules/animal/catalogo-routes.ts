/**
 * Species, breeds and coats (spec §7 "Animals": /api/animal/especies, /racas, /pelagens):
 * list (page, pageSize, query, ativo; breeds and coats also especieId), create, get,
 * update, delete (400 while in use: deactivate instead), through lib/crud-routes.ts.
 * Reading needs `clientes` (every profile that registers pets picks from them); writing
 * needs `configuracoes.gerenciar`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  especieInputSchema,
  especieSchema,
  listEspeciesQuerySchema,
  listPelagensQuerySchema,
  listRacasQuerySchema,
  pelagemInputSchema,
  pelagemSchema,
  racaInputSchema,
  racaSchema,
} from '@petshop/shared/especie';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { crudRoutes } from '../../lib/crud-routes.ts';
import { findEspecie, findPelagem, findRaca, listEspecies, listPelagens, listRacas } from './especies-repository.ts';
import { criarEspecie, excluirEspecie, alterarEspecie } from './salvar-especie.ts';
import { criarPelagem, excluirPelagem, alterarPelagem } from './salvar-pelagem.ts';
import { criarRaca, excluirRaca, alterarRaca } from './salvar-raca.ts';

const tag = 'animal';
const permissions = { read: PERMISSOES.clientes, write: PERMISSOES.configuracoesGerenciar };
const emUso = 'recusado se estiver em uso';

export const catalogoAnimalRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    crudRoutes({
      tag,
      permissions,
      names: { singular: 'espécie', plural: 'espécies' },
      notFoundMessage: 'Espécie não encontrada',
      schemas: { item: especieSchema, input: especieInputSchema, listQuery: listEspeciesQuerySchema },
      list: listEspecies,
      find: findEspecie,
      create: criarEspecie,
      update: alterarEspecie,
      remove: excluirEspecie,
      details: { delete: emUso },
    }),
    { prefix: '/especies' },
  );
  await app.register(
    crudRoutes({
      tag,
      permissions,
      names: { singular: 'raça', plural: 'raças' },
      notFoundMessage: 'Raça não encontrada',
      schemas: { item: racaSchema, input: racaInputSchema, listQuery: listRacasQuerySchema },
      list: listRacas,
      find: findRaca,
      create: criarRaca,
      update: alterarRaca,
      remove: excluirRaca,
      details: { delete: emUso },
    }),
    { prefix: '/racas' },
  );
  await app.register(
    crudRoutes({
      tag,
      permissions,
      names: { singular: 'pelagem', plural: 'pelagens' },
      notFoundMessage: 'Pelagem não encontrada',
      schemas: { item: pelagemSchema, input: pelagemInputSchema, listQuery: listPelagensQuerySchema },
      list: listPelagens,
      find: findPelagem,
      create: criarPelagem,
      update: alterarPelagem,
      remove: excluirPelagem,
      details: { delete: emUso },
    }),
    { prefix: '/pelagens' },
  );
};
