import type { Transferencia, TransferenciaInputParsed } from '@petshop/shared/financeiro';
import { useMutation } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { useInvalidarFinanceiro } from './invalidate-financeiro.ts';

export type TransferirEntreContasVariables = { dados: TransferenciaInputParsed; idempotencyKey?: string };

/**
 * POST /financeiro/contas/transferencia → the transfer with both balances after it. `dados.id`
 * is the client's uuid: sent twice (double click, retry), the money moves once.
 */
export const transferirEntreContas = async ({ dados, idempotencyKey }: TransferirEntreContasVariables): Promise<Transferencia> =>
  (await http.post<Transferencia>('/financeiro/contas/transferencia', dados, idempotencyConfig(idempotencyKey))).data;

export const useTransferirEntreContas = () => {
  const invalidar = useInvalidarFinanceiro();
  return useMutation({ mutationFn: transferirEntreContas, onSuccess: () => invalidar() });
};
