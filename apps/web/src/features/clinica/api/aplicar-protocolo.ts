import type { AplicarProtocoloInput, AplicarProtocoloResult } from '@petshop/shared/clinica';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { queryKeys } from '#lib/query-keys.ts';

export type AplicarProtocoloVariables = { dados: AplicarProtocoloInput; idempotencyKey?: string };

/**
 * POST /clinica/planejamentos/aplicar-protocolo (aplicarProtocoloInputSchema: petId, protocoloId,
 * dataInicio 'yyyy-MM-dd') → { aplicacaoProtocoloId, doses }: the pet's planned doses of the
 * protocol, dated from the start (a start in the past plans the doses already due as atrasada).
 * 400 with field errors (inactive protocol, another species, a deceased pet); 404 for an unknown pet.
 */
export const aplicarProtocolo = async ({ dados, idempotencyKey }: AplicarProtocoloVariables): Promise<AplicarProtocoloResult> => {
  const { data } = await http.post<AplicarProtocoloResult>(
    '/clinica/planejamentos/aplicar-protocolo',
    dados,
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

/** Refreshes every clinic read (the chart, planned doses, doses due). */
export const useAplicarProtocolo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: aplicarProtocolo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.clinica }),
  });
};
