/**
 * PUT /api/agenda/atendimentos/{id}/status (issue #17 item 2; DOMAIN.md §10): moves an
 * appointment along TRANSICOES_STATUS of @petshop/shared/agenda; a move not listed → 400 on
 * `status` naming the allowed ones. Every change is kept (de, para, who, when).
 *
 * Effects:
 * - → EmAtendimento (check-in), or Pronto / Finalizado without a check-in: the sale em atendimento
 *   is opened (abrirVendaAtendimento) and linked;
 * - → Cancelado / NaoCompareceu: the package session is given back and the slot freed; a sale
 *   em atendimento without effected payments is cancelled with it (the cancel of the till,
 *   cancelarVenda); with payments → 400 "Estorne os pagamentos no PDV antes de cancelar";
 * - → Confirmado: the owner's WhatsApp confirmation queued (whatsapp/gatilhos-agenda.ts; not again
 *   when the booking's went already);
 * - → Pronto: "your pet is ready" queued on WhatsApp, and the activity goes to Finalizado if not yet;
 * - → Cancelado / NaoCompareceu: its WhatsApp messages still waiting are cancelled;
 * - → Agendado from Cancelado / NaoCompareceu: the slot is checked again (clashes) and a package
 *   session taken again when one covers it.
 * Who (AtorAgenda): a user without `agenda` (a groomer with only `banhoTosa`) changes only
 * bath-and-grooming appointments (403 otherwise).
 */
import { eq, sql } from 'drizzle-orm';
import { STATUS_ATENDIMENTO, TRANSICOES_STATUS, type StatusAtendimento } from '@petshop/shared/agenda';
import { PERMISSOES } from '@petshop/shared/permissoes';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { atendimentoServicos, atendimentos } from '../../db/schema/index.ts';
import { badRequest, fieldError, forbidden } from '../../lib/errors.ts';
import type { PdvContexto } from '../comercial/pdv-contexto.ts';
import { cancelarVenda } from '../comercial/vendas/cancelar-venda.ts';
import { lockAtendimento, type AtendimentoLocked } from './atendimentos-repository.ts';
import { assertSemConflitos, lockRecursosAgenda } from './conflitos-agenda.ts';
import { registrarHistorico } from './criar-atendimento.ts';
import { devolverSessaoPacote, consumirSessaoPacote } from './pacotes-sessoes.ts';
import { abrirVendaAtendimento } from './venda-atendimento.ts';
import {
  cancelarMensagensAtendimento,
  enfileirarConfirmacaoAtendimento,
  enfileirarPetPronto,
} from '../whatsapp/gatilhos-agenda.ts';

/** The acting user and what the selected unit's profile lets them do (contextoPdv of the request). */
export type AtorAgenda = PdvContexto;

/** 403 unless the user holds `agenda`, or the appointment is of bath and grooming (a groomer's `banhoTosa`). */
export const assertPodeAlterarAtendimento = (ator: AtorAgenda, area: string): void => {
  if (ator.pode(PERMISSOES.agenda)) return;
  if (area === 'BanhoTosa' && ator.pode(PERMISSOES.banhoTosa)) return;
  throw forbidden('Você só pode alterar atendimentos de banho e tosa');
};

/** 400 on `status` unless `para` is a transition allowed from `de`, naming the allowed ones. */
export const assertTransicaoStatus = (de: StatusAtendimento, para: StatusAtendimento): void => {
  const permitidos = TRANSICOES_STATUS[de];
  if (permitidos.includes(para)) return;
  if (permitidos.length === 0) throw fieldError('status', `De ${STATUS_ATENDIMENTO[de]} não há transição possível`);
  throw fieldError(
    'status',
    `De ${STATUS_ATENDIMENTO[de]} pode ir para: ${permitidos.map((s) => STATUS_ATENDIMENTO[s]).join(', ')}`,
  );
};

/**
 * Cancels the appointment's sale em atendimento when no payment of it was effected (payments
 * only entered at the till go with the draft, as cancelarVenda does); 400 otherwise.
 */
const cancelarVendaDoAtendimento = async (tx: Db, vendaId: string, motivo: string | undefined, ator: AtorAgenda) => {
  const [venda] = await queryRows<{ status: string; pago: boolean }>(
    tx,
    sql`select v.status, exists (select 1 from venda_financeiros f where f.venda_id = v.id and f.efetivado_em is not null) as pago
          from vendas v where v.id = ${vendaId}`,
  );
  if (!venda || venda.status === 'Cancelada') return;
  if (venda.pago || venda.status === 'Finalizada') throw badRequest('Estorne os pagamentos no PDV antes de cancelar');
  // Cancelling the appointment's own unpaid draft is part of cancelling the appointment: no till
  // permission is needed for it (a receptionist cancels appointments, not sales).
  await cancelarVenda(tx, vendaId, motivo ?? 'Atendimento cancelado', {
    ...ator,
    pode: (p) => p === PERMISSOES.vendas || ator.pode(p),
  });
};

/** 'the owner by WhatsApp' may only confirm (effects that need a user — sales — are not theirs). */
const atorObrigatorio = (ator: AtorAgenda | null): AtorAgenda => {
  if (!ator) throw new Error('aplicarStatusAtendimento: esta mudança de status exige um usuário');
  return ator;
};

/**
 * Applies a status change to a locked appointment (the transition already allowed) with its
 * effects and history. Used by alterarStatusAtendimento, by the activity's check-in and by the
 * owner's WhatsApp reply (`ator` null: history without a user; only → Confirmado).
 */
export const aplicarStatusAtendimento = async (
  tx: Db,
  atual: AtendimentoLocked,
  para: StatusAtendimento,
  ator: AtorAgenda | null,
  motivo?: string,
): Promise<void> => {
  const de = atual.status;
  const usuarioId = ator?.usuarioId ?? null;
  const set: Partial<typeof atendimentos.$inferInsert> = { status: para, updatedAt: sql`now()` as unknown as Date };

  if (para === 'Cancelado' || para === 'NaoCompareceu') {
    if (atual.vendaId) {
      await cancelarVendaDoAtendimento(tx, atual.vendaId, motivo, atorObrigatorio(ator));
      set.vendaId = null;
    }
    if (atual.pacoteId) {
      await devolverSessaoPacote(tx, atual.pacoteId);
      set.pacoteId = null;
    }
    if (para === 'Cancelado') set.motivoCancelamento = motivo ?? null;
  }

  if (para === 'Agendado' && (de === 'Cancelado' || de === 'NaoCompareceu')) {
    const ocupacao = {
      atendimentoId: atual.id,
      inicio: atual.inicioLocal,
      fim: atual.fimLocal,
      boxId: atual.boxId,
      salaId: atual.salaId,
      responsavelId: atual.responsavelId,
    };
    await lockRecursosAgenda(tx, ocupacao);
    await assertSemConflitos(tx, ocupacao);
    const pacoteId = await consumirSessaoPacote(tx, {
      clienteId: atual.clienteId,
      petId: atual.petId,
      tipoAtendimentoId: atual.tipoAtendimentoId,
      data: atual.inicioLocal.slice(0, 10),
    });
    if (pacoteId) {
      set.pacoteId = pacoteId;
      // The type's service is covered again.
      await tx.execute(
        sql`update atendimento_servicos set valor = 0
             where id = (select s.id from ${atendimentoServicos} s join tipos_atendimento ta on ta.produto_id = s.produto_id
                          where s.atendimento_id = ${atual.id} and ta.id = ${atual.tipoAtendimentoId} order by s.ordem limit 1)`,
      );
    }
    set.motivoCancelamento = null;
  }

  await tx.update(atendimentos).set(set).where(eq(atendimentos.id, atual.id));
  await registrarHistorico(tx, atual.id, 'status', de, para, usuarioId);

  // Check-in opens the charge; skipping it (a walk-in marked Pronto or Finalizado at once) opens it too.
  if ((para === 'EmAtendimento' || para === 'Pronto' || para === 'Finalizado') && !atual.vendaId) {
    const vendaId = await abrirVendaAtendimento(tx, atual.id, atorObrigatorio(ator).usuarioId);
    if (vendaId) await tx.update(atendimentos).set({ vendaId }).where(eq(atendimentos.id, atual.id));
  }
  if (para === 'Confirmado') await enfileirarConfirmacaoAtendimento(tx, atual.id, usuarioId);
  if (para === 'Cancelado' || para === 'NaoCompareceu')
    await cancelarMensagensAtendimento(tx, atual.id, para === 'Cancelado' ? 'Atendimento cancelado' : 'Cliente não compareceu');
  if (para === 'Pronto') {
    await enfileirarPetPronto(tx, atual.id, usuarioId);
    if (atual.atividade !== 'Finalizado') {
      await tx
        .update(atendimentos)
        .set({ atividade: 'Finalizado', atividadeDesde: sql`now()` as unknown as Date })
        .where(eq(atendimentos.id, atual.id));
      await registrarHistorico(tx, atual.id, 'atividade', atual.atividade, 'Finalizado', usuarioId);
    }
  }
};

/** See the file's comment. 404 for an appointment of another unit or tenant; the same status again changes nothing. */
export const alterarStatusAtendimento = async (
  tx: Db,
  id: string,
  input: { status: StatusAtendimento; motivo?: string | undefined },
  ator: AtorAgenda,
): Promise<void> => {
  const atual = await lockAtendimento(tx, id);
  assertPodeAlterarAtendimento(ator, atual.area);
  if (atual.status === input.status) return;
  assertTransicaoStatus(atual.status, input.status);
  await aplicarStatusAtendimento(tx, atual, input.status, ator, input.motivo);
};
