/**
 * Owner notifications of appointments (issue #17 items 2 and 5; spec §4 appointment updates):
 * "confirmed" and "your pet is ready" events recorded for the WhatsApp module (issue #21) to
 * send later, and the gateway's delivery callback that updates them.
 */
import { timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { notificacaoWebhookSchema } from '@petshop/shared/agenda';
import type { Db } from '../../db/client.ts';
import { notificacoesAtendimento } from '../../db/schema/index.ts';
import { notFound, unauthorized } from '../../lib/errors.ts';
import { telefonePessoaSql } from './atendimentos-repository.ts';

export type TipoNotificacaoAtendimento = 'AtendimentoConfirmado' | 'PetPronto';

/**
 * Records a Pendente notification of `tipo` for the appointment's owner with the owner's phone
 * (the first mobile, else the first phone; null when none). Inside the appointment's
 * transaction and scope.
 */
export const registrarNotificacaoAtendimento = async (
  tx: Db,
  atendimentoId: string,
  tipo: TipoNotificacaoAtendimento,
): Promise<void> => {
  await tx.execute(
    sql`insert into notificacoes_atendimento (atendimento_id, pessoa_id, tipo, telefone, status)
        select a.id, a.cliente_id, ${tipo}, ${telefonePessoaSql(sql`c.telefones`)}, 'Pendente'
          from atendimentos a join pessoas c on c.id = a.cliente_id
         where a.id = ${atendimentoId}`,
  );
};

/**
 * 401 unless `token` (header x-webhook-token) equals `esperado` (env WHATSAPP_WEBHOOK_TOKEN);
 * with no token configured every call is refused.
 */
export const assertTokenWebhook = (token: string | undefined, esperado: string | undefined): void => {
  if (!esperado || !token) throw unauthorized();
  const a = Buffer.from(token);
  const b = Buffer.from(esperado);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw unauthorized();
};

/**
 * POST /atendimentos/notificacao-webhook: the WhatsApp gateway reports a notification's
 * delivery (Enviada, Entregue, Lida, Falhou with `erro`). The call has no user nor tenant, so
 * the notification is found by its id across tenants through the plain handle (the table's
 * owner, outside row-level security), like the other unauthenticated routes. Idempotent (the
 * same report again changes nothing); 404 'Notificação não encontrada' for an unknown id.
 */
export const atualizarNotificacaoAtendimento = async (
  db: Db,
  input: z.output<typeof notificacaoWebhookSchema>,
): Promise<void> => {
  const [row] = await db
    .update(notificacoesAtendimento)
    .set({ status: input.status, erro: input.status === 'Falhou' ? (input.erro ?? null) : null, updatedAt: sql`now()` })
    .where(eq(notificacoesAtendimento.id, input.notificacaoId))
    .returning({ id: notificacoesAtendimento.id });
  if (!row) throw notFound('Notificação não encontrada');
};
