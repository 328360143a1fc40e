import type { AtualizarPrecosVendaInput, AtualizarPrecosVendaResultado } from '@petshop/shared/compra';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type AtualizarPrecosVendaVariables = { compraId: string; dados: AtualizarPrecosVendaInput };

/**
 * POST /compras/{id}/precos-venda `{ precos: [{ produtoId, precoVenda }] }` → each product's
 * prices as saved (markup recomputed from its cost), in one transaction (issue #15). 400 on
 * `precos.N.precoVenda` below the cost or `precos.N.produtoId` outside the purchase; 403
 * without `produtos.gerenciar`.
 */
export const atualizarPrecosVenda = async ({
  compraId,
  dados,
}: AtualizarPrecosVendaVariables): Promise<AtualizarPrecosVendaResultado> => {
  const { data } = await http.post<AtualizarPrecosVendaResultado>(`/compras/${encodeURIComponent(compraId)}/precos-venda`, dados);
  return data;
};

/** The products (their prices) and the purchase's summary (its margins) reload afterwards. */
export const useAtualizarPrecosVenda = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: atualizarPrecosVenda,
    onSuccess: (_, { compraId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.produtos.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.compras.resumo(compraId) }),
      ]),
  });
};
