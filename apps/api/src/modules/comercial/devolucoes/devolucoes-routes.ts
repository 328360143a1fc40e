/**
 * Returns (spec §7 "Returns"; DOMAIN.md §6; issue #4 item 7), under /api/comercial/devolucoes,
 * permission `vendas`: POST / (201 the return, see registrar-devolucao.ts for the rules and
 * errors), GET /{id} (404 'Devolução não encontrada' for another unit or tenant) and
 * GET /{id}/imprimir?formato=80mm|a4 (the return receipt as PDF, imprimir-devolucao.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devolucaoInputSchema, devolucaoSchema } from '@petshop/shared/devolucao';
import { apiErrorSchema, idParamsSchema } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { getDevolucao } from './devolucoes-repository.ts';
import { podeVerEsperado } from '../caixas/fechamento-cego.ts';
import { formatoImpressaoQuerySchema, respostaPdf } from '../impressao-pdf.ts';
import { imprimirDevolucao } from './imprimir-devolucao.ts';
import { contextoPdv } from '../pdv-contexto.ts';
import { registrarDevolucao } from './registrar-devolucao.ts';

export const devolucoesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['comercial'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const config = { permission: PERMISSOES.vendas };

  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        summary:
          'Devolver itens de uma venda finalizada (no máximo o vendido menos o já devolvido): estoque volta, reembolso em dinheiro do caixa aberto ou crédito do cliente',
        body: devolucaoInputSchema,
        response: { 201: devolucaoSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { usuarioId } = contextoPdv(request);
      const veEsperado = podeVerEsperado(request);
      const devolucao = await request.scoped(async (tx) =>
        getDevolucao(tx, await registrarDevolucao(tx, request.body, usuarioId, veEsperado)),
      );
      return reply.status(201).send(devolucao);
    },
  );

  app.get(
    '/:id/imprimir',
    {
      config,
      schema: {
        tags,
        summary:
          'Comprovante de devolução em PDF (bobina de 80 mm, padrão, ou A4): venda, itens devolvidos, total, forma de reembolso, operador e cliente',
        description: 'Content-Type application/pdf, Content-Disposition inline; filename="devolucao-<numero>.pdf".',
        params: idParamsSchema,
        querystring: formatoImpressaoQuerySchema,
        response: { 200: respostaPdf('O comprovante em PDF (application/pdf)'), ...errors },
      },
    },
    async (request, reply) => {
      const { numero, pdf } = await request.scoped((tx) => imprimirDevolucao(tx, request.params.id, request.query.formato));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="devolucao-${numero}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/:id',
    {
      config,
      schema: { tags, summary: 'Obter devolução', params: idParamsSchema, response: { 200: devolucaoSchema, ...errors } },
    },
    async (request) => request.scoped((tx) => getDevolucao(tx, request.params.id)),
  );
};
