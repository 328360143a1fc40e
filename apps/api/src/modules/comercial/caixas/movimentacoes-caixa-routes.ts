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
import { notFound } from '../../../lib/errors.ts';
import { findMovimentacaoCaixa, listMovimentacoesCaixa } from './caixas-repository.ts';
import { esperadoOculto, movimentacoesParaLeitor, podeVerEsperado } from './fechamento-cego.ts';

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
      return request.scoped(async (tx) =>
        movimentacoesParaLeitor(await listMovimentacoesCaixa(tx, request.query), await esperadoOculto(tx, veEsperado)),
      );
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
    async (request) => {
      const movimento = await request.scoped((tx) => findMovimentacaoCaixa(tx, request.params.id));
      if (!movimento) throw notFound('Movimentação de caixa não encontrada');
      return movimento;
    },
  );
};
