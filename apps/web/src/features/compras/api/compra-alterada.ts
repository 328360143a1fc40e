import type { Compra } from '@petshop/shared/compra';
import type { QueryClient } from '@tanstack/react-query';
import { comprasKeys } from './compras-keys.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * After a write to a draft (save, link, create product): the purchase takes the answer, its
 * summary and the lists reload. A new product also refreshes the products.
 */
export const compraSalva = (queryClient: QueryClient, compra: Compra, { produtos = false } = {}): Promise<unknown> => {
  queryClient.setQueryData(comprasKeys.detail(compra.id), compra);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: comprasKeys.resumo(compra.id) }),
    queryClient.invalidateQueries({ queryKey: comprasKeys.lists() }),
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
    queryClient.invalidateQueries({ queryKey: comprasKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['estoque'] }),
    queryClient.invalidateQueries({ queryKey: queryKeys.produtos.all }),
    queryClient.invalidateQueries({ queryKey: ['financeiro'] }),
  ]);
