import type { ProdutoSituacao, SalvarProdutosSituacaoInput } from '@petshop/shared/fiscal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { queryKeys } from '#lib/query-keys.ts';

/**
 * POST /fiscal/produto-situacao {produtos: [{id, fiscal}]} → the products with their new status.
 * All or nothing; a 400 carries `produtos.{i}.fiscal.{campo}` (i = position in `produtos`).
 */
export const salvarProdutosSituacao = async (input: SalvarProdutosSituacaoInput): Promise<ProdutoSituacao[]> => {
  const { data } = await http.post<{ produtos: ProdutoSituacao[] }>('/fiscal/produto-situacao', input);
  return data.produtos;
};

/** The save; afterwards the statuses (['fiscal', 'produto-situacao']) and the products' lists and details reload. */
export const useSalvarProdutosSituacao = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: salvarProdutosSituacao,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...queryKeys.fiscal, 'produto-situacao'] }),
        queryClient.invalidateQueries({ queryKey: queryKeys.produtos.all }),
      ]),
  });
};
