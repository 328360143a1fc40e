import type { SangriaInputParsed, MovimentacaoCaixa } from '@petshop/shared/caixa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caixaAlterado } from './invalidate-caixas.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';

export type SangriaVariables = { caixaId: string; dados: SangriaInputParsed; idempotencyKey?: string };

/**
 * POST /comercial/caixas/{id}/sangria → the new MovimentacaoCaixa (201). `{ valor > 0, descricao }`: cash out; 400 on valor beyond the drawer's cash, CAIXA_FECHADO on a closed register.
 */
export const sangriaCaixa = async ({ caixaId, dados, idempotencyKey }: SangriaVariables): Promise<MovimentacaoCaixa> => {
  const { data } = await http.post<MovimentacaoCaixa>(
    `/comercial/caixas/${encodeURIComponent(caixaId)}/sangria`,
    dados,
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useSangriaCaixa = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sangriaCaixa, onSuccess: () => caixaAlterado(queryClient) });
};
