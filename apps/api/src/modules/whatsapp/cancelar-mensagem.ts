/**
 * cancelarMensagem — a WhatsApp message that has not gone yet is cancelled by a person (issue #21
 * item 3; the log's "Cancelar"): Pendente → Cancelada. One a worker is sending (Enviando) or that
 * already went cannot be.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappMensagens } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { lockStatusMensagem } from './mensagens-repository.ts';

/** Scoped unit's message `id`: 404 when not seen, 400 unless Pendente. */
export const cancelarMensagem = async (tx: Db, id: string): Promise<void> => {
  if ((await lockStatusMensagem(tx, id)) !== 'Pendente') throw badRequest('Só uma mensagem pendente pode ser cancelada');
  await tx
    .update(whatsappMensagens)
    .set({ status: 'Cancelada' })
    .where(sql`${whatsappMensagens.id} = ${id}`);
};
