/**
 * The reports under /api/relatorios (issue #20; spec §7 "Reports"; DOMAIN.md §11). Each file is
 * one report's definition (relatorio.ts) and answers GET /{id} (a page as JSON) and
 * GET /{id}/exportar?formato=csv|xlsx|pdf; registered here, one by one.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { relatorioRoutes } from './relatorio.ts';
import { atividadesBanhoTosaPorResponsavel } from './atividades-banho-tosa-por-responsavel.ts';
import { banhoTosaPorDia } from './banho-tosa-por-dia.ts';
import { curvaAbcClientes } from './curva-abc-clientes.ts';
import { curvaAbcProdutos } from './curva-abc-produtos.ts';
import { novosClientes } from './novos-clientes.ts';
import { posicaoEstoque } from './posicao-estoque.ts';
import { produtosProximoVencimento } from './produtos-proximo-vencimento.ts';
import { vendasPorCategoria } from './vendas-por-categoria.ts';
import { vendasPorProduto } from './vendas-por-produto.ts';

export const relatoriosRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(relatorioRoutes(vendasPorProduto));
  await app.register(relatorioRoutes(vendasPorCategoria));
  await app.register(relatorioRoutes(produtosProximoVencimento));
  await app.register(relatorioRoutes(posicaoEstoque));
  await app.register(relatorioRoutes(curvaAbcProdutos));
  await app.register(relatorioRoutes(curvaAbcClientes));
  await app.register(relatorioRoutes(novosClientes));
  await app.register(relatorioRoutes(banhoTosaPorDia));
  await app.register(relatorioRoutes(atividadesBanhoTosaPorResponsavel));
};
