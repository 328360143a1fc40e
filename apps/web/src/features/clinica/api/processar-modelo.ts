import type { ProcessarModeloInput, ProcessarModeloResult } from '@petshop/shared/clinica';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type ProcessarModeloVariables = { dados: ProcessarModeloInput; idempotencyKey?: string };

/**
 * POST /clinica/modelos-documento/processar (processarModeloInputSchema) → { html, registro }:
 * the template filled for the pet (every value HTML-escaped by the API). `salvar: false` is a
 * preview (registro null); otherwise the result is saved as a record of tipo receita/documento,
 * whose PDF is GET /clinica/registros/{id}/pdf. 400 when the template uses an unknown variable
 * (the message lists the known ones).
 */
export const processarModelo = async ({ dados, idempotencyKey }: ProcessarModeloVariables): Promise<ProcessarModeloResult> => {
  const { data } = await http.post<ProcessarModeloResult>('/clinica/modelos-documento/processar', dados, {
    ...idempotencyConfig(idempotencyKey),
    // The caller shows the refusal in the modal (a template with an unknown variable).
    silent: dados.salvar === false,
  });
  return data;
};

/** A saved document refreshes every clinic read (the chart, its documents). */
export const useProcessarModelo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: processarModelo,
    onSuccess: (result) => (result.registro ? queryClient.invalidateQueries({ queryKey: queryKeys.clinica }) : Promise.resolve()),
  });
};
