/**
 * Species, breeds and coats (spec §7 "Animals": /api/animal/especies, /racas, /pelagens):
 * list (page, pageSize, query, ativo; breeds and coats also especieId), create, get,
 * update, delete (400 while in use: deactivate instead). Reading needs `clientes` (every
 * profile that registers pets picks from them); writing needs `configuracoes.gerenciar`.
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
import { apiErrorSchema, idParamsSchema, okSchema, pageOf } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { notFound } from '../../lib/errors.ts';
import { findEspecie, findPelagem, findRaca, listEspecies, listPelagens, listRacas } from './especies-repository.ts';
import { createEspecie, deleteEspecie, updateEspecie } from './save-especie.ts';
import { createPelagem, deletePelagem, updatePelagem } from './save-pelagem.ts';
import { createRaca, deleteRaca, updateRaca } from './save-raca.ts';

export const catalogoAnimalRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['animal'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const ler = { permission: PERMISSOES.clientes };
  const escrever = { permission: PERMISSOES.configuracoesGerenciar };

  // Espécies -----------------------------------------------------------------------------------

  app.get(
    '/especies',
    {
      config: ler,
      schema: {
        tags,
        summary: 'Listar espécies',
        querystring: listEspeciesQuerySchema,
        response: { 200: pageOf(especieSchema), ...errors },
      },
    },
    async (request) => request.scoped((tx) => listEspecies(tx, request.query)),
  );

  app.post(
    '/especies',
    {
      config: escrever,
      schema: { tags, summary: 'Criar espécie', body: especieInputSchema, response: { 201: especieSchema, ...errors } },
    },
    async (request, reply) => {
      const especie = await request.scoped(async (tx) => (await findEspecie(tx, await createEspecie(tx, request.body)))!);
      return reply.status(201).send(especie);
    },
  );

  app.get(
    '/especies/:id',
    {
      config: ler,
      schema: { tags, summary: 'Obter espécie', params: idParamsSchema, response: { 200: especieSchema, ...errors } },
    },
    async (request) => {
      const especie = await request.scoped((tx) => findEspecie(tx, request.params.id));
      if (!especie) throw notFound('Espécie não encontrada');
      return especie;
    },
  );

  app.put(
    '/especies/:id',
    {
      config: escrever,
      schema: {
        tags,
        summary: 'Atualizar espécie',
        params: idParamsSchema,
        body: especieInputSchema,
        response: { 200: especieSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await updateEspecie(tx, request.params.id, request.body);
        return (await findEspecie(tx, request.params.id))!;
      }),
  );

  app.delete(
    '/especies/:id',
    {
      config: escrever,
      schema: {
        tags,
        summary: 'Excluir espécie (recusado se estiver em uso)',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await request.scoped((tx) => deleteEspecie(tx, request.params.id));
      return { ok: true as const };
    },
  );

  // Raças --------------------------------------------------------------------------------------

  app.get(
    '/racas',
    {
      config: ler,
      schema: {
        tags,
        summary: 'Listar raças',
        querystring: listRacasQuerySchema,
        response: { 200: pageOf(racaSchema), ...errors },
      },
    },
    async (request) => request.scoped((tx) => listRacas(tx, request.query)),
  );

  app.post(
    '/racas',
    {
      config: escrever,
      schema: { tags, summary: 'Criar raça', body: racaInputSchema, response: { 201: racaSchema, ...errors } },
    },
    async (request, reply) => {
      const raca = await request.scoped(async (tx) => (await findRaca(tx, await createRaca(tx, request.body)))!);
      return reply.status(201).send(raca);
    },
  );

  app.get(
    '/racas/:id',
    {
      config: ler,
      schema: { tags, summary: 'Obter raça', params: idParamsSchema, response: { 200: racaSchema, ...errors } },
    },
    async (request) => {
      const raca = await request.scoped((tx) => findRaca(tx, request.params.id));
      if (!raca) throw notFound('Raça não encontrada');
      return raca;
    },
  );

  app.put(
    '/racas/:id',
    {
      config: escrever,
      schema: {
        tags,
        summary: 'Atualizar raça',
        params: idParamsSchema,
        body: racaInputSchema,
        response: { 200: racaSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await updateRaca(tx, request.params.id, request.body);
        return (await findRaca(tx, request.params.id))!;
      }),
  );

  app.delete(
    '/racas/:id',
    {
      config: escrever,
      schema: {
        tags,
        summary: 'Excluir raça (recusado se estiver em uso)',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await request.scoped((tx) => deleteRaca(tx, request.params.id));
      return { ok: true as const };
    },
  );

  // Pelagens -----------------------------------------------------------------------------------

  app.get(
    '/pelagens',
    {
      config: ler,
      schema: {
        tags,
        summary: 'Listar pelagens',
        querystring: listPelagensQuerySchema,
        response: { 200: pageOf(pelagemSchema), ...errors },
      },
    },
    async (request) => request.scoped((tx) => listPelagens(tx, request.query)),
  );

  app.post(
    '/pelagens',
    {
      config: escrever,
      schema: { tags, summary: 'Criar pelagem', body: pelagemInputSchema, response: { 201: pelagemSchema, ...errors } },
    },
    async (request, reply) => {
      const pelagem = await request.scoped(async (tx) => (await findPelagem(tx, await createPelagem(tx, request.body)))!);
      return reply.status(201).send(pelagem);
    },
  );

  app.get(
    '/pelagens/:id',
    {
      config: ler,
      schema: { tags, summary: 'Obter pelagem', params: idParamsSchema, response: { 200: pelagemSchema, ...errors } },
    },
    async (request) => {
      const pelagem = await request.scoped((tx) => findPelagem(tx, request.params.id));
      if (!pelagem) throw notFound('Pelagem não encontrada');
      return pelagem;
    },
  );

  app.put(
    '/pelagens/:id',
    {
      config: escrever,
      schema: {
        tags,
        summary: 'Atualizar pelagem',
        params: idParamsSchema,
        body: pelagemInputSchema,
        response: { 200: pelagemSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await updatePelagem(tx, request.params.id, request.body);
        return (await findPelagem(tx, request.params.id))!;
      }),
  );

  app.delete(
    '/pelagens/:id',
    {
      config: escrever,
      schema: {
        tags,
        summary: 'Excluir pelagem (recusado se estiver em uso)',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await request.scoped((tx) => deletePelagem(tx, request.params.id));
      return { ok: true as const };
    },
  );
};
