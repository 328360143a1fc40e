import type { DocumentoFiscal } from '@petshop/shared/fiscal';
import { http } from '#lib/http/http.ts';
import { baixarBlob } from '#lib/http/baixar-blob.ts';

/**
 * GET /fiscal/documentos/{id}/xml → the document's XML (the `nfeProc` once authorised), saved
 * as `{chave}-nfce.xml`, the name accountants expect.
 */
export const baixarXmlDocumentoFiscal = async (documento: Pick<DocumentoFiscal, 'id' | 'chave'>): Promise<void> => {
  const { data } = await http.get<Blob>(`/fiscal/documentos/${documento.id}/xml`, { responseType: 'blob' });
  baixarBlob(data, `${documento.chave}-nfce.xml`);
};
