/**
 * The one place tenancy is enforced. `withTenant` opens a transaction, sets the request's
 * tenant and unit as transaction-local settings and drops to the `petshop_app` role, so
 * PostgreSQL row-level security (policies in db/schema/tenancy.ts) filters every query
 * and checks every write inside it — on PGlite and on PostgreSQL alike.
 *
 * Use it for everything a signed-in user does. Code outside a tenant (login, onboarding,
 * the manager area, seeding) uses the plain `db`, which bypasses RLS as the table owner.
 */
import { sql } from 'drizzle-orm';
import { APP_ROLE, type Db } from './client.ts';
import { runTogether } from './run-together.ts';

export type TenantScope = {
  tenantId: string;
  /** The selected unit (x-unidade-negocio); unit-owned tables see only its rows. */
  unidadeNegocioId?: string | null;
  /** The signed-in user and their address: the audit log's defaults (schema/auditoria.ts). */
  usuarioId?: string | null;
  ip?: string | null;
};

/** Scopes an open transaction: from here to its end, RLS applies for `scope`. */
export const enterTenantScope = (tx: Db, scope: TenantScope): Promise<void> =>
  // One statement: set_config('role', …, true) is SET LOCAL ROLE (every request pays this).
  // jit off: PostgreSQL's JIT compiles queries whose estimated cost is high (a count over 100 000
  // products with a subquery) and spends more compiling (≈ 230 ms seen) than the query runs; the
  // requests here are short, so it only ever costs. No effect on PGlite (built without JIT).
  // Issued now (`then` runs Drizzle's lazy query), so it is the transaction's first statement
  // however `fn` issues its own (awaited, in runTogether or at call time).
  tx
    .execute(
      sql`select set_config('app.tenant_id', ${scope.tenantId}, true), set_config('app.unidade_negocio_id', ${scope.unidadeNegocioId ?? ''}, true), set_config('app.usuario_id', ${scope.usuarioId ?? ''}, true), set_config('app.ip', ${scope.ip ?? ''}, true), set_config('role', ${APP_ROLE}, true), set_config('jit', 'off', true)`,
    )
    .then(() => undefined);

/**
 * Runs `fn` in one transaction scoped to `scope`. Everything in it commits or nothing does.
 *
 * The scope's statement is not awaited before `fn` starts: on PostgreSQL the client pipelines
 * (db/pg-client.ts), so BEGIN, the scope and `fn`'s first statement leave together and the
 * request waits for one answer instead of two. PostgreSQL runs them in order, so nothing of
 * `fn` runs before the scope is set; had the scope failed, the transaction is aborted and
 * every later statement fails too. `runTogether` waits for both and reports the scope's own error.
 */
export const withTenant = <T>(db: Db, scope: TenantScope, fn: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => (await runTogether(enterTenantScope(tx, scope), fn(tx)))[1]);
