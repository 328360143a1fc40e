import type { SaidaGranel, SaidaGranelInput } from '@petshop/shared/estoque';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { estoqueAlterado } from './estoque-alterado.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';

export type SaidaParaGranelVariables = { dados: SaidaGranelInput; idempotencyKey?: string };

/**
 * POST /estoques/saida_para_granel `{ produtoId, quantidade (whole packages ≥ 1), chave? }` →
 * SaidaGranel: the package side (out, at its average cost) and the bulk side (quantidade × fator
 * in, at package cost ÷ fator per unit), each with its new balance. 400 `produtoId` 'Produto sem
 * produto a granel vinculado'; `quantidade` when the packages are not in stock.
 */
export const saidaParaGranel = async ({ dados, idempotencyKey }: SaidaParaGranelVariables): Promise<SaidaGranel> => {
  const { data } = await http.post<SaidaGranel>('/estoques/saida_para_granel', dados, idempotencyConfig(idempotencyKey));
  return data;
};

export const useSaidaParaGranel = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saidaParaGranel, onSuccess: () => estoqueAlterado(queryClient) });
};
