import { baixarArquivoFiscal } from './baixar-arquivo-fiscal.ts';

/**
 * GET /fiscal/documentos/xml-mensal?mes=yyyy-MM → one zip with the month's XMLs (authorised,
 * cancelled with their events, inutilizações, resumo.csv) for the accountant, saved under the
 * API's name (`nfce-{cnpj}-{yyyy-MM}.zip`). `onProgress` gets 0..1 when the size is known, null
 * otherwise. 400 (its message in the error) when the month has no documents.
 */
export const baixarXmlMensal = (mes: string, onProgress?: (fraction: number | null) => void): Promise<void> =>
  baixarArquivoFiscal('/fiscal/documentos/xml-mensal', `nfce-${mes}.zip`, {
    params: { mes },
    onDownloadProgress: (event) => onProgress?.(event.total ? event.loaded / event.total : null),
  });
