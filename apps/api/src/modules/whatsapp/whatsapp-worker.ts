/**
 * The WhatsApp outbox worker's timer (issue #21 item 3): runs `processarFila` once at start and
 * then every WHATSAPP_WORKER_MS (config.whatsapp.workerMs, default 5 s), so queued messages go
 * out without anyone opening a screen, and messages left 'Enviando' by a process that died are
 * taken up again when their lease runs out.
 *
 * Started by server.ts after `listen` (never by `buildApp`: tests call processarFila directly or
 * start the worker themselves). A run drains the due messages batch after batch while batches come
 * full (lib/periodic-job.ts: unref'd timer, runs never overlap, errors logged). Several API
 * instances may run it: the claim's `for update skip locked`, its lease and the per-unit budget
 * read under an advisory lock keep a message to one of them and the rate limit to all of them.
 */
import { startPeriodicJob } from '../../lib/periodic-job.ts';
import { LOTE_FILA, processarFila, type FilaApp } from './processar-fila.ts';

/**
 * Starts the worker, a run every `intervaloMs` (config.whatsapp.workerMs); answers a stop function
 * (no run starts after it; the one running ends on its own).
 */
export const startWhatsappWorker = (app: FilaApp, intervaloMs: number): (() => void) =>
  startPeriodicJob({
    intervalMs: intervaloMs,
    log: app.log,
    failureMessage: 'WhatsApp: falha do worker de envio',
    run: async (parado) => {
      for (;;) {
        const feitos = await processarFila(app, new Date());
        if (feitos.length > 0) {
          const enviadas = feitos.filter((f) => f.status === 'Enviada').length;
          const falhas = feitos.filter((f) => f.status === 'Falhou').length;
          app.log.info({ processadas: feitos.length, enviadas, falhas }, 'WhatsApp: envio de mensagens');
        }
        // A full batch may mean more are due; one where nothing went (gateways down, the rate
        // limit) waits for the next tick.
        if (parado() || feitos.length < LOTE_FILA || !feitos.some((f) => f.status === 'Enviada')) break;
      }
    },
  });
