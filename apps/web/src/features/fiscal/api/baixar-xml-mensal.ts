import { http } from '#lib/http/http.ts';
import { baixarBlob } from '#lib/http/baixar-blob.ts';

/**
 * GET /fiscal/documentos/xml-mensal?mes=yyyy-MM → one zip with the month's XMLs (authorised,
 * cancelled with their events, inutilizações) for the accountant, saved as
 * `nfce-{yyyy-MM}.zip`. `onProgress` gets 0..1 when the size is known, null otherwise.
 */
export const baixarXmlMensal = async (mes: string, onProgress?: (fraction: number | null) => void): Promise<void> => {
  const { data } = await http.get<Blob>('/fiscal/documentos/xml-mensal', {
    params: { mes },
    responseType: 'blob',
    onDownloadProgress: (event) => onProgress?.(event.total ? event.loaded / event.total : null),
  });
  baixarBlob(data, `nfce-${mes}.zip`);
};
