/**
 * Units of measure (spec §7 /api/inventario/unidades-medida): list, create, get, update,
 * delete. Reading needs `produtos`, writing `produtos.gerenciar`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamsSchema, okSchema, pageOf } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { listUnidadesMedidaQuerySchema, unidadeMedidaInputSchema, unidadeMedidaSchema } from '@petshop/shared/unidade-medida';
import { notFound } from '../../lib/errors.ts';
import { createUnidadeMedida, deleteUnidadeMedida, updateUnidadeMedida } from './save-unidade-medida.ts';
import { findUnidadeMedida, listUnidadesMedida } from './unidades-medida-repository.ts';

const NOT_FOUND = 'Unidade de medida não encontrada';

export const unidadesMedidaRoutes: FastifyPluginAsyncZod = async (app) => {
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
        summary: 'Listar unidades de medida (busca por sigla ou descrição; filtro ativo)',
        querystring: listUnidadesMedidaQuerySchema,
        response: { 200: pageOf(unidadeMedidaSchema), ...errors },
      },
    },
    async (request) => request.scoped((tx) => listUnidadesMedida(tx, request.query)),
  );

  app.post(
    '/',
    {
      config: gerenciar,
      schema: {
        tags,
        summary: 'Criar unidade de medida',
        body: unidadeMedidaInputSchema,
        response: { 201: unidadeMedidaSchema, ...errors },
      },
    },
    async (request, reply) => {
      const unidade = await request.scoped(
        async (tx) => (await findUnidadeMedida(tx, await createUnidadeMedida(tx, request.body)))!,
      );
      return reply.status(201).send(unidade);
    },
  );

  app.get(
    '/:id',
    {
      config: ler,
      schema: {
        tags,
        summary: 'Obter unidade de medida',
        params: idParamsSchema,
        response: { 200: unidadeMedidaSchema, ...errors },
      },
    },
    async (request) => {
      const unidade = await request.scoped((tx) => findUnidadeMedida(tx, request.params.id));
      if (!unidade) throw notFound(NOT_FOUND);
      return unidade;
    },
  );

  app.put(
    '/:id',
    {
      config: gerenciar,
      schema: {
        tags,
        summary: 'Atualizar unidade de medida',
        params: idParamsSchema,
        body: unidadeMedidaInputSchema,
        response: { 200: unidadeMedidaSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await updateUnidadeMedida(tx, request.params.id, request.body);
        return (await findUnidadeMedida(tx, request.params.id))!;
      }),
  );

  app.delete(
    '/:id',
    {
      config: gerenciar,
      schema: {
        tags,
        summary: 'Excluir unidade de medida (recusado se usada por produtos: desative-a)',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await request.scoped((tx) => deleteUnidadeMedida(tx, request.params.id));
      return { ok: true as const };
    },
  );
};
