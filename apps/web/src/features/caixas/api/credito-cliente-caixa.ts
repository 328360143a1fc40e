import type { CreditoClienteCaixaInputParsed, MovimentacaoCaixa } from '@petshop/shared/caixa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caixaAlterado } from './invalidate-caixas.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';

export type CreditoClienteCaixaVariables = { caixaId: string; dados: CreditoClienteCaixaInputParsed; idempotencyKey?: string };

/**
 * POST /comercial/caixas/{id}/credito-cliente → the new MovimentacaoCaixa (201). `{ pessoaId, valor > 0, formaPagamentoId?, descricao? }`: a customer deposits credit (money in by the method, default cash).
 */
export const creditoClienteCaixa = async ({
  caixaId,
  dados,
  idempotencyKey,
}: CreditoClienteCaixaVariables): Promise<MovimentacaoCaixa> => {
  const { data } = await http.post<MovimentacaoCaixa>(
    `/comercial/caixas/${encodeURIComponent(caixaId)}/credito-cliente`,
    dados,
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useCreditoClienteCaixa = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: creditoClienteCaixa, onSuccess: () => caixaAlterado(queryClient) });
};
