/**
 * The products' fiscal status (issue #18 item 7; spec §7 "GET and POST /api/fiscal/produto-situacao";
 * DOMAIN.md §4 "Situação fiscal"), against the selected unit's tax regime (CRT):
 * - GET  /api/fiscal/produto-situacao (`fiscal` or `produtos.gerenciar`): a page of products with
 *   what is missing or invalid for an NFC-e (produto-situacao-repository.ts);
 * - POST /api/fiscal/produto-situacao (`produtos.gerenciar`): fixes many at once, in one
 *   transaction (salvar-produtos-situacao.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import {
  produtoSituacaoQuerySchema,
  produtosSituacaoPageSchema,
  salvarProdutosSituacaoInputSchema,
  salvarProdutosSituacaoResultSchema,
} from '@petshop/shared/fiscal';
import { getCrtUnidade, listProdutosSituacao } from './produto-situacao-repository.ts';
import { salvarProdutosSituacao } from './salvar-produtos-situacao.ts';

export const produtoSituacaoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['fiscal'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

  app.get(
    '/',
    {
      config: { permission: [PERMISSOES.fiscal, PERMISSOES.produtosGerenciar] },
      schema: {
        tags,
        summary:
          'Situação fiscal dos produtos para NFC-e no regime (CRT) da unidade selecionada: incompletos primeiro, depois por nome (ids, query, pendentes)',
        querystring: produtoSituacaoQuerySchema,
        response: { 200: produtosSituacaoPageSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => listProdutosSituacao(tx, await getCrtUnidade(tx, request.unidadeNegocioId!), request.query)),
  );

  app.post(
    '/',
    {
      config: { permission: PERMISSOES.produtosGerenciar },
      schema: {
        tags,
        summary:
          'Corrigir os dados fiscais de vários produtos de uma vez (tudo ou nada; valores inválidos para NFC-e recusados, o que falta volta em problemas)',
        body: salvarProdutosSituacaoInputSchema,
        response: { 200: salvarProdutosSituacaoResultSchema, ...errors },
      },
    },
    async (request) =>
      request.scoped(async (tx) => ({
        produtos: await salvarProdutosSituacao(tx, await getCrtUnidade(tx, request.unidadeNegocioId!), request.body),
      })),
  );
};
