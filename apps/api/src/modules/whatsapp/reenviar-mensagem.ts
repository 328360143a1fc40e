/**
 * reenviarMensagem — a failed WhatsApp message goes back to the outbox (issue #21 item 3; the
 * log's "Reenviar"): Falhou → Pendente with its attempts reset, due now; the worker sends it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappMensagens } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';

/** Scoped unit's message `id`: 404 when not seen, 400 unless Falhou. */
export const reenviarMensagem = async (tx: Db, id: string): Promise<void> => {
  const [row] = await tx
    .select({ status: whatsappMensagens.status })
    .from(whatsappMensagens)
    .where(sql`${whatsappMensagens.id} = ${id}`)
    .for('update');
  if (!row) throw notFound('Mensagem não encontrada');
  if (row.status !== 'Falhou') throw badRequest('Só uma mensagem que falhou pode ser reenviada');
  await tx
    .update(whatsappMensagens)
    .set({ status: 'Pendente', tentativas: 0, ultimoErro: null, proximaTentativaEm: sql`now()` })
    .where(sql`${whatsappMensagens.id} = ${id}`);
};
