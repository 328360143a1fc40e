/**
 * Appointment reminders (issue #21 item 4: "reminder N hours before"): the scoped unit's
 * appointments still Agendado or Confirmado that start within the template's `antecedenciaHoras`
 * from `agora` and have not started, queued as 'lembreteAgendamento', key
 * `lembrete:{atendimentoId}:{inicio ISO}` (a rescheduled appointment is reminded again at its new
 * time; the same time never twice). Run every minute by the scheduler (agendador-whatsapp.ts), so
 * the reminder goes about N hours before. An appointment booked already inside the window gets no
 * reminder: its confirmation, just sent, says the same (fewer messages, less ban risk).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { currentUnidadeNegocioId } from '../../db/schema/tenancy.ts';
import { enfileirarMensagem } from './enfileirar-mensagem.ts';
import { listAtendimentosParaMensagem } from './gatilhos-agenda.ts';

/** Queues the due reminders of the scoped unit; answers how many were queued. */
export const enfileirarLembretes = async (tx: Db, opcoes: { agora: Date; antecedenciaHoras: number }): Promise<number> => {
  const agora = opcoes.agora.toISOString();
  const ate = new Date(opcoes.agora.getTime() + opcoes.antecedenciaHoras * 3_600_000).toISOString();
  const atendimentos = await listAtendimentosParaMensagem(
    tx,
    sql`a.unidade_negocio_id = ${currentUnidadeNegocioId}
        and a.inicio > ${agora}::timestamptz and a.inicio <= ${ate}::timestamptz
        and a.status in ('Agendado', 'Confirmado')
        and a.created_at < a.inicio - make_interval(hours => ${opcoes.antecedenciaHoras}::int)
        and not exists (select 1 from whatsapp_mensagens m
                         where m.unidade_negocio_id = a.unidade_negocio_id
                           and m.chave = 'lembrete:' || a.id::text || ':' || to_char(a.inicio at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
        order by a.inicio, a.id`,
    opcoes.agora,
  );
  let enfileiradas = 0;
  for (const a of atendimentos) {
    const r = await enfileirarMensagem(tx, {
      tipo: 'lembreteAgendamento',
      chave: `lembrete:${a.id}:${a.inicioIso}`,
      pessoaId: a.clienteId,
      petId: a.petId,
      atendimentoId: a.id,
      valores: { pet: a.pet, data: a.data, hora: a.hora, servico: a.servico },
      agendadaPara: opcoes.agora,
    });
    if (r.enfileirada) enfileiradas += 1;
  }
  return enfileiradas;
};
