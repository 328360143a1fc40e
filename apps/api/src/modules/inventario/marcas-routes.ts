/**
 * Brands (spec §7 /api/inventario/marcas): list, create, get, update, delete. Reading needs
 * `produtos`, writing `produtos.gerenciar`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamsSchema, okSchema, pageOf } from '@petshop/shared/http';
import { listMarcasQuerySchema, marcaInputSchema, marcaSchema } from '@petshop/shared/marca';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { notFound } from '../../lib/errors.ts';
import { findMarca, listMarcas } from './marcas-repository.ts';
import { createMarca, deleteMarca, updateMarca } from './save-marca.ts';

const NOT_FOUND = 'Marca não encontrada';

export const marcasRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['inventario'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const ler = { permission: PERMISSOES.produtos };
  const gerenciar = { permission: PERMISSOES.produtosGerenciar };

  app.get(
    '/',
    {
      config: ler,
      schema: {
        tags,
        summary: 'Listar marcas (busca por nome sem acentos; filtro ativo)',
        querystring: listMarcasQuerySchema,
        response: { 200: pageOf(marcaSchema), ...errors },
      },
    },
    async (request) => request.scoped((tx) => listMarcas(tx, request.query)),
  );

  app.post(
    '/',
    {
      config: gerenciar,
      schema: { tags, summary: 'Criar marca', body: marcaInputSchema, response: { 201: marcaSchema, ...errors } },
    },
    async (request, reply) => {
      const marca = await request.scoped(async (tx) => (await findMarca(tx, await createMarca(tx, request.body)))!);
      return reply.status(201).send(marca);
    },
  );

  app.get(
    '/:id',
    {
      config: ler,
      schema: { tags, summary: 'Obter marca', params: idParamsSchema, response: { 200: marcaSchema, ...errors } },
    },
    async (request) => {
      const marca = await request.scoped((tx) => findMarca(tx, request.params.id));
      if (!marca) throw notFound(NOT_FOUND);
      return marca;
    },
  );

  app.put(
    '/:id',
    {
      config: gerenciar,
      schema: {
        tags,
        summary: 'Atualizar marca',
        params: idParamsSchema,
        body: marcaInputSchema,
        response: { 200: marcaSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await updateMarca(tx, request.params.id, request.body);
        return (await findMarca(tx, request.params.id))!;
      }),
  );

  app.delete(
    '/:id',
    {
      config: gerenciar,
      schema: {
        tags,
        summary: 'Excluir marca (recusado se usada por produtos: desative-a)',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await request.scoped((tx) => deleteMarca(tx, request.params.id));
      return { ok: true as const };
    },
  );
};
