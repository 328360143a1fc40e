/**
 * Today's birthdays (issue #21 item 4): the unit's customers born on today's day and month (the
 * unit's time zone; 29/02 counts on 28/02 in other years) queued as 'aniversario' messages, key
 * 'aniversario:{pessoaId}:{yyyy}' (once a year, whoever queues it: the daily job at the template's
 * hour or POST /api/geral/enviar-mensagem-aniversario).
 */
import type { EnvioAniversario } from '@petshop/shared/whatsapp';
import type { Db } from '../../db/client.ts';

/**
 * Queues today's birthday messages of the scoped unit now. `hoje`: 'yyyy-MM-dd' in the unit's
 * time zone. Answers how many were queued now, already queued/sent earlier this year, and left out
 * (no WhatsApp phone, no marketing consent). The template must be on (400 otherwise, by the route).
 */
export const enfileirarAniversariantes = async (
  _tx: Db,
  _opcoes: { hoje: string; agora: Date; usuarioId?: string | null },
): Promise<EnvioAniversario> => {
  throw new Error('enfileirarAniversariantes: a ser implementado (issue #21)');
};
