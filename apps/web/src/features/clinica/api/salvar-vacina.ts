/**
 * POST /clinica/vacinas (no id) or PUT /clinica/vacinas/{id} with the contract's VacinaInput →
 * the saved Vacina; 400 with field errors (`produtoId`, `especieIds` not of the tenant). The
 * Idempotency-Key makes a retried or double-clicked save count once.
 */
import type { Vacina, VacinaInputParsed } from '@petshop/shared/clinica';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { vacinasApi } from './cadastros-clinica.ts';

export type SalvarVacinaVariables = { id?: string | undefined; dados: VacinaInputParsed; idempotencyKey?: string };

export const salvarVacina = ({ id, dados, idempotencyKey }: SalvarVacinaVariables): Promise<Vacina> =>
  id ? vacinasApi.update({ id, dados, idempotencyKey }) : vacinasApi.create({ dados, idempotencyKey });

/** Saves, puts the answer in the detail cache and refreshes every clinic read. */
export const useSalvarVacina = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: salvarVacina,
    onSuccess: (row) => {
      queryClient.setQueryData(vacinasApi.keys.detail(row.id), row);
      return vacinasApi.invalidate(queryClient);
    },
  });
};
