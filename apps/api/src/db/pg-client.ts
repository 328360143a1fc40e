/**
 * The PostgreSQL connection every pooled query goes through (db/client.ts), tuned for what the
 * till does all day: many short transactions of a few statements each. On two shared cores a
 * round trip to PostgreSQL costs about half a millisecond of CPU (the write, waking the
 * backend, parsing and planning), more than most of our statements take to run, so this client
 * saves round trips and planning without changing what any statement does:
 *
 * 1. **Pipelining** (`pipeline: true`, node-postgres ≥ 8.17): a statement is written as soon as
 *    it is issued, not after the previous answer; answers still come back in order, one per
 *    statement, with its own error.
 * 2. **BEGIN travels with the transaction's first statement.** Drizzle awaits `begin` before the
 *    transaction's first statement; here `begin` is queued on the corked socket and answered at
 *    once, the next statement leaves in the same write, and
 *    its real answer is awaited together with the next statement's (`Promise.all`), so a
 *    failed BEGIN still fails that statement and everything after it. A tenant-scoped
 *    request (db/tenant-scope.ts) thus pays one round trip for BEGIN plus its scope.
 * 3. **Prepared statements.** A statement with parameters gets a name derived from its text
 *    (`s` + SHA-1), so each connection parses and plans it once and reuses the plan (PostgreSQL
 *    switches to a generic plan only when it is not costlier than the custom ones). At most
 *    `MAX_PREPARADAS` names per connection; statements beyond that run unnamed as before.
 *
 * 1 and 2 concern the promise form of `query(config, values)`, which Drizzle uses inside
 * transactions; 3 also applies to the callback form, which `pool.query` uses outside them.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

/** Named statements kept per connection (PostgreSQL holds their plans in the backend's memory). */
export const MAX_PREPARADAS = 500;

type QueryConfig = { text: string; name?: string; values?: unknown[]; [key: string]: unknown };

const nomeDe = (text: string) => `s${createHash('sha1').update(text).digest('base64url')}`;

/** See the file's comment. Pass as `Client` to `pg.Pool` together with `pipeline: true`. */
export class ClientePg extends pg.Client {
  /** The answer of a BEGIN written but not yet awaited. */
  private beginPendente: Promise<unknown> | null = null;
  /** Whether the socket is corked since that BEGIN. */
  private corkado = false;
  private readonly preparadas = new Set<string>();

  // Overloads of pg.Client.query are many; this override keeps its runtime contract.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    const consulta = this.nomear(config, values);
    const promessa = callback === undefined && typeof values !== 'function' && typeof config?.submit !== 'function';
    if (!promessa) return super.query(consulta, values, callback);

    const text: string | undefined = typeof config === 'string' ? config : config?.text;
    if (text === 'begin' && !this.beginPendente) {
      // Corked: BEGIN leaves in the same write as the next statement (one wake-up of the backend).
      this.connection.stream.cork();
      this.corkado = true;
      const resposta = super.query(config, values) as Promise<unknown>;
      // Awaited with the next statement; a rejection with no next statement is not unhandled.
      resposta.catch(() => undefined);
      this.beginPendente = resposta;
      return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [], fields: [] });
    }

    const resposta = super.query(consulta, values) as Promise<unknown>;
    if (this.corkado) {
      this.corkado = false;
      this.connection.stream.uncork();
    }
    const begin = this.beginPendente;
    if (!begin) return resposta;
    this.beginPendente = null;
    return Promise.all([begin, resposta]).then(([, r]) => r);
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
      if (this.preparadas.size >= MAX_PREPARADAS) return config;
      this.preparadas.add(nome);
    }
    return { ...config, name: nome };
  }
}
