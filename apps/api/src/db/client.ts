/**
 * Database connection: PGlite (embedded, a folder on disk or in memory) when no URL is
 * given, PostgreSQL through `pg` otherwise. Both expose the same Drizzle `PgDatabase`, so
 * every module is written once. Migrations and start-up synchronisation live here too.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PERFIS } from '@petshop/shared/permissoes';
import { PipelinedClient } from './pg-client.ts';
import { trackPgliteWrites } from './pglite-writes.ts';
import * as schema from './schema/index.ts';

/**
 * Any Drizzle handle on our schema: the database or a transaction inside it. Built without
 * Drizzle's relational query API (`db.query.<table>`, unused here): with it, every transaction
 * object built a query builder for each of our tables, on every request.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

/** The non-superuser role tenant-scoped transactions switch to, so RLS applies. */
export const APP_ROLE = 'petshop_app';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseOptions = { url: string; poolSize?: number } | { dataDir?: string; loadDataDir?: Blob | File };

/**
 * Opens the database. `{ url }` connects to PostgreSQL; `{ dataDir }` opens PGlite in that
 * folder (created if missing); `{}` opens an in-memory PGlite (tests), optionally from a dump.
 */
export const openDatabase = async (options: DatabaseOptions): Promise<Database> => {
  if ('url' in options) {
    // PipelinedClient: pipelining, BEGIN sent with the first statement, prepared statements (pg-client.ts).
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      Client: PipelinedClient,
      pipeline: true,
    });
    const db = drizzlePg(pool, { casing: 'snake_case' });
    return {
      db,
      driver: 'postgres',
      migrate: async () => {
        await migratePg(db, { migrationsFolder });
        await afterMigrate(db);
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    // The extensions the migrations create (search: migrations/0001_search_extensions.sql).
    extensions: { unaccent, pg_trgm },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // This process is PGlite's only writer: its writes are counted in memory (pglite-writes.ts).
  trackPgliteWrites(client);
  const db = drizzlePglite(client, { casing: 'snake_case' });
  return {
    db,
    driver: 'pglite',
    migrate: async () => {
      await migratePglite(db, { migrationsFolder });
      await afterMigrate(db);
    },
    close: () => client.close(),
    // Exposed for the test harness, which dumps a migrated instance once.
    ...({ pglite: client } as object),
  };
};

/**
 * Idempotent set-up after migrations: the RLS role and its grants (roles are cluster-wide,
 * so they are not in the migration files) and the fixed profiles of DOMAIN.md §1.
 */
const afterMigrate = async (db: Db): Promise<void> => {
  await db.execute(
    sql.raw(`DO $$ BEGIN
      IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN CREATE ROLE ${APP_ROLE} NOLOGIN; END IF;
    END $$;`),
  );
  const result = (await db.execute(sql`select rolsuper from pg_roles where rolname = current_user`)) as unknown as {
    rows: { rolsuper: boolean }[];
  };
  const [me] = result.rows;
  if (!me?.rolsuper) await db.execute(sql.raw(`GRANT ${APP_ROLE} TO CURRENT_USER`));
  await db.execute(sql.raw(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`));
  await db.execute(sql.raw(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE}`));
  await db.execute(sql.raw(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE}`));
  // The audit log is append-only for the app (issue #22 item 4; the trigger of migration 0035 refuses it for every role).
  await db.execute(sql.raw(`REVOKE UPDATE, DELETE, TRUNCATE ON auditoria_eventos FROM ${APP_ROLE}`));
  for (const perfil of Object.values(PERFIS)) {
    await db
      .insert(schema.perfis)
      .values({ id: perfil.id, nome: perfil.nome, descricao: perfil.descricao, permissoes: [...perfil.permissoes] })
      .onConflictDoUpdate({
        target: schema.perfis.id,
        set: { nome: perfil.nome, descricao: perfil.descricao, permissoes: [...perfil.permissoes] },
      });
  }
};
