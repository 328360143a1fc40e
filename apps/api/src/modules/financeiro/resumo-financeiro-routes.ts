/**
 * GET /api/financeiro/resumo (issue #6 item 4, the /financeiro/ screen): balances, to receive
 * and to pay in 7 and 30 days and overdue, the month's realised and open figures, the daily
 * cash flow with its running balance and a six-month income statement by category. Figures
 * and choices: resumo-financeiro.ts. Permission `financeiro`; the selected unit only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resumoFinanceiroQuerySchema, resumoFinanceiroSchema } from '@petshop/shared/financeiro';
import { apiErrorSchema } from '@petshop/shared/http';
import { PERMISSOES } from '@petshop/shared/permissoes';
import { getResumoFinanceiro } from './resumo-financeiro.ts';

export const resumoFinanceiroRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { permission: PERMISSOES.financeiro },
      schema: {
        tags: ['financeiro'],
        summary: 'Resumo financeiro da unidade (painel /financeiro/)',
        description:
          'mes = yyyy-MM (padrão: o mês atual no fuso da unidade). saldos das contas; aReceber/aPagar: principal em aberto (cartão/PIX líquido da taxa) com vencimento de hoje a hoje+7 e hoje+30 dias, e vencido; mesAtual: recebido e pago no mês (baixas e vendas/despesas em dinheiro dos caixas) e o que ainda vence nele; saldoPrevisto (null para mês encerrado): saldoAtual + aReceber − aPagar, os títulos em aberto com vencimento de vencimentoDesde (1º dia do mês atual) a vencimentoAte (fim do mês) = totais valorEmAbertoLiquido de /receitas e /despesas com status=EmAberto,BaixaParcial e esse período; fluxoCaixa: cada dia do mês, realizado até hoje (movimentações das contas, sem transferências entre elas) e previsto depois (os títulos de saldoPrevisto pelo vencimento, os vencidos no dia seguinte a hoje), com o saldo acumulado; dre: os 6 meses até `mes`, por categoria (Vendas = vendas finalizadas menos devoluções).',
        querystring: resumoFinanceiroQuerySchema,
        response: { 200: resumoFinanceiroSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => request.scoped((tx) => getResumoFinanceiro(tx, request.query)),
  );
};
