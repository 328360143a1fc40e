/**
 * One pool of worker threads for CPU-heavy work (issue #22 item 2: "nothing blocks the event
 * loop"): reading an NF-e (its XMLDSig check alone takes about 4 s of CPU for 990 items) and
 * building XLSX and CSV spreadsheets of thousands of rows. Piscina runs the tasks of cpu-pool-tasks.ts;
 * the server's event loop only copies the input in and receives the answer.
 *
 * The workers run the TypeScript sources as the server does (`npm start` is `node --import tsx`):
 * each worker starts from cpu-pool-worker.mjs, which registers the tsx loader in its thread (Node
 * 20 does not run a worker's `--import` hooks) and then imports cpu-pool-tasks.ts. The same holds
 * under Vitest, whose process has no tsx of its own; no build step.
 *
 * Sizing: up to (cores − 1) threads, at least one, so a core stays for the event loop; the
 * threads run at a lower priority (nice +10, Linux) so the event loop wins the CPU when both want
 * it; a thread idle for 30 s ends, and idle threads do not keep the process alive. A task longer
 * than `LIMITE_MS` is aborted (its thread ends) and rejects. PDFs have their own single thread
 * (lib/pdf-worker.ts); the PFX decoding its own (lib/certificado.ts).
 */
import { availableParallelism } from 'node:os';
import Piscina from 'piscina';
import type { CpuTasks } from './cpu-pool-tasks.ts';

/** Longest a task may run before it is aborted. */
const LIMITE_MS = 60_000;

/** How long a thread with nothing to do stays. */
const OCIOSO_MS = 30_000;

/** The threads' size: cores − 1, at least 1. */
export const CPU_POOL_THREADS = Math.max(1, availableParallelism() - 1);

let pool: Piscina | null = null;

const criarPool = (): Piscina =>
  new Piscina({
    filename: new URL('./cpu-pool-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: CPU_POOL_THREADS,
    idleTimeout: OCIOSO_MS,
    execArgv: [],
    niceIncrement: 10,
  });

/**
 * Runs the task `nome` of cpu-pool-tasks.ts on `entrada` in a worker thread and answers its
 * result (structured clone both ways). Rejects when the task throws, its thread dies or it runs
 * longer than a minute.
 */
export const runCpuTask = <K extends keyof CpuTasks>(
  nome: K,
  entrada: Parameters<CpuTasks[K]>[0],
): Promise<Awaited<ReturnType<CpuTasks[K]>>> =>
  (pool ??= criarPool()).run({ nome, entrada }, { signal: AbortSignal.timeout(LIMITE_MS) });

/** Ends the pool's threads (tests, shutdown); tasks still running fail. The next task starts a new pool. */
export const closeCpuPool = async (): Promise<void> => {
  const p = pool;
  pool = null;
  if (p) await p.destroy();
};
