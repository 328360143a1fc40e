/**
 * Files attached to a payable (the bill, the receipt; DOMAIN.md §7 "documents"; issue #6
 * item 1 "attachments"): PDF, PNG or JPEG up to 10 MB, stored in `arquivos` (tenant) and
 * listed in `despesa_anexos` (unit), served at /api/arquivos/{id}. The type is read from
 * the file's first bytes, not trusted from the browser.
 */
import type { FastifyRequest } from 'fastify';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { arquivos, despesaAnexos, despesas } from '../../db/schema/index.ts';
import { AppError, badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { storeArquivo } from '../../lib/arquivos.ts';
import type { UploadedFile } from '../../lib/request-body.ts';
import { tituloNaoEncontrado } from './baixar-titulo.ts';

/** Largest attachment (bytes). */
export const ANEXO_TAMANHO_MAXIMO = 10 * 1024 * 1024;
/** Most attachments one payable keeps. */
export const ANEXOS_POR_DESPESA = 20;
/** The multipart field of the file. */
export const CAMPO_ANEXO = 'arquivo';

const TIPO_NAO_ACEITO = 'Tipo de arquivo não aceito: envie PDF, PNG ou JPEG';

/** The MIME type by the file's signature: PDF, PNG, JPEG, or null. */
const tipoPelaAssinatura = (b: Buffer): string | null => {
  if (b.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  return null;
};

/**
 * Reads the one file of field `arquivo` of a multipart request (up to 10 MB). 400 `arquivo`
 * when the body is not multipart, has no file, the file is too big or not a PDF/PNG/JPEG.
 */
export const readAnexo = async (request: FastifyRequest): Promise<UploadedFile> => {
  if (!request.isMultipart()) throw fieldError(CAMPO_ANEXO, 'Envie o arquivo (multipart/form-data, campo "arquivo")');
  let arquivo: UploadedFile | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: ANEXO_TAMANHO_MAXIMO, files: 1 } })) {
      if (part.type !== 'file') continue;
      const buffer = await part.toBuffer();
      if (part.fieldname !== CAMPO_ANEXO || buffer.length === 0) continue;
      arquivo = { filename: part.filename || 'anexo', mimetype: part.mimetype, buffer };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw fieldError(CAMPO_ANEXO, 'Envie um arquivo por vez');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError(CAMPO_ANEXO, 'Arquivo maior que 10 MB');
    throw fieldError(CAMPO_ANEXO, 'Envio do arquivo incompleto: tente de novo');
  }
  if (!arquivo) throw fieldError(CAMPO_ANEXO, 'Envie o arquivo (PDF, PNG ou JPEG)');
  if (arquivo.buffer.length > ANEXO_TAMANHO_MAXIMO) throw fieldError(CAMPO_ANEXO, 'Arquivo maior que 10 MB');
  const tipo = tipoPelaAssinatura(arquivo.buffer);
  if (!tipo) throw fieldError(CAMPO_ANEXO, TIPO_NAO_ACEITO);
  return { ...arquivo, mimetype: tipo };
};

/** Attaches `arquivo` to payable `despesaId` (404 outside the unit; 400 beyond ANEXOS_POR_DESPESA). */
export const anexarArquivo = async (tx: Db, despesaId: string, arquivo: UploadedFile): Promise<string> => {
  const [despesa] = await tx.select({ id: despesas.id }).from(despesas).where(eq(despesas.id, despesaId)).for('update');
  if (!despesa) throw notFound(tituloNaoEncontrado('despesa'));
  const [quantos] = await tx.select({ n: count() }).from(despesaAnexos).where(eq(despesaAnexos.despesaId, despesaId));
  if ((quantos?.n ?? 0) >= ANEXOS_POR_DESPESA) throw badRequest(`No máximo ${ANEXOS_POR_DESPESA} anexos por despesa`);
  const arquivoId = await storeArquivo(tx, arquivo);
  const [anexo] = await tx
    .insert(despesaAnexos)
    .values({ despesaId, arquivoId, nome: arquivo.filename.slice(0, 200), tamanho: arquivo.buffer.length })
    .returning({ id: despesaAnexos.id });
  return anexo!.id;
};

/** Removes attachment `anexoId` of payable `despesaId` and its stored file; 404 when it is not the payable's. */
export const removerAnexo = async (tx: Db, despesaId: string, anexoId: string): Promise<void> => {
  const [despesa] = await tx.select({ id: despesas.id }).from(despesas).where(eq(despesas.id, despesaId));
  if (!despesa) throw notFound(tituloNaoEncontrado('despesa'));
  const [anexo] = await tx
    .delete(despesaAnexos)
    .where(and(eq(despesaAnexos.id, anexoId), eq(despesaAnexos.despesaId, despesaId)))
    .returning({ arquivoId: despesaAnexos.arquivoId });
  if (!anexo) throw notFound('Anexo não encontrado');
  await tx.delete(arquivos).where(eq(arquivos.id, anexo.arquivoId));
};
