/**
 * The stored files of one fiscal document (issue #18 items 5 and 6): what the DANFE and the XML
 * download read. Only documents of the scope's unit are visible (row-level security); any other
 * id is a 404 'Documento fiscal não encontrado'.
 *
 * - `getDocumentoArquivo`: the row's files and identity, with the unit's time zone;
 * - `xmlDocumento`: the XML to download (`GET /api/fiscal/documentos/{id}/xml`) and its file name.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documentosFiscais, unidadesNegocio } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { DOCUMENTO_FISCAL_NAO_ENCONTRADO } from './documentos-repository.ts';

/** A fiscal document as its files are served: identity, status and the stored XMLs. */
export type DocumentoArquivo = {
  id: string;
  serie: number;
  numero: number;
  chave: string;
  /** `STATUS_DOCUMENTO_FISCAL` of @petshop/shared/fiscal. */
  status: string;
  tipoEmissao: string;
  /** The signed NFe, or the `nfeProc` once authorised. */
  xml: string;
  /** The cancellation's `procEventoNFe` (null unless cancelled). */
  xmlCancelamento: string | null;
  protocoloCancelamento: string | null;
  dataCancelamento: Date | null;
  /** The unit's IANA time zone: dates are printed on its clock. */
  timeZone: string;
};

/** The document `id` of the scope's unit, or 404 'Documento fiscal não encontrado'. */
export const getDocumentoArquivo = async (tx: Db, id: string): Promise<DocumentoArquivo> => {
  const [doc] = await tx
    .select({
      id: documentosFiscais.id,
      serie: documentosFiscais.serie,
      numero: documentosFiscais.numero,
      chave: documentosFiscais.chave,
      status: documentosFiscais.status,
      tipoEmissao: documentosFiscais.tipoEmissao,
      xml: documentosFiscais.xml,
      xmlCancelamento: documentosFiscais.xmlCancelamento,
      protocoloCancelamento: documentosFiscais.protocoloCancelamento,
      dataCancelamento: documentosFiscais.dataCancelamento,
      timeZone: unidadesNegocio.timeZone,
    })
    .from(documentosFiscais)
    .innerJoin(unidadesNegocio, eq(unidadesNegocio.id, documentosFiscais.unidadeNegocioId))
    .where(eq(documentosFiscais.id, id));
  if (!doc) throw notFound(DOCUMENTO_FISCAL_NAO_ENCONTRADO);
  return doc;
};

/** The XML declaration every downloaded file starts with (the stored XMLs have none). */
export const DECLARACAO_XML = '<?xml version="1.0" encoding="UTF-8"?>';

/** A stored XML as a file: with the XML declaration, once. */
export const comDeclaracao = (xml: string): string => (xml.startsWith('<?xml') ? xml : `${DECLARACAO_XML}${xml}`);

/**
 * GET /documentos/{id}/xml: the document's XML as stored — the `nfeProc` once authorised (the
 * file the law says to keep and give the consumer; the signed NFe before that) — named
 * `{chave}-nfce.xml`; with `cancelamento` the cancellation's `procEventoNFe`, named
 * `{chave}-cancelamento.xml` (404 'Cancelamento não encontrado' when the document has none).
 */
export const xmlDocumento = async (tx: Db, id: string, cancelamento: boolean): Promise<{ nomeArquivo: string; xml: string }> => {
  const doc = await getDocumentoArquivo(tx, id);
  if (!cancelamento) return { nomeArquivo: `${doc.chave}-nfce.xml`, xml: comDeclaracao(doc.xml) };
  if (!doc.xmlCancelamento) throw notFound('Cancelamento não encontrado: a NFC-e não foi cancelada');
  return { nomeArquivo: `${doc.chave}-cancelamento.xml`, xml: comDeclaracao(doc.xmlCancelamento) };
};
