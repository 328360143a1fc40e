/**
 * The contingency worker's timer (issue #18 item 3): runs `transmitirPendentesNfce` once at start
 * and then every FISCAL_WORKER_MS (config.fiscalWorkerMs, default 30 s), so NFC-e issued offline
 * reach SEFAZ when it answers again, within the legal 24 h, without anyone opening a screen.
 *
 * Started by server.ts after `listen` (never by `buildApp`: tests call transmitirPendentesNfce
 * directly or start the worker themselves). A run drains every due document, batch after batch
 * (lib/periodic-job.ts: unref'd timer, runs never overlap, errors logged). Several API instances may run it: the claim's `for update skip locked` and its lease
 * keep a document to one of them.
 */
import { startPeriodicJob } from '../../lib/periodic-job.ts';
import type { FiscalApp } from './emitir-nfce.ts';
import { LOTE_WORKER, transmitirPendentesNfce } from './transmitir-pendentes-nfce.ts';

/**
 * Starts the worker, a run every `intervaloMs` (config.fiscalWorkerMs); answers a stop function
 * (no run starts after it; the one running ends on its own).
 */
export const startFiscalWorker = (app: FiscalApp, intervaloMs: number): (() => void) =>
  startPeriodicJob({
    intervalMs: intervaloMs,
    log: app.log,
    failureMessage: 'NFC-e pendentes: falha do worker de transmissão',
    run: async (parado) => {
      for (;;) {
        const feitos = await transmitirPendentesNfce(app, new Date());
        const autorizadas = feitos.filter((f) => f.resultado === 'autorizada').length;
        if (feitos.length > 0) app.log.info({ transmitidas: feitos.length, autorizadas }, 'NFC-e pendentes: transmissão');
        // A full batch may mean more are due; a batch where SEFAZ is down is not retried now.
        if (parado() || feitos.length < LOTE_WORKER || feitos.every((f) => f.resultado === 'adiado')) break;
      }
    },
  });
