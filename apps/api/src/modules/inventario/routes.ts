/**
 * The product catalogue under /api/inventario (issue #3 item 4): unidades-medida, marcas,
 * categorias-produto, fornecedores and produtos (with the till's busca-pdv).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoriasProdutoRoutes, fornecedoresRoutes, marcasRoutes, unidadesMedidaRoutes } from './cadastros-routes.ts';
import { produtosRoutes } from './produtos-routes.ts';

export const inventarioRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(unidadesMedidaRoutes, { prefix: '/unidades-medida' });
  await app.register(marcasRoutes, { prefix: '/marcas' });
  await app.register(categoriasProdutoRoutes, { prefix: '/categorias-produto' });
  await app.register(fornecedoresRoutes, { prefix: '/fornecedores' });
  await app.register(produtosRoutes, { prefix: '/produtos' });
};
