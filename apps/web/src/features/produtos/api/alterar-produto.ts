import type { Produto, UpdateProdutoInputParsed } from '@petshop/shared/produto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { produtoSaved } from './invalidate-produtos.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';

export type AlterarProdutoVariables = { id: string; dados: UpdateProdutoInputParsed; idempotencyKey?: string };

/** PUT /inventario/produtos/{id} (JSON, the whole product) → the saved Produto. */
export const alterarProduto = async ({ id, dados, idempotencyKey }: AlterarProdutoVariables): Promise<Produto> => {
  const { data } = await http.put<Produto>(
    `/inventario/produtos/${encodeURIComponent(id)}`,
    dados,
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useAlterarProduto = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: alterarProduto, onSuccess: (produto) => produtoSaved(queryClient, produto) });
};
