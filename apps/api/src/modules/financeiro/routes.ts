/**
 * Finance under /api/financeiro (issue #4 items 1 and 8): formas-pagamento, contas,
 * categorias-financeiro and credito-cliente.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoriasFinanceirasRoutes, contasRoutes, formasPagamentoRoutes } from './cadastros-routes.ts';
import { creditoClienteRoutes } from './credito-cliente-routes.ts';
import { contasFinanceiroRoutes, movimentacoesRoutes } from './contas-financeiro-routes.ts';
import { recorrenciasRoutes } from './recorrencias-routes.ts';
import { resumoFinanceiroRoutes } from './resumo-financeiro-routes.ts';
import { despesasRoutes, receitasRoutes } from './titulos-routes.ts';
import { recebimentosRoutes } from './recebimentos-routes.ts';

export const financeiroRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(formasPagamentoRoutes, { prefix: '/formas-pagamento' });
  await app.register(contasRoutes, { prefix: '/contas' });
  await app.register(categoriasFinanceirasRoutes, { prefix: '/categorias-financeiro' });
  await app.register(creditoClienteRoutes, { prefix: '/credito-cliente' });
  await app.register(contasFinanceiroRoutes, { prefix: '/contas' });
  await app.register(movimentacoesRoutes, { prefix: '/movimentacoes' });
  await app.register(recorrenciasRoutes, { prefix: '/recorrencias' });
  await app.register(resumoFinanceiroRoutes, { prefix: '/resumo' });
  await app.register(despesasRoutes, { prefix: '/despesas' });
  await app.register(receitasRoutes, { prefix: '/receitas' });
  await app.register(recebimentosRoutes, { prefix: '/recebimentos' });
};
