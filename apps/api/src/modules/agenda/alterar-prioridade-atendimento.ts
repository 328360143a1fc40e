/**
 * PATCH /api/agenda/atendimentos/{id}/prioridade (issue #17 item 2): sets the appointment's
 * priority (Baixa, Normal, Alta, Urgente) with a history row of who and when. The same
 * priority again changes nothing.
 */
import { eq, sql } from 'drizzle-orm';
import type { Prioridade } from '@petshop/shared/agenda';
import type { Db } from '../../db/client.ts';
import { atendimentos } from '../../db/schema/index.ts';
import { lockAtendimento } from './atendimentos-repository.ts';
import { registrarHistorico } from './criar-atendimento.ts';

/** See the file's comment. 404 for an appointment of another unit or tenant. */
export const alterarPrioridadeAtendimento = async (
  tx: Db,
  id: string,
  prioridade: Prioridade,
  usuarioId: string,
): Promise<void> => {
  const atual = await lockAtendimento(tx, id);
  if (atual.prioridade === prioridade) return;
  await tx
    .update(atendimentos)
    .set({ prioridade, updatedAt: sql`now()` })
    .where(eq(atendimentos.id, id));
  await registrarHistorico(tx, id, 'prioridade', atual.prioridade, prioridade, usuarioId);
};
