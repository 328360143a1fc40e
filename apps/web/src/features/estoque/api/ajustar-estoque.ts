import type { AjusteEstoque, AjusteEstoqueInput } from '@petshop/shared/estoque';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { estoqueAlterado } from './estoque-alterado.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';

export type AjustarEstoqueVariables = { dados: AjusteEstoqueInput; idempotencyKey?: string };

/**
 * POST /estoque/ajuste `{ modo: 'contagem' | 'entrada' | 'saida', motivo (3..200), itens:
 * [{ produtoId, quantidade, loteId?, lote? }], chave? }` → AjusteEstoque: the movements written
 * and, per item, the balance before and after. contagem sets the counted quantity (the
 * difference becomes an ajuste_entrada/ajuste_saida); entrada/saida add or remove. 400 with
 * `motivo`, `itens.N.produtoId`, `itens.N.quantidade` (a fraction of a whole unit, a saída
 * below zero where the unit refuses negative stock), `itens.N.lote`.
 */
export const ajustarEstoque = async ({ dados, idempotencyKey }: AjustarEstoqueVariables): Promise<AjusteEstoque> => {
  const { data } = await http.post<AjusteEstoque>('/estoque/ajuste', dados, idempotencyConfig(idempotencyKey));
  return data;
};

export const useAjustarEstoque = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: ajustarEstoque, onSuccess: () => estoqueAlterado(queryClient) });
};
