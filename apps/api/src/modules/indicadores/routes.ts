/**
 * GET /api/indicadores (issue #20 item 2; DOMAIN.md §11): the home page's figures for the
 * selected unit, by what the user's profile there may see (DOMAIN.md §1,
 * `PERMISSOES_INDICADOR` of @petshop/shared/indicadores). Any signed-in user with a unit
 * (x-unidade-negocio; 400 without one). The queries: montar-indicadores.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HEADERS } from '@petshop/shared/auth';
import { apiErrorSchema } from '@petshop/shared/http';
import { indicadoresSchema } from '@petshop/shared/indicadores';
import { badRequest } from '../../lib/errors.ts';
import { montarIndicadores } from './montar-indicadores.ts';

export const indicadoresRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['indicadores'],
        summary: 'Indicadores da página inicial (da unidade selecionada, conforme o perfil)',
        description:
          'Cada indicador aparece só quando o perfil do usuário na unidade pode vê-lo (ausente, não nulo, caso contrário): ' +
          'faturamento (relatorios ou financeiro): hoje e o mês até hoje contra o mesmo período do mês anterior, variação %, ticket médio, ' +
          'número de vendas, os últimos 30 dias por dia e o mês por forma de pagamento (pagamentos das vendas finalizadas no mês; dinheiro sem o troco; ' +
          'devoluções não abatidas nessa divisão); meuCaixa (caixa sem relatorios/financeiro): o caixa aberto do usuário com o dinheiro esperado e as suas vendas de hoje; ' +
          'agendaHoje (agenda ou banho-tosa): atendimentos de hoje por status; aniversariantes (clientes): clientes e pets que fazem aniversário hoje; ' +
          'contasPagar (financeiro): despesas em aberto vencidas, de hoje e dos próximos 7 dias; estoqueBaixo (estoque ou produtos): produtos abaixo do mínimo; ' +
          'lotesVencendo (estoque ou relatorios): lotes com saldo vencidos e que vencem em 30 dias, valor a custo; dosesDevidas (clinica ou clientes): doses atrasadas e dos próximos 7 dias. ' +
          'Vendas: finalizadas (data da finalização no fuso da unidade), canceladas fora, devoluções abatidas na data da devolução, desconto rateado, frete fora — a regra dos relatórios de vendas.',
        response: { 200: indicadoresSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const unidadeId = request.unidadeNegocioId;
      if (!unidadeId) throw badRequest(`Selecione uma unidade de negócio (cabeçalho ${HEADERS.unidadeNegocio})`);
      const perfilId = auth.unidades.find((u) => u.unidadeNegocioId === unidadeId)?.perfilId;
      return request.scoped((tx) => montarIndicadores(tx, auth.usuarioId, perfilId));
    },
  );
};
