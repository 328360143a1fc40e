import type { Compra, VincularItemInput } from '@petshop/shared/compra';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { compraSalva } from './compra-alterada.ts';
import { http } from '#lib/http/http.ts';
import { itemPath } from './item-compra-path.ts';

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
