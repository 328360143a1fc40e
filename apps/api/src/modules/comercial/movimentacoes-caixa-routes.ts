/**
 * Cash movements under /api/comercial/movimentacoes-caixa (spec §7 "Cash registers", §5 "Cash
 * movements list: dataInicio and dataFim default to today"; DOMAIN.md §6). Read only: the
 * movements are written by the register calls, the till and returns. Reading needs caixa or
 * financeiro. Money in reais, signed (+ in, − out).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listMovimentacoesCaixaQuerySchema, movimentacaoCaixaSchema, movimentacoesCaixaPageSchema } from '@petshop/shared/caixa';
import { apiErrorSchema, idParamsSchema } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { notFound } from '../../lib/errors.ts';
import { findMovimentacaoCaixa, listMovimentacoesCaixa } from './caixas-repository.ts';

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
    async (request) => request.scoped((tx) => listMovimentacoesCaixa(tx, request.query)),
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
