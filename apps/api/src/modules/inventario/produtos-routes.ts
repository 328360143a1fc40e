/**
 * Products and services (spec §7 /api/inventario/produtos): list, create, get, update,
 * delete, and the till's product search `GET /busca-pdv?q=`. Reading needs `produtos`
 * (Caixa has it, so the point of sale can search), writing `produtos.gerenciar`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, idParamsSchema, okSchema, pageOf } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import {
  buscaPdvQuerySchema,
  createProdutoInputSchema,
  listProdutosQuerySchema,
  produtoPdvSchema,
  produtoSchema,
  updateProdutoInputSchema,
} from '@petshop/shared/produto';
import { notFound } from '../../lib/errors.ts';
import { listProdutosPdv, findProduto, listProdutos } from './produtos-repository.ts';
import { criarProduto, excluirProduto, alterarProduto } from './salvar-produto.ts';

const NOT_FOUND = 'Produto não encontrado';

export const produtosRoutes: FastifyPluginAsyncZod = async (app) => {
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
        summary:
          'Listar produtos e serviços (busca por nome sem acentos, código ou código de barras; filtros tipo, categoriaId, marcaId, ativo)',
        querystring: listProdutosQuerySchema,
        response: { 200: pageOf(produtoSchema), ...errors },
      },
    },
    async (request) => request.scoped((tx) => listProdutos(tx, request.query)),
  );

  app.get(
    '/busca-pdv',
    {
      config: ler,
      schema: {
        tags,
        summary:
          'Busca do PDV: código de barras exato, senão código interno exato, senão nome contendo o texto (até 20 produtos ativos)',
        querystring: buscaPdvQuerySchema,
        response: { 200: z.array(produtoPdvSchema), ...errors },
      },
    },
    async (request) => request.scoped((tx) => listProdutosPdv(tx, request.query.q)),
  );

  app.post(
    '/',
    {
      config: gerenciar,
      schema: {
        tags,
        summary: 'Criar produto ou serviço (informe dois entre preço de custo, markup e preço de venda)',
        body: createProdutoInputSchema,
        response: { 201: produtoSchema, ...errors },
      },
    },
    async (request, reply) => {
      const produto = await request.scoped(async (tx) => (await findProduto(tx, await criarProduto(tx, request.body)))!);
      return reply.status(201).send(produto);
    },
  );

  app.get(
    '/:id',
    {
      config: ler,
      schema: { tags, summary: 'Obter produto ou serviço', params: idParamsSchema, response: { 200: produtoSchema, ...errors } },
    },
    async (request) => {
      const produto = await request.scoped((tx) => findProduto(tx, request.params.id));
      if (!produto) throw notFound(NOT_FOUND);
      return produto;
    },
  );

  app.put(
    '/:id',
    {
      config: gerenciar,
      schema: {
        tags,
        summary: 'Atualizar produto ou serviço',
        params: idParamsSchema,
        body: updateProdutoInputSchema,
        response: { 200: produtoSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await alterarProduto(tx, request.params.id, request.body);
        return (await findProduto(tx, request.params.id))!;
      }),
  );

  app.delete(
    '/:id',
    {
      config: gerenciar,
      schema: {
        tags,
        summary: 'Excluir produto ou serviço (recusado se for o granel de outro produto: desative-o)',
        params: idParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await request.scoped((tx) => excluirProduto(tx, request.params.id));
      return { ok: true as const };
    },
  );
};
