import type { Caixa, FecharCaixaInputParsed } from '@petshop/shared/caixa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caixaAlterado } from './invalidate-caixas.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type FecharCaixaVariables = { caixaId: string; dados: FecharCaixaInputParsed; idempotencyKey?: string };

/**
 * POST /comercial/caixas/{id}/fechar `{ contagens: [{ formaPagamentoId | null, valorContado }],
 * observacoes? }` → the closed Caixa with its check (esperado × contado per method); 400
 * CAIXA_FECHADO when already closed.
 */
export const fecharCaixa = async ({ caixaId, dados, idempotencyKey }: FecharCaixaVariables): Promise<Caixa> => {
  const { data } = await http.post<Caixa>(
    `/comercial/caixas/${encodeURIComponent(caixaId)}/fechar`,
    dados,
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useFecharCaixa = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fecharCaixa,
    onSuccess: (caixa) => {
      queryClient.setQueryData(queryKeys.caixas.detail(caixa.id), caixa);
      return caixaAlterado(queryClient);
    },
  });
};
