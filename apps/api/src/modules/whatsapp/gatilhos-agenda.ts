/**
 * The agenda's WhatsApp triggers (issue #21 item 4; DOMAIN.md §12), each run inside the event's
 * own transaction and unit scope, so the message exists exactly when its event does:
 * - booked (Agendado) or set Confirmado → 'confirmacaoAgendamento', key
 *   `confirmacao:{atendimentoId}:{inicio ISO}`: a confirm after the booking's message does not
 *   send again, a rescheduled appointment asks again; none for an appointment already started;
 * - set Pronto → 'petPronto', key `pronto:{atendimentoId}:{n}` (n: how many times it went Pronto);
 * - cancelled or no-show → its Pendente messages Cancelada.
 * Values: pet name, `data` dd/MM/yyyy and `hora` HH:mm in the unit's time zone, `servico` the
 * appointment type's name. Template on/off, consent, deceased pets, phone and the key's
 * uniqueness are enfileirarMensagem's.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { enfileirarMensagem, type ResultadoEnfileirar } from './enfileirar-mensagem.ts';

/** What an appointment's messages need (times in the unit's zone; `inicioIso` UTC). */
export type AtendimentoMensagem = {
  id: string;
  clienteId: string;
  petId: string;
  status: string;
  pet: string;
  servico: string;
  inicioIso: string;
  data: string;
  hora: string;
  /** Not started at `agora` (now() when not given). */
  futuro: boolean;
};

/**
 * The appointments matching `where` (SQL on alias `a`) with what their messages need. `agora`:
 * the instant `futuro` is measured against (default the transaction's now()).
 */
export const listAtendimentosParaMensagem = (tx: Db, where: SQL, agora?: Date): Promise<AtendimentoMensagem[]> => {
  const agoraSql = agora ? sql`${agora.toISOString()}::timestamptz` : sql`now()`;
  return queryRows<AtendimentoMensagem>(
    tx,
    sql`select a.id, a.cliente_id as "clienteId", a.pet_id as "petId", a.status, p.nome as pet, ta.nome as servico,
               to_char(a.inicio at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "inicioIso",
               to_char(a.inicio at time zone u.time_zone, 'DD/MM/YYYY') as data,
               to_char(a.inicio at time zone u.time_zone, 'HH24:MI') as hora,
               a.inicio > ${agoraSql} as futuro
          from atendimentos a
          join pets p on p.id = a.pet_id
          join tipos_atendimento ta on ta.id = a.tipo_atendimento_id
          join unidades_negocio u on u.id = a.unidade_negocio_id
         where ${where}`,
  );
};

const valoresDe = (a: AtendimentoMensagem) => ({ pet: a.pet, data: a.data, hora: a.hora, servico: a.servico });

/**
 * Queues the confirmation of an appointment (booked or set Confirmado); null when it already
 * started (or is not found).
 */
export const enfileirarConfirmacaoAtendimento = async (
  tx: Db,
  atendimentoId: string,
  usuarioId: string | null,
): Promise<ResultadoEnfileirar | null> => {
  const [a] = await listAtendimentosParaMensagem(tx, sql`a.id = ${atendimentoId}`);
  if (!a || !a.futuro) return null;
  return enfileirarMensagem(tx, {
    tipo: 'confirmacaoAgendamento',
    chave: `confirmacao:${a.id}:${a.inicioIso}`,
    pessoaId: a.clienteId,
    petId: a.petId,
    atendimentoId: a.id,
    usuarioId,
    valores: valoresDe(a),
  });
};

/** Queues "your pet is ready" for an appointment just set Pronto (its history row already written). */
export const enfileirarPetPronto = async (
  tx: Db,
  atendimentoId: string,
  usuarioId: string | null,
): Promise<ResultadoEnfileirar | null> => {
  const [a] = await listAtendimentosParaMensagem(tx, sql`a.id = ${atendimentoId}`);
  if (!a) return null;
  const [vezes] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from atendimento_historico where atendimento_id = ${atendimentoId} and campo = 'status' and para = 'Pronto'`,
  );
  return enfileirarMensagem(tx, {
    tipo: 'petPronto',
    chave: `pronto:${a.id}:${Math.max(1, vezes?.n ?? 1)}`,
    pessoaId: a.clienteId,
    petId: a.petId,
    atendimentoId: a.id,
    usuarioId,
    valores: valoresDe(a),
  });
};

/**
 * The appointment's messages still waiting (Pendente) become Cancelada: it was cancelled,
 * rescheduled or missed. `tipos`: only these kinds (default all). Answers how many.
 */
export const cancelarMensagensAtendimento = async (
  tx: Db,
  atendimentoId: string,
  motivo: string,
  tipos?: readonly string[],
): Promise<number> => {
  const filtroTipo =
    tipos && tipos.length > 0
      ? sql` and tipo in (${sql.join(
          tipos.map((t) => sql`${t}`),
          sql`, `,
        )})`
      : sql``;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update whatsapp_mensagens set status = 'Cancelada', ultimo_erro = ${motivo}, updated_at = now()
         where atendimento_id = ${atendimentoId} and status = 'Pendente'${filtroTipo}
         returning id`,
  );
  return rows.length;
};
