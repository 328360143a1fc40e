import { useMutation, useQueryClient } from '@tanstack/react-query';
import { compraMovimentouEstoque } from './compra-alterada.ts';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * DELETE /compras/{id}: a draft is deleted; a finalised purchase is reversed (stock out of the
 * same lots, its payables cancelled, status Cancelada). 400 'Esta compra tem parcela
 * já paga: estorne o pagamento antes de excluir', or when the stock already left and the unit
 * refuses negative stock; 400 for a cancelled one.
 */
export const excluirCompra = async (id: string): Promise<void> => {
  await http.delete(`/compras/${encodeURIComponent(id)}`);
};

export const useExcluirCompra = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: excluirCompra,
    onSuccess: async (_, id) => {
      await compraMovimentouEstoque(queryClient);
      await queryClient.invalidateQueries({ queryKey: queryKeys.compras.detail(id) });
    },
  });
};
