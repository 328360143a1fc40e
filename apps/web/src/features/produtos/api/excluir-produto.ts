import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/** DELETE /inventario/produtos/{id}; 400 with generalErrors when it is another product's bulk counterpart. */
export const excluirProduto = async (id: string): Promise<void> => {
  await http.delete(`/inventario/produtos/${encodeURIComponent(id)}`);
};

export const useExcluirProduto = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: excluirProduto,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.produtos.detail(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.produtos.lists() });
    },
  });
};
