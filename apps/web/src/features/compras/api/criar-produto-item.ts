import type { Compra, CriarProdutoItemInput } from '@petshop/shared/compra';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { compraSalva } from './compra-alterada.ts';
import { http } from '#lib/http/http.ts';
import { itemPath } from './item-compra-path.ts';

export type CriarProdutoItemVariables = { compraId: string; itemId: string; dados: CriarProdutoItemInput };

/**
 * POST /compras/{id}/itens/{itemId}/criar-produto `{ nome?, unidadeMedidaId?, precoVenda?,
 * markup?, fatorConversao?, categoriaId?, marcaId? }` → Compra: a product made from the line's
 * XML data (name, NCM, CEST, GTIN when valid and unused, unit by the invoice's, cost), linked
 * to the line. 400 with the product's field errors (nome, precoVenda…).
 */
export const criarProdutoItem = async ({ compraId, itemId, dados }: CriarProdutoItemVariables): Promise<Compra> => {
  const { data } = await http.post<Compra>(itemPath(compraId, itemId, 'criar-produto'), dados);
  return data;
};

export const useCriarProdutoItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: criarProdutoItem,
    onSuccess: (compra) => compraSalva(queryClient, compra, { produtos: true }),
  });
};
