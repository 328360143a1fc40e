/**
 * The calls on one imported line of a draft: link it to a product, or create the product
 * from the invoice's data. Both answer the whole purchase.
 */
import type { Compra, CriarProdutoItemInput, VincularItemInput } from '@petshop/shared/compra';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { compraSalva } from './compra-alterada.ts';
import { http } from '#lib/http/http.ts';

const itemPath = (compraId: string, itemId: string, acao: string) =>
  `/compras/${encodeURIComponent(compraId)}/itens/${encodeURIComponent(itemId)}/${acao}`;

export type VincularItemVariables = { compraId: string; itemId: string; dados: VincularItemInput };

/**
 * PUT /compras/{id}/itens/{itemId}/vincular `{ produtoId, fatorConversao }` → Compra: the line
 * becomes that product, quantity = supplier quantity × fator and unit cost = supplier unit
 * price ÷ fator (1 CX = 12 UN → 12); remembered for the supplier's code on the next import.
 */
export const vincularItem = async ({ compraId, itemId, dados }: VincularItemVariables): Promise<Compra> => {
  const { data } = await http.put<Compra>(itemPath(compraId, itemId, 'vincular'), dados);
  return data;
};

export const useVincularItem = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: vincularItem, onSuccess: (compra) => compraSalva(queryClient, compra) });
};

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
