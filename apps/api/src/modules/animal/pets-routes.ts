/**
 * Pets (spec §7 "Animals": /api/animal/pets): list (page, pageSize, query by pet or tutor
 * name, pessoaId, especieId, ativo), create (multipart: dados + foto; JSON accepted), get,
 * update (multipart), delete. Permission `clientes`. (GET /pets/{id}/pacotes comes with the
 * packages issue.)
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamsSchema, okSchema, pageOf } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { pacotesSchema } from '@petshop/shared/agenda';
import { createPetInputSchema, listPetsQuerySchema, petSchema, updatePetInputSchema } from '@petshop/shared/pet';
import { notFound } from '../../lib/errors.ts';
import { IMAGE_RULE, readBody } from '../../lib/request-body.ts';
import { findPet, listPets } from './pets-repository.ts';
import { criarPet, excluirPet, alterarPet } from './salvar-pet.ts';
import { listPacotesPet } from '../agenda/pacotes-repository.ts';

const fotoRule = { foto: { ...IMAGE_RULE, label: 'Foto' } };

export const petsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['animal'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const permission = PERMISSOES.clientes;

  app.get(
    '/pets',
    {
      config: { permission },
      schema: { tags, summary: 'Listar pets', querystring: listPetsQuerySchema, response: { 200: pageOf(petSchema), ...errors } },
    },
    async (request) => request.scoped((tx) => listPets(tx, request.query)),
  );

  app.post(
    '/pets',
    {
      config: { permission, multipart: { dados: createPetInputSchema, files: ['foto'] } },
      schema: { tags, summary: 'Criar pet (multipart: dados + foto)', response: { 201: petSchema, ...errors } },
    },
    async (request, reply) => {
      const { dados, files } = await readBody(request, createPetInputSchema, fotoRule);
      const pet = await request.scoped(async (tx) => (await findPet(tx, await criarPet(tx, dados, files.foto)))!);
      return reply.status(201).send(pet);
    },
  );

  app.get(
    '/pets/:id',
    {
      config: { permission },
      schema: { tags, summary: 'Obter pet', params: idParamsSchema, response: { 200: petSchema, ...errors } },
    },
    async (request) => {
      const pet = await request.scoped((tx) => findPet(tx, request.params.id));
      if (!pet) throw notFound('Pet não encontrado');
      return pet;
    },
  );

  // Packages the pet may use in the selected unit (issue #17 item 6): agenda/pacotes-repository.ts.
  app.get(
    '/pets/:id/pacotes',
    {
      config: { permission: [permission, PERMISSOES.agenda] },
      schema: {
        tags,
        summary: 'Pacotes do pet na unidade (do pet e dos tutores para qualquer pet), mais novos primeiro',
        params: idParamsSchema,
        response: { 200: pacotesSchema, ...errors },
      },
    },
    async (request) => request.scoped((tx) => listPacotesPet(tx, request.params.id)),
  );

  app.put(
    '/pets/:id',
    {
      config: { permission, multipart: { dados: updatePetInputSchema, files: ['foto'] } },
      schema: {
        tags,
        summary: 'Atualizar pet (multipart: dados + foto)',
        params: idParamsSchema,
        response: { 200: petSchema, ...errors },
      },
    },
    async (request) => {
      const { dados, files } = await readBody(request, updatePetInputSchema, fotoRule);
      return request.scoped(async (tx) => {
        await alterarPet(tx, request.params.id, dados, files.foto);
        return (await findPet(tx, request.params.id))!;
      });
    },
  );

  app.delete(
    '/pets/:id',
    {
      config: { permission },
      schema: { tags, summary: 'Excluir pet', params: idParamsSchema, response: { 200: okSchema, ...errors } },
    },
    async (request) => {
      await request.scoped((tx) => excluirPet(tx, request.params.id));
      return { ok: true as const };
    },
  );
};
