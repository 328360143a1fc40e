/**
 * DELETE /api/agenda/atendimentos/{id} (issue #17 item 2): removes an appointment that never
 * started (Agendado, Confirmado) or did not happen (Cancelado, NaoCompareceu) and has no sale;
 * its package session, if it still holds one, is given back. Anything else → 400 (cancel it
 * instead). Services and history go with it; its WhatsApp messages still waiting are cancelled
 * (the log keeps them, unlinked).
 */
import { eq } from 'drizzle-orm';
import { STATUS_ATENDIMENTO, type StatusAtendimento } from '@petshop/shared/agenda';
import type { Db } from '../../db/client.ts';
import { atendimentos } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { lockAtendimento } from './atendimentos-repository.ts';
import { devolverSessaoPacote } from './pacotes-sessoes.ts';
import { cancelarMensagensAtendimento } from '../whatsapp/gatilhos-agenda.ts';

const EXCLUIVEIS: readonly StatusAtendimento[] = ['Agendado', 'Confirmado', 'Cancelado', 'NaoCompareceu'];

/** See the file's comment. 404 for an appointment of another unit or tenant. */
export const excluirAtendimento = async (tx: Db, id: string): Promise<void> => {
  const atual = await lockAtendimento(tx, id);
  if (!EXCLUIVEIS.includes(atual.status))
    throw badRequest(`Um atendimento ${STATUS_ATENDIMENTO[atual.status].toLowerCase()} não pode ser excluído; cancele-o`);
  if (atual.vendaId) throw badRequest('Este atendimento tem uma venda no PDV e não pode ser excluído; cancele-o');
  if (atual.pacoteId) await devolverSessaoPacote(tx, atual.pacoteId);
  await cancelarMensagensAtendimento(tx, id, 'Atendimento excluído');
  await tx.delete(atendimentos).where(eq(atendimentos.id, id));
};
