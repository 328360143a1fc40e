import type { DespesaCaixaInputParsed, MovimentacaoCaixa } from '@petshop/shared/caixa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caixaAlterado } from './invalidate-caixas.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';

export type DespesaCaixaVariables = { caixaId: string; dados: DespesaCaixaInputParsed; idempotencyKey?: string };

/**
 * POST /comercial/caixas/{id}/despesa → the new MovimentacaoCaixa (201). `{ valor > 0, descricao, categoriaFinanceiraId? }`: an expense paid with the drawer's cash (never more than it holds).
 */
export const despesaCaixa = async ({ caixaId, dados, idempotencyKey }: DespesaCaixaVariables): Promise<MovimentacaoCaixa> => {
  const { data } = await http.post<MovimentacaoCaixa>(
    `/comercial/caixas/${encodeURIComponent(caixaId)}/despesa`,
    dados,
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useDespesaCaixa = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: despesaCaixa, onSuccess: () => caixaAlterado(queryClient) });
};
