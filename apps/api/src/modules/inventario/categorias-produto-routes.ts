/**
 * Product categories (spec §7 /api/inventario/categorias-produto): list, create, get,
 * update, delete. Reading needs `produtos`, writing `produtos.gerenciar`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoriaProdutoInputSchema,
  categoriaProdutoSchema,
  listCategoriasProdutoQuerySchema,
} from '@petshop/shared/categoria-produto';
import { apiErrorSchema, idParamsSchema, okSchema, pageOf } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { notFound } from '../../lib/errors.ts';
import { findCategoriaProduto, listCategoriasProduto } from './categorias-produto-repository.ts';
import { createCategoriaProduto, deleteCategoriaProduto, updateCategoriaProduto } from './save-categoria-produto.ts';

const NOT_FOUND = 'Categoria não encontrada';

export const categoriasProdutoRoutes: FastifyPluginAsyncZod = async (app) => {
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
        summary: 'Listar categorias de produto (busca por nome sem acentos; filtros ativo e categoriaPaiId)',
        querystring: listCategoriasProdutoQuerySchema,
        response: { 200: pageOf(categoriaProdutoSchema), ...errors },
      },
    },
    async (request) => request.scoped((tx) => listCategoriasProduto(tx, request.query)),
  );

  app.post(
    '/',
    {
      config: gerenciar,
      schema: {
        tags,
        summary: 'Criar categoria de produto',
        body: categoriaProdutoInputSchema,
        response: { 201: categoriaProdutoSchema, ...errors },
      },
    },
    async (request, reply) => {
      const categoria = await request.scoped(
        async (tx) => (await findCategoriaProduto(tx, await createCategoriaProduto(tx, request.body)))!,
      );
      return reply.status(201).send(categoria);
    },
  );

  app.get(
    '/:id',
    {
      config: ler,
      schema: {
        tags,
        summary: 'Obter categoria de produto',
        params: idParamsSchema,
        response: { 200: categoriaProdutoSchema, ...errors },
      },
    },
    async (request) => {
      const categoria = await request.scoped((tx) => findCategoriaProduto(tx, request.params.id));
      if (!categoria) throw notFound(NOT_FOUND);
      return categoria;
    },
  );

  app.put(
    '/:id',
    {
      config: gerenciar,
      schema: {
        tags,
        summary: 'Atualizar categoria de produto (a categoria pai não pode ser ela mesma nem uma subcategoria dela)',
        params: idParamsSchema,
        body: categoriaProdutoInputSchema,
        response: { 200: categoriaProdutoSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await updateCategoriaProduto(tx, request.params.id, request.body);
        return (await findCategoriaProduto(tx, request.params.id))!;
      }),
  );

  app.delete(
    '/:id',
    {
      config: gerenciar,
      schema: {
        tags,
        summary: 'Excluir categoria de produto (recusado se usada por produtos ou com subcategorias: desative-a)',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await request.scoped((tx) => deleteCategoriaProduto(tx, request.params.id));
      return { ok: true as const };
    },
  );
};
