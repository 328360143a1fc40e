import type { AbrirCaixaInputParsed, Caixa } from '@petshop/shared/caixa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caixaAlterado } from './invalidate-caixas.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type AbrirCaixaVariables = { dados: AbrirCaixaInputParsed; idempotencyKey?: string };

/**
 * POST /comercial/caixas/abrir-caixa `{ valorAbertura (reais), observacoes? }` → the new Caixa
 * (201); 400 'Você já tem um caixa aberto nesta unidade (nº X)'.
 */
export const abrirCaixa = async ({ dados, idempotencyKey }: AbrirCaixaVariables): Promise<Caixa> => {
  const { data } = await http.post<Caixa>('/comercial/caixas/abrir-caixa', dados, idempotencyConfig(idempotencyKey));
  return data;
};

export const useAbrirCaixa = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: abrirCaixa,
    onSuccess: (caixa) => {
      queryClient.setQueryData(queryKeys.caixas.detail(caixa.id), caixa);
      return caixaAlterado(queryClient);
    },
  });
};
