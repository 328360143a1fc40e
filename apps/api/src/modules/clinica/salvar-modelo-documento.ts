/**
 * Creates, changes and deletes the tenant's document/prescription templates (issue #19 item 5).
 * Saving sanitises the HTML to what the editor makes (html-sanitizer.ts) and checks the template
 * (modelo-template.ts `assertModeloValido`: plain `{{variavel}}` of VARIAVEIS_MODELO only; else 400
 * on `conteudo` listing the unknown names and the known ones). `controleEspecial` only applies to a
 * receita (a documento is saved with false). Deleting leaves the records issued from it as they are
 * (they keep their filled HTML; `modelo_documento_id` is not a foreign key).
 */
import { eq } from 'drizzle-orm';
import type { ModeloDocumentoInputParsed } from '@petshop/shared/clinica';
import type { Db } from '../../db/client.ts';
import { modelosDocumento } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { sanitizeHtml } from './html-sanitizer.ts';
import { assertModeloValido } from './modelo-template.ts';
import { MODELO_NAO_ENCONTRADO } from './modelos-documento-repository.ts';

/** The row to write: sanitised and checked content (400 on `conteudo` else). */
export const valoresModeloDocumento = (input: ModeloDocumentoInputParsed) => {
  const conteudo = sanitizeHtml(input.conteudo).trim();
  if (!conteudo.replace(/<[^>]*>/g, '').trim()) throw fieldError('conteudo', 'Conteúdo é obrigatório');
  assertModeloValido(conteudo, 'conteudo');
  return {
    tipo: input.tipo,
    nome: input.nome,
    conteudo,
    controleEspecial: input.tipo === 'receita' && input.controleEspecial,
    ativo: input.ativo,
  };
};

/** A new template; answers its id. */
export const criarModeloDocumento = async (tx: Db, input: ModeloDocumentoInputParsed): Promise<string> => {
  const [row] = await tx.insert(modelosDocumento).values(valoresModeloDocumento(input)).returning({ id: modelosDocumento.id });
  return row!.id;
};

/** Replaces a template's fields; 404 when it is not the tenant's. */
export const alterarModeloDocumento = async (tx: Db, id: string, input: ModeloDocumentoInputParsed): Promise<void> => {
  const updated = await tx
    .update(modelosDocumento)
    .set(valoresModeloDocumento(input))
    .where(eq(modelosDocumento.id, id))
    .returning({ id: modelosDocumento.id });
  if (updated.length === 0) throw notFound(MODELO_NAO_ENCONTRADO);
};

/** Deletes a template (the documents issued from it stay); 404 when it is not the tenant's. */
export const excluirModeloDocumento = async (tx: Db, id: string): Promise<void> => {
  const deleted = await tx.delete(modelosDocumento).where(eq(modelosDocumento.id, id)).returning({ id: modelosDocumento.id });
  if (deleted.length === 0) throw notFound(MODELO_NAO_ENCONTRADO);
};
