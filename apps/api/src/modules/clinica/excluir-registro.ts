/**
 * Deleting a pet's clinical record (DELETE /registros/{id}; issue #19 item 4): only from the unit
 * that wrote it (404 from another unit or tenant). Its attachments go with it (registro_anexos by
 * cascade, their stored files here); documents and prescriptions issued may be deleted too. When
 * it carried a weight, the pet's weight becomes that of its latest record with one (null if none).
 * One transaction.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { arquivos, pets, registroAnexos, registrosClinicos } from '../../db/schema/index.ts';
import { atualizarPesoDoPet, lockRegistroDaUnidade } from './registros-repository.ts';

/** Deletes the record `id` of the scope's unit with its attachments; 404 'Registro não encontrado' otherwise. */
export const excluirRegistro = async (tx: Db, id: string): Promise<void> => {
  const registro = await lockRegistroDaUnidade(tx, id);
  // As every write of a weight: the pet locked, so the weight left on it is read after the others'.
  if (registro.peso !== null) await tx.select({ id: pets.id }).from(pets).where(eq(pets.id, registro.petId)).for('no key update');
  const anexos = await tx
    .select({ arquivoId: registroAnexos.arquivoId })
    .from(registroAnexos)
    .where(eq(registroAnexos.registroId, id));
  await tx.delete(registrosClinicos).where(eq(registrosClinicos.id, id));
  if (anexos.length > 0) {
    await tx.delete(arquivos).where(
      inArray(
        arquivos.id,
        anexos.map((a) => a.arquivoId),
      ),
    );
  }
  if (registro.peso !== null) await atualizarPesoDoPet(tx, registro.petId);
};
