import type { CompraFinalizada } from '@petshop/shared/compra';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { compraMovimentouEstoque } from './compra-alterada.ts';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * POST /compras/{id}/finalizar → the finalised Compra, in one transaction: stock in (lots
 * included), cost prices updated, payables created from the installments. Idempotent: a
 * finalised purchase answers as it is. 400 with the pendências as general errors.
 * `revisaoPrecos`: the products whose cost price it raised (issue #15; empty when repeated).
 */
export const finalizarCompra = async (id: string): Promise<CompraFinalizada> => {
  const { data } = await http.post<CompraFinalizada>(`/compras/${encodeURIComponent(id)}/finalizar`, {});
  return data;
};

export const useFinalizarCompra = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finalizarCompra,
    onSuccess: (compra) => {
      queryClient.setQueryData(queryKeys.compras.detail(compra.id), compra);
      return compraMovimentouEstoque(queryClient);
    },
  });
};
