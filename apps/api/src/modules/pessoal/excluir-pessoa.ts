/**
 * DELETE of a customer: refused while they have history, so that nothing that happened is
 * orphaned; the user deactivates them instead. Today the history is their pets; sales,
 * packages and credits join the check as their areas arrive; meanwhile any foreign key
 * that refuses the delete answers the same message.
 */
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { arquivos, pessoas, petTutores } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';

export const PESSOA_COM_HISTORICO =
  'Este cliente tem histórico (pets, vendas) e não pode ser excluído. Desative-o para que não apareça mais nas buscas.';

/** A PostgreSQL foreign key violation (23503) somewhere in the chain Drizzle wraps it in. */
const isForeignKeyViolation = (error: unknown): boolean => {
  let current = error as { code?: unknown; cause?: unknown } | undefined;
  for (let i = 0; current && i < 4; i++) {
    if (current.code === '23503') return true;
    current = current.cause as typeof current;
  }
  return false;
};

export const excluirPessoa = async (tx: Db, id: string): Promise<void> => {
  const [current] = await tx.select({ fotoArquivoId: pessoas.fotoArquivoId }).from(pessoas).where(eq(pessoas.id, id));
  if (!current) throw notFound('Cliente não encontrado');
  const [pets] = await tx.select({ value: count() }).from(petTutores).where(eq(petTutores.pessoaId, id));
  if ((pets?.value ?? 0) > 0) throw badRequest(PESSOA_COM_HISTORICO);
  try {
    await tx.delete(pessoas).where(eq(pessoas.id, id));
  } catch (error) {
    if (isForeignKeyViolation(error)) throw badRequest(PESSOA_COM_HISTORICO);
    throw error;
  }
  if (current.fotoArquivoId) await tx.delete(arquivos).where(eq(arquivos.id, current.fotoArquivoId));
};
