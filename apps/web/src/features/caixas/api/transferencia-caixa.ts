import type { TransferenciaCaixaInputParsed, MovimentacaoCaixa } from '@petshop/shared/caixa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caixaAlterado } from './invalidate-caixas.ts';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';

export type TransferenciaCaixaVariables = { caixaId: string; dados: TransferenciaCaixaInputParsed; idempotencyKey?: string };

/**
 * POST /comercial/caixas/{id}/transferencia → the new MovimentacaoCaixa (201). `{ valor > 0, contaId, descricao? }`: cash out of the drawer into a financial account of the unit.
 */
export const transferenciaCaixa = async ({
  caixaId,
  dados,
  idempotencyKey,
}: TransferenciaCaixaVariables): Promise<MovimentacaoCaixa> => {
  const { data } = await http.post<MovimentacaoCaixa>(
    `/comercial/caixas/${encodeURIComponent(caixaId)}/transferencia`,
    dados,
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useTransferenciaCaixa = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: transferenciaCaixa, onSuccess: () => caixaAlterado(queryClient) });
};
