/**
 * One route plugin for the simple settings resources (units of measure, brands, categories,
 * suppliers, species, breeds, coats): list, create, get, update and delete, each with its zod
 * schemas (validation and OpenAPI), its permission and its data work inside `request.scoped`.
 * Register it under the resource's prefix:
 *   app.register(crudRoutes({ ... }), { prefix: '/marcas' })
 * Resources with more behaviour (products, people, pets) keep their own route files.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiErrorSchema, idParamsSchema, okSchema, pageOf, type Page } from '@petshop/shared/http';
import type { Permissao } from '@petshop/shared/permissoes';
import type { Db } from '../db/client.ts';
import { notFound } from './errors.ts';

export type CrudResource<Item extends z.ZodType, Input extends z.ZodType, Query extends z.ZodType> = {
  /** OpenAPI tag, e.g. 'inventario'. */
  tag: string;
  /** Names for the docs: { singular: 'marca', plural: 'marcas' }. */
  names: { singular: string; plural: string };
  /** 404 message, e.g. 'Marca não encontrada'. */
  notFoundMessage: string;
  schemas: { item: Item; input: Input; listQuery: Query };
  permissions: { read: Permissao | readonly Permissao[]; write: Permissao | readonly Permissao[] };
  list: (tx: Db, query: z.output<Query>) => Promise<Page<z.output<Item>>>;
  find: (tx: Db, id: string) => Promise<z.output<Item> | null>;
  /** Answers the new row's id. */
  create: (tx: Db, input: z.output<Input>) => Promise<string>;
  update: (tx: Db, id: string, input: z.output<Input>) => Promise<void>;
  remove: (tx: Db, id: string) => Promise<void>;
  /** Extra words for the list and delete summaries (what the search covers, when delete is refused). */
  details?: { list?: string; delete?: string };
};

export const crudRoutes =
  <Item extends z.ZodType, Input extends z.ZodType, Query extends z.ZodType>(
    r: CrudResource<Item, Input, Query>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    // The public signature keeps the resource's types; inside, the schemas are plain ZodTypes so
    // that Fastify's reply typing does not have to resolve generic zod outputs.
    const schemas = r.schemas as { item: z.ZodType; input: z.ZodType; listQuery: z.ZodType };
    const tags = [r.tag];
    const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
    const read = { permission: r.permissions.read };
    const write = { permission: r.permissions.write };
    const detalhe = (text: string | undefined) => (text ? ` (${text})` : '');
    const findOr404 = async (tx: Db, id: string) => {
      const row = await r.find(tx, id);
      if (!row) throw notFound(r.notFoundMessage);
      return row;
    };

    app.get(
      '/',
      {
        config: read,
        schema: {
          tags,
          summary: `Listar ${r.names.plural}${detalhe(r.details?.list)}`,
          querystring: schemas.listQuery,
          response: { 200: pageOf(schemas.item), ...errors },
        },
      },
      async (request) => request.scoped((tx) => r.list(tx, request.query as z.output<Query>)),
    );

    app.post(
      '/',
      {
        config: write,
        schema: { tags, summary: `Criar ${r.names.singular}`, body: schemas.input, response: { 201: schemas.item, ...errors } },
      },
      async (request, reply) => {
        const row = await request.scoped(async (tx) => findOr404(tx, await r.create(tx, request.body as z.output<Input>)));
        return reply.status(201).send(row);
      },
    );

    app.get(
      '/:id',
      {
        config: read,
        schema: {
          tags,
          summary: `Obter ${r.names.singular}`,
          params: idParamsSchema,
          response: { 200: schemas.item, ...errors },
        },
      },
      async (request) => request.scoped((tx) => findOr404(tx, request.params.id)),
    );

    app.put(
      '/:id',
      {
        config: write,
        schema: {
          tags,
          summary: `Atualizar ${r.names.singular}`,
          params: idParamsSchema,
          body: schemas.input,
          response: { 200: schemas.item, ...errors },
        },
      },
      async (request) =>
        request.scoped(async (tx) => {
          await r.update(tx, request.params.id, request.body as z.output<Input>);
          return findOr404(tx, request.params.id);
        }),
    );

    app.delete(
      '/:id',
      {
        config: write,
        schema: {
          tags,
          summary: `Excluir ${r.names.singular}${detalhe(r.details?.delete)}`,
          params: idParamsSchema,
          response: { 200: okSchema, ...errors },
        },
      },
      async (request) => {
        await request.scoped((tx) => r.remove(tx, request.params.id));
        return { ok: true as const };
      },
    );
  };
