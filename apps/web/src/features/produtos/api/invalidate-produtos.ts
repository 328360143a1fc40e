import type { Produto } from '@petshop/shared/produto';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '#lib/query-keys.ts';

/** After a product is saved: its detail takes the answer, the lists reload. */
export const produtoSaved = (queryClient: QueryClient, produto: Produto) => {
  queryClient.setQueryData(queryKeys.produtos.detail(produto.id), produto);
  return queryClient.invalidateQueries({ queryKey: queryKeys.produtos.lists() });
};
