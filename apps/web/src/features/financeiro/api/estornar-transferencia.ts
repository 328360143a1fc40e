import type { Transferencia } from '@petshop/shared/financeiro';
import { useMutation } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { useInvalidarFinanceiro } from './invalidate-financeiro.ts';

/** POST /financeiro/contas/transferencia/{id}/estornar → the transfer with the balances after the reversal. */
export const estornarTransferencia = async (id: string): Promise<Transferencia> =>
  (await http.post<Transferencia>(`/financeiro/contas/transferencia/${encodeURIComponent(id)}/estornar`)).data;

export const useEstornarTransferencia = () => {
  const invalidar = useInvalidarFinanceiro();
  return useMutation({ mutationFn: estornarTransferencia, onSuccess: () => invalidar() });
};
