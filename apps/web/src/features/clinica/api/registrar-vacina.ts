import type { RegistrarVacinaInput, VacinaAplicada } from '@petshop/shared/clinica';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type RegistrarVacinaVariables = { dados: RegistrarVacinaInput; idempotencyKey?: string };

/**
 * POST /clinica/animais/ficha-animal/registrar-vacina (registrarVacinaInputSchema) → VacinaAplicada:
 * completes the planned dose, plans the next one (`proximaDose`), takes the dose out of stock (its
 * lot) and, with `cobrar`, adds it to the pet's sale em atendimento (`vendaNumero`). The client's
 * `id` makes a repeat (double click, retry) record the dose once. 400 with field errors (lot
 * without stock, unknown vaccine…).
 */
export const registrarVacina = async ({ dados, idempotencyKey }: RegistrarVacinaVariables): Promise<VacinaAplicada> => {
  const { data } = await http.post<VacinaAplicada>(
    '/clinica/animais/ficha-animal/registrar-vacina',
    dados,
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

/** Refreshes the clinic (chart, doses), the sales (the dose on the open sale) and the stock (the lot). */
export const useRegistrarVacina = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registrarVacina,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.clinica }),
        queryClient.invalidateQueries({ queryKey: queryKeys.area.comercial }),
        queryClient.invalidateQueries({ queryKey: queryKeys.area.estoque }),
      ]),
  });
};
