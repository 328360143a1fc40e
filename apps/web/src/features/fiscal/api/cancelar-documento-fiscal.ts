import type { CancelarNfceInput, DocumentoFiscal } from '@petshop/shared/fiscal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { idempotencyConfig } from '#lib/http/idempotency.ts';
import { invalidateFiscal } from './invalidate-fiscal.ts';

export type CancelarDocumentoFiscalVariables = { id: string; dados: CancelarNfceInput; idempotencyKey?: string };

/**
 * POST /fiscal/documentos/{id}/cancelamento { justificativa (15–255 characters) }: the
 * cancellation event 110111 of an authorised NFC-e within 30 minutes → the cancelled document;
 * 400 with `errors` (justificativa, past the deadline, SEFAZ's refusal).
 */
export const cancelarDocumentoFiscal = async ({ id, dados, idempotencyKey }: CancelarDocumentoFiscalVariables) => {
  const { data } = await http.post<DocumentoFiscal>(
    `/fiscal/documentos/${id}/cancelamento`,
    dados,
    idempotencyConfig(idempotencyKey),
  );
  return data;
};

export const useCancelarDocumentoFiscal = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelarDocumentoFiscal, onSuccess: () => invalidateFiscal(queryClient) });
};
