/**
 * Suppliers (/api/inventario/fornecedores, in the style of spec §7's inventory calls): list,
 * create, get, update, delete. Reading needs `produtos`, writing `produtos.gerenciar`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fornecedorInputSchema, fornecedorSchema, listFornecedoresQuerySchema } from '@petshop/shared/fornecedor';
import { apiErrorSchema, idParamsSchema, okSchema, pageOf } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { notFound } from '../../lib/errors.ts';
import { findFornecedor, listFornecedores } from './fornecedores-repository.ts';
import { createFornecedor, deleteFornecedor, updateFornecedor } from './save-fornecedor.ts';

const NOT_FOUND = 'Fornecedor não encontrado';

export const fornecedoresRoutes: FastifyPluginAsyncZod = async (app) => {
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
        summary: 'Listar fornecedores (busca por razão social, nome fantasia ou CPF/CNPJ; filtro ativo)',
        querystring: listFornecedoresQuerySchema,
        response: { 200: pageOf(fornecedorSchema), ...errors },
      },
    },
    async (request) => request.scoped((tx) => listFornecedores(tx, request.query)),
  );

  app.post(
    '/',
    {
      config: gerenciar,
      schema: { tags, summary: 'Criar fornecedor', body: fornecedorInputSchema, response: { 201: fornecedorSchema, ...errors } },
    },
    async (request, reply) => {
      const fornecedor = await request.scoped(
        async (tx) => (await findFornecedor(tx, await createFornecedor(tx, request.body)))!,
      );
      return reply.status(201).send(fornecedor);
    },
  );

  app.get(
    '/:id',
    {
      config: ler,
      schema: { tags, summary: 'Obter fornecedor', params: idParamsSchema, response: { 200: fornecedorSchema, ...errors } },
    },
    async (request) => {
      const fornecedor = await request.scoped((tx) => findFornecedor(tx, request.params.id));
      if (!fornecedor) throw notFound(NOT_FOUND);
      return fornecedor;
    },
  );

  app.put(
    '/:id',
    {
      config: gerenciar,
      schema: {
        tags,
        summary: 'Atualizar fornecedor',
        params: idParamsSchema,
        body: fornecedorInputSchema,
        response: { 200: fornecedorSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => {
        await updateFornecedor(tx, request.params.id, request.body);
        return (await findFornecedor(tx, request.params.id))!;
      }),
  );

  app.delete(
    '/:id',
    {
      config: gerenciar,
      schema: { tags, summary: 'Excluir fornecedor', params: idParamsSchema, response: { 200: okSchema, ...errors } },
    },
    async (request) => {
      await request.scoped((tx) => deleteFornecedor(tx, request.params.id));
      return { ok: true as const };
    },
  );
};
