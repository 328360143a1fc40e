/**
 * A count of the writes an embedded PGlite has committed, kept in memory (issue #17
 * "Performance": the agenda's cache skips its version `select` while nothing was written).
 *
 * PGlite is one process's database: every statement runs through the instance this process
 * opened (`openDatabase`), one at a time, and a `transaction()` holds it exclusively until its
 * COMMIT or ROLLBACK. So a counter bumped here after each statement or transaction that may have
 * written answers "has anything changed since I last read?" without asking the database:
 * - `query(text)` / `sql` outside a transaction: bumped when the statement ends, unless it is a
 *   read ({@link mayWrite});
 * - `transaction(fn)`: bumped when it ends (commit or rollback) if any statement in it may have
 *   written (its `tx.query` / `tx.sql` / `tx.exec`, which is what Drizzle's transactions use);
 * - `exec(text)` (several statements: migrations): always bumped.
 * The bump happens before the caller's `await` resumes, so a read issued after a write's answer
 * sees a newer count. Reading the count before issuing a select and keeping what it answered
 * while the count is unchanged is therefore exact for this process, which is every writer.
 *
 * Not seen: the raw protocol (`execProtocol*`, unused by this code base: every statement of
 * Drizzle, the migrator and the tests goes through `query`, `exec` or `transaction`). On
 * PostgreSQL other processes write too: there is no count ({@link pgliteWriteCount} → null).
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Db } from './client.ts';

type Contador = { valor: number };

/** Per PGlite instance (tests open several in one process). */
const contadores = new WeakMap<object, Contador>();

/**
 * Statements that only read: SELECT (no function of ours called from a SELECT writes: the
 * agenda's `f_agenda_versao_incrementar` runs only from triggers), SHOW, VALUES, TABLE, FETCH,
 * SET/RESET and the transaction's own BEGIN/SAVEPOINT/RELEASE. Leading blanks, comments and
 * parentheses are skipped. `WITH …` reads unless it holds a data-modifying word.
 */
const LEITURA =
  /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/|\()*(select|show|values|table|fetch|set|reset|begin|start|savepoint|release|with)\b/i;
const MODIFICA = /\b(insert|update|delete|merge)\b/i;

/**
 * Whether statement `texto` may change data (conservative: anything not known to be a read,
 * COMMIT and ROLLBACK included). `WITH … SELECT … FOR UPDATE` counts as a write (the word).
 */
export const mayWrite = (texto: string): boolean => {
  const m = LEITURA.exec(texto);
  if (!m) return true;
  return m[1]!.toLowerCase() === 'with' && MODIFICA.test(texto);
};

const textoDoTemplate = (partes: TemplateStringsArray): string => partes.join('$');

/**
 * Counts the writes of `client` from now on (see the file's comment): wraps its `query`, `sql`,
 * `exec` and `transaction` on the instance. Called once by `openDatabase` for PGlite.
 */
export const trackPgliteWrites = (client: PGlite): void => {
  if (contadores.has(client)) return;
  const contador: Contador = { valor: 0 };
  contadores.set(client, contador);
  const bump = () => {
    contador.valor++;
  };

  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  // `sql` of the instance calls `this.query`: the wrapper below sees it.
  client.query = ((texto: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
    const resposta = query(texto, params, options);
    return mayWrite(texto) ? resposta.finally(bump) : resposta;
  }) as PGlite['query'];
  client.exec = ((texto: string, options?: Parameters<PGlite['exec']>[1]) =>
    exec(texto, options).finally(bump)) as PGlite['exec'];
  client.transaction = (<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> => {
    let escreveu = false;
    return transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      const txSql = tx.sql.bind(tx);
      const txExec = tx.exec.bind(tx);
      tx.query = ((texto: string, params?: unknown[], options?: Parameters<Transaction['query']>[2]) => {
        if (!escreveu && mayWrite(texto)) escreveu = true;
        return txQuery(texto, params, options);
      }) as Transaction['query'];
      tx.sql = ((partes: TemplateStringsArray, ...valores: unknown[]) => {
        if (!escreveu && mayWrite(textoDoTemplate(partes))) escreveu = true;
        return txSql(partes, ...valores);
      }) as Transaction['sql'];
      tx.exec = ((texto: string, options?: Parameters<Transaction['exec']>[1]) => {
        escreveu = true;
        return txExec(texto, options);
      }) as Transaction['exec'];
      return fn(tx);
    }).finally(() => {
      if (escreveu) bump();
    });
  }) as PGlite['transaction'];
};

/**
 * How many possible writes the embedded database under `db` has ended so far (a number that
 * only grows), or null when `db` is not a tracked PGlite (PostgreSQL: other processes write).
 */
export const pgliteWriteCount = (db: Db): number | null => {
  const cliente = (db as unknown as { $client?: object }).$client;
  return cliente ? (contadores.get(cliente)?.valor ?? null) : null;
};
