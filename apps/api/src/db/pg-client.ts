/**
 * The PostgreSQL connection every pooled query goes through (db/client.ts), tuned for what the
 * till does all day: many short transactions of a few statements each. On two shared cores a
 * round trip to PostgreSQL costs about half a millisecond of CPU (the write, waking the
 * backend, parsing and planning), more than most of our statements take to run, so this client
 * saves round trips and planning without changing what any statement does:
 *
 * 1. **Pipelining** (`pipeline: true`, node-postgres 8.23): a statement is written as soon as
 *    it is issued, not after the previous answer; answers still come back in order, one per
 *    statement, with its own error.
 * 2. **BEGIN travels with the transaction's first statement.** Drizzle awaits `begin` before the
 *    transaction's first statement; here `begin` is written and answered at once, and its
 *    real answer is awaited together with the next statement's (`Promise.all`), so a
 *    failed BEGIN still fails that statement and everything after it. With `withTenant`
 *    (db/tenant-scope.ts), which does not await its scope either, BEGIN, the scope and the
 *    request's first statement are answered in one round trip.
 * 3. **Prepared statements.** A statement with parameters gets a name derived from its text
 *    (`s` + SHA-1), so each connection parses and plans it once and reuses the plan (PostgreSQL
 *    switches to a generic plan only when it is not costlier than the custom ones). At most
 *    `MAX_PREPARED` names per connection; statements beyond that run unnamed as before.
 * 4. **One write per tick.** The socket stays corked until the current tick ends, so statements
 *    issued together leave in one write and wake the backend once.
 *
 * 2 concerns the promise form of `query(config, values)`, which Drizzle uses inside
 * transactions; 3 and 4 also apply to the callback form, which `pool.query` uses outside them.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

/** Named statements kept per connection (PostgreSQL holds their plans in the backend's memory). */
export const MAX_PREPARED = 500;

type QueryConfig = { text: string; name?: string; values?: unknown[]; [key: string]: unknown };

/** Names already computed, by SQL text (the texts are few: one per query shape in the code). */
const nomes = new Map<string, string>();
const nomeDe = (text: string): string => {
  let nome = nomes.get(text);
  if (!nome) {
    nome = `s${createHash('sha1').update(text).digest('base64url')}`;
    // A safety bound: shapes built from varying lists (an IN of n ids) are many, not endless.
    if (nomes.size >= 10_000) nomes.clear();
    nomes.set(text, nome);
  }
  return nome;
};

/** See the file's comment. Pass as `Client` to `pg.Pool` together with `pipeline: true`. */
export class PipelinedClient extends pg.Client {
  /** The answer of a BEGIN written but not yet awaited. */
  private beginPendente: Promise<unknown> | null = null;
  /** Whether the socket is corked until the end of this tick. */
  private corkado = false;
  private readonly preparadas = new Set<string>();

  // Overloads of pg.Client.query are many; this override keeps its runtime contract.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    const consulta = this.nomear(config, values);
    this.corkarAteOFimDoTick();
    const promessa = callback === undefined && typeof values !== 'function' && typeof config?.submit !== 'function';
    if (!promessa) return super.query(consulta, values, callback);

    const text: string | undefined = typeof config === 'string' ? config : config?.text;
    if (text === 'begin' && !this.beginPendente) {
      const resposta = super.query(config, values) as Promise<unknown>;
      // Awaited with the next statement; a rejection with no next statement is not unhandled.
      resposta.catch(() => undefined);
      this.beginPendente = resposta;
      return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [], fields: [] });
    }

    const resposta = super.query(consulta, values) as Promise<unknown>;
    const begin = this.beginPendente;
    if (!begin) return resposta;
    this.beginPendente = null;
    return Promise.all([begin, resposta]).then(([, r]) => r);
  }

  /**
   * Corks the socket until the current tick ends (`process.nextTick` runs once the pending
   * promise callbacks are done): statements issued together (BEGIN, the tenant scope and the
   * request's first statement; a `Promise.all`) leave in one write, one wake-up of the backend.
   */
  private corkarAteOFimDoTick(): void {
    if (this.corkado) return;
    const socket = this.connection.stream;
    this.corkado = true;
    socket.cork();
    process.nextTick(() => {
      this.corkado = false;
      socket.uncork();
    });
  }

  /** `config` with a name when it is a statement with parameters (see the file's comment, 3). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private nomear(config: any, values: unknown): any {
    if (typeof config !== 'object' || config === null || typeof config.submit === 'function') return config;
    const { text, name } = config as QueryConfig;
    const params = Array.isArray(values) ? values : (config as QueryConfig).values;
    if (!text || name || !params || params.length === 0) return config;
    const nome = nomeDe(text);
    if (!this.preparadas.has(nome)) {
      if (this.preparadas.size >= MAX_PREPARED) return config;
      this.preparadas.add(nome);
    }
    return { ...config, name: nome };
  }
}
