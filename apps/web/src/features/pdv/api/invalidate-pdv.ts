import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Venda } from '@petshop/shared/venda';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * After a write that moved money or stock (finalise, leave open, payment, cancel, quote → sale):
 * the sale's answer goes into the cache, and what it touched is refetched by prefix — sales,
 * registers and their movements (['comercial']), receivables and customer credit
 * (['financeiro']), the customer's open sales (['pessoal', 'pessoas']) and the products' stock (queryKeys.produtos).
 */
export const afterVendaWrite = async (queryClient: QueryClient, venda: Venda): Promise<void> => {
  queryClient.setQueryData(queryKeys.pdv.detail(venda.id), venda);
  const vendaKey = queryKeys.pdv.detail(venda.id);
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: queryKeys.area.comercial,
      predicate: (q) => JSON.stringify(q.queryKey) !== JSON.stringify(vendaKey),
    }),
    queryClient.invalidateQueries({ queryKey: queryKeys.area.financeiro }),
    queryClient.invalidateQueries({ queryKey: queryKeys.pessoas.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.produtos.all }),
  ]);
};

/** Mutation hook of a pdv write that moved money or stock (see `afterVendaWrite`). */
export const useVendaWrite = <V>(mutationFn: (vars: V) => Promise<Venda>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (venda) => afterVendaWrite(queryClient, venda) });
};
