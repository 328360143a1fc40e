import type { DocumentoFiscal } from '@petshop/shared/fiscal';
import { imprimirDocumento } from '#lib/print/imprimir-documento.ts';

/**
 * GET /fiscal/documentos/{id}/pdf → the DANFE NFC-e (80 mm receipt), printed as the till's
 * receipts are (lib/print/imprimir-documento.ts); downloaded when the browser blocks printing.
 */
export const imprimirDanfe = (documento: Pick<DocumentoFiscal, 'id' | 'numero'>) =>
  imprimirDocumento(`/fiscal/documentos/${documento.id}/pdf`, `danfe-nfce-${documento.numero}.pdf`);
