/**
 * Package sessions (DOMAIN.md §3, §10; issue #17 item 6): an appointment of a covered type
 * takes one session of the customer's package; cancelling it gives the session back.
 *
 * The session is taken by one guarded UPDATE (`sessoes_usadas < sessoes_total`, not cancelled,
 * still valid on the appointment's day), so two bookings racing for the last session cannot
 * both win: PostgreSQL re-checks the row after the first commits and the second updates none.
 */
import { and, asc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pacotes } from '../../db/schema/index.ts';

export type SessaoPedido = {
  clienteId: string;
  petId: string;
  tipoAtendimentoId: string;
  /** The appointment's day in the unit's calendar, 'yyyy-MM-dd'. */
  data: string;
};

/**
 * Takes one session from the customer's package covering `tipoAtendimentoId` for the pet (a
 * package for that pet first, then one for any of the customer's pets), the one expiring first.
 * Returns the package id, or null when no usable package is left (expired, used up, cancelled).
 */
export const consumirSessaoPacote = async (tx: Db, pedido: SessaoPedido): Promise<string | null> => {
  const candidato = tx
    .select({ id: pacotes.id })
    .from(pacotes)
    .where(
      and(
        eq(pacotes.clienteId, pedido.clienteId),
        eq(pacotes.tipoAtendimentoId, pedido.tipoAtendimentoId),
        or(eq(pacotes.petId, pedido.petId), isNull(pacotes.petId)),
        eq(pacotes.cancelado, false),
        lt(pacotes.sessoesUsadas, pacotes.sessoesTotal),
        gte(pacotes.validoAte, pedido.data),
      ),
    )
    .orderBy(sql`${pacotes.petId} is null`, asc(pacotes.validoAte), asc(pacotes.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await tx
    .update(pacotes)
    .set({ sessoesUsadas: sql`${pacotes.sessoesUsadas} + 1` })
    .where(
      and(sql`${pacotes.id} = (${candidato})`, lt(pacotes.sessoesUsadas, pacotes.sessoesTotal), eq(pacotes.cancelado, false)),
    )
    .returning({ id: pacotes.id });
  return row?.id ?? null;
};

/** Gives a session back to a package (the appointment was cancelled or did not happen). */
export const devolverSessaoPacote = async (tx: Db, pacoteId: string): Promise<void> => {
  await tx
    .update(pacotes)
    .set({ sessoesUsadas: sql`greatest(${pacotes.sessoesUsadas} - 1, 0)` })
    .where(eq(pacotes.id, pacoteId));
};
