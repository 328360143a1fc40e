/**
 * reenviarMensagem — a failed WhatsApp message goes back to the outbox (issue #21 item 3; the
 * log's "Reenviar"): Falhou → Pendente with its attempts reset, due now (also `agendada_para`: a message that
 * expired after 24 h gets a new 24 h); the worker sends it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { whatsappMensagens } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { lockStatusMensagem } from './mensagens-repository.ts';

/** Scoped unit's message `id`: 404 when not seen, 400 unless Falhou. */
export const reenviarMensagem = async (tx: Db, id: string): Promise<void> => {
  if ((await lockStatusMensagem(tx, id)) !== 'Falhou') throw badRequest('Só uma mensagem que falhou pode ser reenviada');
  await tx
    .update(whatsappMensagens)
    .set({ status: 'Pendente', tentativas: 0, ultimoErro: null, agendadaPara: sql`now()`, proximaTentativaEm: sql`now()` })
    .where(sql`${whatsappMensagens.id} = ${id}`);
};
