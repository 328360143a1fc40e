import type { DocumentoFiscal } from '@petshop/shared/fiscal';
import { baixarArquivoFiscal } from './baixar-arquivo-fiscal.ts';

/**
 * GET /fiscal/documentos/{id}/xml → the document's XML (the `nfeProc` once authorised), saved
 * under the API's name (`{chave}-nfce.xml`, the name accountants expect).
 */
export const baixarXmlDocumentoFiscal = (documento: Pick<DocumentoFiscal, 'id' | 'chave'>): Promise<void> =>
  baixarArquivoFiscal(`/fiscal/documentos/${documento.id}/xml`, `${documento.chave}-nfce.xml`);
