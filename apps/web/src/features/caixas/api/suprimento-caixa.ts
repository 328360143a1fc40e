import type { SuprimentoInputParsed, MovimentacaoCaixa } from '@petshop/shared/caixa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caixaAlterado } from './invalidate-caixas.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';

export type SuprimentoVariables = { caixaId: string; dados: SuprimentoInputParsed; idempotencyKey?: string };

/**
 * POST /comercial/caixas/{id}/suprimento → the new MovimentacaoCaixa (201). `{ valor > 0, descricao }`: cash into the drawer.
 */
export const suprimentoCaixa = async ({ caixaId, dados, idempotencyKey }: SuprimentoVariables): Promise<MovimentacaoCaixa> => {
  const { data } = await http.post<MovimentacaoCaixa>(
    `/comercial/caixas/${encodeURIComponent(caixaId)}/suprimento`,
    dados,
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useSuprimentoCaixa = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: suprimentoCaixa, onSuccess: () => caixaAlterado(queryClient) });
};
