/**
 * PUT /api/agenda/atendimentos/{id}/atividade (issue #17 items 2 and 5): the grooming board
 * moves a pet between Aguardando, Banho, Secagem, Tosa and Finalizado, both ways. Each move
 * stamps atividade_desde (the board's "time in this stage") and a history row (reports measure
 * each stage per groomer). Leaving Aguardando checks an Agendado/Confirmado appointment in
 * (status EmAtendimento, with its effects); reaching Finalizado does not change the status (the
 * groomer presses "Pronto"). Refused (400) for Cancelado, NaoCompareceu and Finalizado
 * appointments; a user without `agenda` moves only bath-and-grooming ones (403).
 */
import { eq, sql } from 'drizzle-orm';
import { STATUS_ATENDIMENTO, type Atividade } from '@petshop/shared/agenda';
import type { Db } from '../../db/client.ts';
import { atendimentos } from '../../db/schema/index.ts';
import { fieldError } from '../../lib/errors.ts';
import { lockAtendimento } from './atendimentos-repository.ts';
import { aplicarStatusAtendimento, assertPodeAlterarAtendimento, type AtorAgenda } from './alterar-status-atendimento.ts';
import { registrarHistorico } from './criar-atendimento.ts';

/** See the file's comment. 404 for an appointment of another unit or tenant; the same activity again changes nothing. */
export const alterarAtividadeAtendimento = async (tx: Db, id: string, atividade: Atividade, ator: AtorAgenda): Promise<void> => {
  const atual = await lockAtendimento(tx, id);
  assertPodeAlterarAtendimento(ator, atual.area);
  if (atual.status === 'Cancelado' || atual.status === 'NaoCompareceu' || atual.status === 'Finalizado')
    throw fieldError('atividade', `Um atendimento ${STATUS_ATENDIMENTO[atual.status].toLowerCase()} não muda de atividade`);
  if (atual.atividade === atividade) return;
  await tx
    .update(atendimentos)
    .set({ atividade, atividadeDesde: sql`now()` as unknown as Date, updatedAt: sql`now()` as unknown as Date })
    .where(eq(atendimentos.id, id));
  await registrarHistorico(tx, id, 'atividade', atual.atividade, atividade, ator.usuarioId);
  if (atual.atividade === 'Aguardando' && (atual.status === 'Agendado' || atual.status === 'Confirmado'))
    await aplicarStatusAtendimento(tx, { ...atual, atividade }, 'EmAtendimento', ator);
};
