import type { Compra } from '@petshop/shared/compra';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * After a write to a draft (save, link, create product): the purchase takes the answer, its
 * summary and the lists reload. A new product also refreshes the products.
 */
export const compraSalva = (queryClient: QueryClient, compra: Compra, { produtos = false } = {}): Promise<unknown> => {
  queryClient.setQueryData(queryKeys.compras.detail(compra.id), compra);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.compras.resumo(compra.id) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.compras.lists() }),
    produtos ? queryClient.invalidateQueries({ queryKey: queryKeys.produtos.all }) : Promise.resolve(),
  ]);
};

/**
 * After finalising or deleting a finalised purchase: stock moved and payables changed, so
 * purchases, every stock read (['estoque']), the products (balance, cost price) and finance
 * (['financeiro']: the payables) reload.
 */
export const compraMovimentouEstoque = (queryClient: QueryClient): Promise<unknown> =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.compras.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.area.estoque }),
    queryClient.invalidateQueries({ queryKey: queryKeys.produtos.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.area.financeiro }),
  ]);
