/**
 * The WhatsApp scheduler (issue #21 item 4): every minute, for every active unit with a template
 * on, queues what is due by time rather than by an event:
 * - reminders ('lembreteAgendamento', lembretes.ts): appointments starting within the template's
 *   antecedenciaHoras;
 * - at or after the template's `horaEnvio` of the unit's day (its time zone): today's birthdays
 *   ('aniversario', aniversarios.ts) and vaccine doses due within antecedenciaDias
 *   ('vacinaAVencer', vacinas-a-vencer.ts).
 * The units are listed as the table owner (every tenant); each unit's work then runs in its own
 * `withTenant` transaction, first taking `pg_try_advisory_xact_lock` on the unit: with two API
 * instances only one scans a unit at a time (the other skips it this minute), and the
 * idempotency keys make a repeated scan queue nothing twice. One unit's failure is logged and does
 * not stop the others. The worker (processar-fila.ts) sends what is queued.
 *
 * Started by server.ts after `listen`; tests call `executarAgendadorWhatsapp` with an explicit `agora`.
 */
import { sql } from 'drizzle-orm';
import { zonedParts } from '@petshop/shared/format';
import { modelosComPadrao } from '@petshop/shared/whatsapp';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { withTenant } from '../../db/tenant-scope.ts';
import { startPeriodicJob, type JobLog } from '../../lib/periodic-job.ts';
import { enfileirarAniversariantes } from './aniversarios.ts';
import { enfileirarLembretes } from './lembretes.ts';
import { enfileirarVacinasAVencer } from './vacinas-a-vencer.ts';

/** Interval between runs (ms): one minute. */
export const AGENDADOR_WHATSAPP_MS = 60_000;

/** What one run queued, summed over the units. */
export type ResultadoAgendador = {
  unidades: number;
  lembretes: number;
  aniversarios: number;
  vacinas: number;
  /** Units another instance was scanning (skipped this run). */
  ocupadas: number;
  falhas: number;
};

export type OpcoesAgendador = {
  /** Only these tenants' units (tests share one PostgreSQL database across files); absent: every tenant. */
  tenantIds?: readonly string[];
  log?: JobLog;
};

type UnidadeAgendada = {
  id: string;
  tenantId: string;
  timeZone: string;
  modelos: Record<string, Record<string, unknown>> | null;
};

/** The unit's local date 'yyyy-MM-dd' and time 'HH:mm' at `agora`. */
export const relogioDaUnidade = (agora: Date, timeZone: string): { hoje: string; hora: string } => {
  const p = zonedParts(agora, timeZone);
  return { hoje: `${p.year}-${p.month}-${p.day}`, hora: `${p.hour}:${p.minute}` };
};

/** One unit's scan, in its scope; null when another instance holds the unit's lock. */
const agendarUnidade = async (db: Db, u: UnidadeAgendada, agora: Date) =>
  withTenant(db, { tenantId: u.tenantId, unidadeNegocioId: u.id }, async (tx) => {
    const [lock] = await queryRows<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtext('whatsapp-agendador'), hashtext(${u.id})) as ok`,
    );
    if (!lock?.ok) return null;
    const modelos = modelosComPadrao(u.modelos);
    const { hoje, hora } = relogioDaUnidade(agora, u.timeZone);
    const feito = { lembretes: 0, aniversarios: 0, vacinas: 0 };
    const lembrete = modelos.lembreteAgendamento;
    if (lembrete.ativo && lembrete.antecedenciaHoras)
      feito.lembretes = await enfileirarLembretes(tx, { agora, antecedenciaHoras: lembrete.antecedenciaHoras });
    const aniversario = modelos.aniversario;
    if (aniversario.ativo && aniversario.horaEnvio && hora >= aniversario.horaEnvio)
      feito.aniversarios = (await enfileirarAniversariantes(tx, { hoje, agora, usuarioId: null })).enfileiradas;
    const vacina = modelos.vacinaAVencer;
    if (vacina.ativo && vacina.horaEnvio && hora >= vacina.horaEnvio && vacina.antecedenciaDias != null)
      feito.vacinas = await enfileirarVacinasAVencer(tx, { hoje, agora, antecedenciaDias: vacina.antecedenciaDias });
    return feito;
  });

/** One run of the scheduler at `agora` (see the file's comment). */
export const executarAgendadorWhatsapp = async (
  db: Db,
  agora: Date,
  opcoes: OpcoesAgendador = {},
): Promise<ResultadoAgendador> => {
  const doInquilino = opcoes.tenantIds
    ? sql`and u.tenant_id in (${sql.join(
        opcoes.tenantIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const unidades = await queryRows<UnidadeAgendada>(
    db,
    sql`select u.id, u.tenant_id as "tenantId", u.time_zone as "timeZone", u.whatsapp_mensagens as modelos
          from unidades_negocio u join tenants t on t.id = u.tenant_id
         where u.ativo and t.ativo ${doInquilino}
           and exists (select 1 from jsonb_each(u.whatsapp_mensagens) m
                        where jsonb_typeof(m.value) = 'object' and m.value->>'ativo' = 'true')
         order by u.id`,
  );
  const total: ResultadoAgendador = {
    unidades: unidades.length,
    lembretes: 0,
    aniversarios: 0,
    vacinas: 0,
    ocupadas: 0,
    falhas: 0,
  };
  for (const u of unidades) {
    try {
      const feito = await agendarUnidade(db, u, agora);
      if (!feito) {
        total.ocupadas += 1;
        continue;
      }
      total.lembretes += feito.lembretes;
      total.aniversarios += feito.aniversarios;
      total.vacinas += feito.vacinas;
    } catch (error) {
      total.falhas += 1;
      opcoes.log?.error({ err: error, unidadeNegocioId: u.id }, 'WhatsApp: falha ao agendar mensagens da unidade');
    }
  }
  return total;
};

/** Runs the scheduler now and every `intervaloMs` (default one minute); answers a stop function. */
export const startAgendadorWhatsapp = (db: Db, log: JobLog, intervaloMs = AGENDADOR_WHATSAPP_MS): (() => void) =>
  startPeriodicJob({
    intervalMs: intervaloMs,
    log,
    failureMessage: 'WhatsApp: falha no agendador de mensagens',
    run: async () => {
      const r = await executarAgendadorWhatsapp(db, new Date(), { log });
      const n = r.lembretes + r.aniversarios + r.vacinas;
      if (n > 0) log.info({ ...r }, 'WhatsApp: mensagens agendadas');
    },
  });
