/**
 * Cash movements under /api/comercial/movimentacoes-caixa (spec §7 "Cash registers", §5 "Cash
 * movements list: dataInicio and dataFim default to today"; DOMAIN.md §6). Read only: the
 * movements are written by the register calls, the till and returns. Reading needs caixa or
 * financeiro. Money in reais, signed (+ in, − out). Under a blind closing the period totals
 * are null for a cashier (fechamento-cego.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listMovimentacoesCaixaQuerySchema, movimentacaoCaixaSchema, movimentacoesCaixaPageSchema } from '@petshop/shared/caixa';
import { apiErrorSchema, idParamsSchema } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { getMovimentacaoCaixa } from './caixas-repository.ts';
import { listMovimentacoesCaixaParaLeitor, podeVerEsperado } from './fechamento-cego.ts';

export const movimentacoesCaixaRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['comercial'];
  const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const ler = { permission: [PERMISSOES.caixa, PERMISSOES.financeiro] };

  app.get(
    '/',
    {
      config: ler,
      schema: {
        tags,
        summary:
          'Listar movimentações de caixa da unidade (dataInicio e dataFim: padrão hoje no fuso da unidade; filtros caixaId e tipo; mais recentes primeiro) com entradas, saídas e saldo do período',
        querystring: listMovimentacoesCaixaQuerySchema,
        response: { 200: movimentacoesCaixaPageSchema, ...errors },
      },
    },
    async (request) => {
      const veEsperado = podeVerEsperado(request);
      return request.scoped((tx) => listMovimentacoesCaixaParaLeitor(tx, request.query, veEsperado));
    },
  );

  app.get(
    '/:id',
    {
      config: ler,
      schema: {
        tags,
        summary: 'Obter uma movimentação de caixa (com caixa, forma de pagamento, venda, conta, categoria e cliente)',
        params: idParamsSchema,
        response: { 200: movimentacaoCaixaSchema, ...errors },
      },
    },
    async (request) => request.scoped((tx) => getMovimentacaoCaixa(tx, request.params.id)),
  );
};
