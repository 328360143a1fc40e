/**
 * The recurrences' scheduler (issue #6 item 3: "runs without anyone opening a screen"):
 * `gerarRecorrenciasDeTodasAsUnidades` once at start and then every hour, so every active
 * unit keeps its recurring payables generated 90 days ahead in its own time zone.
 *
 * Started by server.ts after `listen` (not by `buildApp`: tests call the generation
 * directly). lib/periodic-job.ts: unref'd timer, runs never overlap, errors logged.
 */
import type { Db } from '../../db/client.ts';
import { startPeriodicJob, type JobLog } from '../../lib/periodic-job.ts';
import { gerarRecorrenciasDeTodasAsUnidades } from './gerar-recorrencias.ts';

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
      const criadas = await gerarRecorrenciasDeTodasAsUnidades(db);
      if (criadas > 0) log.info({ criadas }, 'Recorrências: contas a pagar geradas');
    },
  });
