/**
 * retransmitirNfce — POST /api/fiscal/documentos/{id}/retransmitir (issue #18 item 6): the
 * "Tentar de novo" of the /fiscal/ screen and the till.
 * - 'rejeitada': rebuilt from the sale's and products' CURRENT data (e.g. after fixing a
 *   product's NCM) with the SAME number and sent, exactly as a new POST /nfce of its sale does
 *   (emitir-nfce.ts: contingency if SEFAZ does not answer).
 * - 'contingencia' / 'pendente': transmitted now (transmitir-pendentes-nfce.ts), instead of
 *   waiting for the worker; SEFAZ still down leaves it as it was (next attempt scheduled).
 * - anything else: 400.
 */
import { STATUS_DOCUMENTO_FISCAL, type DocumentoFiscal } from '@petshop/shared/fiscal';
import { withTenant } from '../../db/tenant-scope.ts';
import { badRequest } from '../../lib/errors.ts';
import { DOCUMENTO_FISCAL_NAO_ENCONTRADO, findDocumentoFiscalRow, getDocumentoFiscal } from './documentos-repository.ts';
import { emitirNfce, type EscopoFiscal, type FiscalApp } from './emitir-nfce.ts';
import { transmitirDocumento } from './transmitir-pendentes-nfce.ts';
import { notFound } from '../../lib/errors.ts';

/** retransmitirNfce: see the file's docstring. 404 when not a document of the selected unit. */
export const retransmitirNfce = async (app: FiscalApp, escopo: EscopoFiscal, id: string): Promise<DocumentoFiscal> => {
  const doc = await withTenant(app.db, escopo, (tx) => findDocumentoFiscalRow(tx, id));
  if (!doc) throw notFound(DOCUMENTO_FISCAL_NAO_ENCONTRADO);
  if (doc.status === 'rejeitada') {
    await emitirNfce(app, escopo, { vendaId: doc.vendaId, cpf: doc.cpfDestinatario ?? undefined });
  } else if (doc.status === 'contingencia' || doc.status === 'pendente') {
    await transmitirDocumento(app, escopo, doc.id);
  } else {
    const status = STATUS_DOCUMENTO_FISCAL[doc.status as keyof typeof STATUS_DOCUMENTO_FISCAL] ?? doc.status;
    throw badRequest(
      `Só uma NFC-e rejeitada ou em contingência pode ser transmitida de novo (esta está: ${status.toLowerCase()})`,
    );
  }
  return withTenant(app.db, escopo, (tx) => getDocumentoFiscal(tx, doc.id));
};
