/**
 * A job run at start and then every `intervalMs` in the background (the recurrences' scheduler,
 * the NFC-e contingency worker). The timer is unref'd (it never keeps the process alive), a run
 * never overlaps the previous one, and errors are logged, never thrown. Answers a stop function:
 * no run starts after it (the one running ends on its own; `isStopped` lets it stop early).
 *
 * Shared state between API instances lives in PostgreSQL, not here: a job must be safe to run in
 * several processes at once (claims with `for update skip locked`, idempotent writes).
 */

/** What a job logs through (Fastify's logger fits). */
export type JobLog = {
  info: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

export const startPeriodicJob = (options: {
  intervalMs: number;
  log: JobLog;
  /** The message logged with the error when a run fails. */
  failureMessage: string;
  run: (isStopped: () => boolean) => Promise<void>;
}): (() => void) => {
  let stopped = false;
  let running = false;
  const tick = async () => {
    if (stopped || running) return;
    running = true;
    try {
      await options.run(() => stopped);
    } catch (error) {
      options.log.error({ err: error }, options.failureMessage);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), options.intervalMs);
  timer.unref();
  void tick();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
};
