import { baixarBlob, nomeDoArquivo } from '#lib/http/baixar-blob.ts';
import { http } from '#lib/http/http.ts';

/**
 * GET /clinica/registros/{id}/pdf → the record as a PDF (the unit's header and logo, the vet's
 * name and CRMV; a prescription of controle especial in two copies), saved under the API's name
 * (`fallback` without one). A refusal's message reaches the caller as an ApiError.
 */
export const baixarRegistroPdf = async (registroId: string, fallback = 'documento.pdf'): Promise<Blob> => {
  const { data, headers } = await http.get<Blob>(`/clinica/registros/${encodeURIComponent(registroId)}/pdf`, {
    responseType: 'blob',
  });
  baixarBlob(data, nomeDoArquivo(headers['content-disposition'], fallback));
  return data;
};
