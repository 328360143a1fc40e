import type { CreditoClienteInputParsed, CreditoClienteLancamento } from '@petshop/shared/credito-cliente';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type LancarCreditoVariables = { dados: CreditoClienteInputParsed; idempotencyKey?: string };

/**
 * POST /financeiro/credito-cliente/creditos → the new entry (201). A debit beyond the balance
 * answers 400 on `valor`.
 */
export const lancarCredito = async ({ dados, idempotencyKey }: LancarCreditoVariables): Promise<CreditoClienteLancamento> => {
  const { data } = await http.post<CreditoClienteLancamento>(
    '/financeiro/credito-cliente/creditos',
    dados,
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

/** After an entry: the customer's ledger and balance, and the customer's page (its summary). */
export const useLancarCredito = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lancarCredito,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.creditoCliente.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.pessoas.all }),
      ]),
  });
};
