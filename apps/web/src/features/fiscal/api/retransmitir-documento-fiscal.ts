import type { DocumentoFiscal } from '@petshop/shared/fiscal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '#lib/http/http.ts';
import { invalidateFiscal } from './invalidate-fiscal.ts';

/**
 * POST /fiscal/documentos/{id}/retransmitir: sends a rejected or contingency NFC-e to SEFAZ
 * again (only when `podeRetransmitir`) → the document as it is now (authorised, still in
 * contingency, or rejected with the new cStat and reason).
 */
export const retransmitirDocumentoFiscal = async (id: string): Promise<DocumentoFiscal> => {
  const { data } = await http.post<DocumentoFiscal>(`/fiscal/documentos/${id}/retransmitir`, {});
  return data;
};

export const useRetransmitirDocumentoFiscal = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retransmitirDocumentoFiscal, onSuccess: () => invalidateFiscal(queryClient) });
};
