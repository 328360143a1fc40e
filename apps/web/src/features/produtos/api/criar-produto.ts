import type { CreateProdutoInputParsed, Produto } from '@petshop/shared/produto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { produtoSaved } from './invalidate-produtos.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';

export type CriarProdutoVariables = { dados: CreateProdutoInputParsed; idempotencyKey?: string };

/**
 * POST /inventario/produtos (JSON per createProdutoInputSchema) → the new Produto; 400 on
 * fields (codigoBarras and codigo unique per tenant, prices, fiscal codes).
 */
export const criarProduto = async ({ dados, idempotencyKey }: CriarProdutoVariables): Promise<Produto> => {
  const { data } = await http.post<Produto>('/inventario/produtos', dados, idempotencyConfig(idempotencyKey));
  return data;
};

export const useCriarProduto = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: criarProduto, onSuccess: (produto) => produtoSaved(queryClient, produto) });
};
