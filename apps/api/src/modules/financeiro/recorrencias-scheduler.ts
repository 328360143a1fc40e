/**
 * The recurrences' scheduler (issue #6 item 3: "runs without anyone opening a screen"):
 * `gerarRecorrenciasDeTodasAsUnidades` once at start and then every hour, so every active
 * unit keeps its recurring payables generated 90 days ahead in its own time zone.
 *
 * Started by server.ts after `listen` (not by `buildApp`: tests call the generation
 * directly). lib/periodic-job.ts: unref'd timer, runs never overlap, errors logged.
 * With several API instances on one PostgreSQL, one run at a time among them
 * (`gerarRecorrenciasSozinho`: an advisory lock; the others skip that turn); the generation is
 * idempotent anyway (row locks and a unique occurrence index, gerar-recorrencias.ts).
 */
import type { Db } from '../../db/client.ts';
import { startPeriodicJob, type JobLog } from '../../lib/periodic-job.ts';
import { gerarRecorrenciasSozinho } from './gerar-recorrencias.ts';

/** Interval between runs (ms): one hour. */
export const SCHEDULER_INTERVAL_MS = 60 * 60 * 1000;

/** What the scheduler logs through (Fastify's logger fits). */
export type SchedulerLog = JobLog;

/**
 * Runs the generation now and every `intervaloMs` (default one hour). Answers a stop
 * function: no run starts after it is called.
 */
export const startRecorrenciasScheduler = (db: Db, log: SchedulerLog, intervaloMs = SCHEDULER_INTERVAL_MS): (() => void) =>
  startPeriodicJob({
    intervalMs: intervaloMs,
    log,
    failureMessage: 'Recorrências: falha ao gerar contas a pagar',
    run: async () => {
      const execucao = await gerarRecorrenciasSozinho(db);
      if (!execucao.executou) log.info({}, 'Recorrências: outra instância está gerando; esta vez pulada');
      else if (execucao.resultado > 0) log.info({ criadas: execucao.resultado }, 'Recorrências: contas a pagar geradas');
    },
  });
