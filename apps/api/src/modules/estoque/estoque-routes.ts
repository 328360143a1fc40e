/**
 * Stock (spec §7 "Stock"; DOMAIN.md §4; issue #5 items 1–2), registered under /api, in the
 * selected unit (row-level security: another tenant's or unit's stock is never seen):
 * - GET /estoques, /estoques/resumo, /estoques/movimentacoes, /estoques/lotes — permission
 *   `estoque` or `produtos` (reads, estoque-repository.ts);
 * - POST /estoque/ajuste (ajustar-estoque.ts) and /estoques/saida_para_granel
 *   (saida-para-granel.ts) — permission `estoque`.
 * Shapes: @petshop/shared/estoque.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ajusteEstoqueInputSchema,
  ajusteEstoqueSchema,
  listEstoquesQuerySchema,
  listLotesQuerySchema,
  listMovimentacoesEstoqueQuerySchema,
  lotePageSchema,
  movimentacaoEstoquePageSchema,
  posicaoEstoquePageSchema,
  resumoEstoqueSchema,
  saidaGranelInputSchema,
  saidaGranelSchema,
} from '@petshop/shared/estoque';
import { apiErrorSchema } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { unauthorized } from '../../lib/errors.ts';
import { ajustarEstoque } from './ajustar-estoque.ts';
import { listEstoques, listLotes, listMovimentacoes, getResumoEstoques } from './estoque-repository.ts';
import { saidaParaGranel } from './saida-para-granel.ts';

export const estoqueRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['estoque'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const leitura = { permission: [PERMISSOES.estoque, PERMISSOES.produtos] };
  const escrita = { permission: PERMISSOES.estoque };

  app.get(
    '/estoques',
    {
      config: leitura,
      schema: {
        tags,
        summary:
          'Posição de estoque da unidade: um item por produto com controle de estoque (quantidade, custo médio, valor, mínimo, próxima validade); filtros query, categoriaId, marcaId, produtoId, situacao',
        querystring: listEstoquesQuerySchema,
        response: { 200: posicaoEstoquePageSchema, ...errors },
      },
    },
    (request) => request.scoped((tx) => listEstoques(tx, request.query)),
  );

  app.get(
    '/estoques/resumo',
    {
      config: leitura,
      schema: {
        tags,
        summary: 'Totais da posição de estoque com os mesmos filtros: valor total, itens abaixo do mínimo, zerados e negativos',
        querystring: listEstoquesQuerySchema,
        response: { 200: resumoEstoqueSchema, ...errors },
      },
    },
    (request) => request.scoped((tx) => getResumoEstoques(tx, request.query)),
  );

  app.get(
    '/estoques/movimentacoes',
    {
      config: leitura,
      schema: {
        tags,
        summary:
          'Movimentações de estoque da unidade, mais recentes primeiro; período (padrão: últimos 30 dias), produto, tipos e busca pelo produto',
        querystring: listMovimentacoesEstoqueQuerySchema,
        response: { 200: movimentacaoEstoquePageSchema, ...errors },
      },
    },
    (request) => request.scoped((tx) => listMovimentacoes(tx, request.query)),
  );

  app.get(
    '/estoques/lotes',
    {
      config: leitura,
      schema: {
        tags,
        summary: 'Lotes da unidade (de um produto e/ou que vencem em até N dias), validade mais próxima primeiro',
        querystring: listLotesQuerySchema,
        response: { 200: lotePageSchema, ...errors },
      },
    },
    (request) => request.scoped((tx) => listLotes(tx, request.query)),
  );

  app.post(
    '/estoque/ajuste',
    {
      config: escrita,
      schema: {
        tags,
        summary:
          'Ajuste de estoque: contagem (define a quantidade contada) ou entrada/saída com motivo; cada diferença vira uma movimentação',
        body: ajusteEstoqueInputSchema,
        response: { 200: ajusteEstoqueSchema, ...errors },
      },
    },
    (request) => {
      if (!request.auth) throw unauthorized();
      const usuarioId = request.auth.usuarioId;
      return request.scoped((tx) => ajustarEstoque(tx, request.body, usuarioId));
    },
  );

  app.post(
    '/estoques/saida_para_granel',
    {
      config: escrita,
      schema: {
        tags,
        summary:
          'Saída para granel: abre embalagens do produto no seu produto a granel (fator de conversão) ao custo proporcional',
        body: saidaGranelInputSchema,
        response: { 200: saidaGranelSchema, ...errors },
      },
    },
    (request) => {
      if (!request.auth) throw unauthorized();
      const usuarioId = request.auth.usuarioId;
      return request.scoped((tx) => saidaParaGranel(tx, request.body, usuarioId));
    },
  );
};
