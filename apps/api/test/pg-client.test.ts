/**
 * db/pg-client.ts on a real PostgreSQL (TEST_DATABASE_URL; skipped on PGlite, which does not use
 * it): BEGIN sent with the first statement, pipelined statements and named prepared statements
 * keep every transaction's meaning (all or nothing, errors where they happened).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { MAX_PREPARED } from '../src/db/pg-client.ts';
import { queryRows } from '../src/db/rows.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL client (pipelining, BEGIN with the first statement, prepared statements)', () => {
  let database: Database;
  const tabela = `pg_client_teste_${process.pid}`;

  beforeAll(async () => {
    // One connection, so that every statement below meets the same backend.
    database = await openDatabase({ url: url!, poolSize: 1 });
    await database.db.execute(sql.raw(`create table if not exists ${tabela} (id int primary key, nome text not null)`));
  });
  afterAll(async () => {
    await database.db.execute(sql.raw(`drop table if exists ${tabela}`));
    await database.close();
  });

  const contar = async () =>
    Number((await queryRows<{ n: string }>(database.db, sql.raw(`select count(*) as n from ${tabela}`)))[0]!.n);

  it('a transaction commits all its statements, or none when it fails', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ${sql.raw(tabela)} (id, nome) values (${1}, ${'um'})`);
      await tx.execute(sql`insert into ${sql.raw(tabela)} (id, nome) values (${2}, ${'dois'})`);
    });
    expect(await contar()).toBe(2);

    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into ${sql.raw(tabela)} (id, nome) values (${3}, ${'três'})`);
        throw new Error('desiste');
      }),
    ).rejects.toThrow('desiste');
    // Failing before any statement: BEGIN was only queued, the rollback still ends it.
    await expect(
      database.db.transaction(async () => {
        throw new Error('antes de tudo');
      }),
    ).rejects.toThrow('antes de tudo');
    expect(await contar()).toBe(2);
    // The connection is still in a clean state (not inside a transaction).
    const [estado] = await queryRows<{ em_transacao: boolean }>(
      database.db,
      sql`select now() = statement_timestamp() as em_transacao`,
    );
    expect(estado!.em_transacao).toBe(true);
  });

  it('statements sent together inside a transaction answer in order; an error fails the rest and rolls back', async () => {
    const [a, b] = await database.db.transaction((tx) =>
      Promise.all([
        queryRows<{ v: number }>(tx, sql`select ${7}::int as v`),
        queryRows<{ v: number }>(tx, sql`select ${8}::int as v`),
      ]),
    );
    expect([a![0]!.v, b![0]!.v]).toEqual([7, 8]);

    await expect(
      database.db.transaction((tx) =>
        Promise.all([
          tx.execute(sql`insert into ${sql.raw(tabela)} (id, nome) values (${4}, ${'quatro'})`),
          tx.execute(sql`select 1 / ${0}::int`),
          tx.execute(sql`insert into ${sql.raw(tabela)} (id, nome) values (${5}, ${'cinco'})`),
        ]),
      ),
    ).rejects.toSatisfy((e: Error & { cause?: Error }) =>
      /division by zero|divisão por zero/.test(e.cause?.message ?? e.message),
    );
    expect(await contar()).toBe(2);
  });

  it('a statement with parameters is prepared once per connection and reused, up to MAX_PREPARED names', async () => {
    const texto = `select nome from ${tabela} where id = $1`;
    for (const id of [1, 2, 1]) {
      const rows = await queryRows<{ nome: string }>(database.db, sql`select nome from ${sql.raw(tabela)} where id = ${id}`);
      expect(rows[0]!.nome).toBe(id === 1 ? 'um' : 'dois');
    }
    const preparadas = () =>
      database.db.transaction(async (tx) => {
        // Without parameters: this one is not prepared itself.
        return queryRows<{ statement: string }>(tx, sql`select statement from pg_prepared_statements`);
      });
    expect((await preparadas()).filter((p) => p.statement === texto)).toHaveLength(1);

    for (let i = 0; i < MAX_PREPARED + 20; i++) {
      await database.db.transaction((tx) => tx.execute(sql`select ${i}::int as ${sql.raw(`c${i}`)}`));
    }
    const todas = await preparadas();
    expect(todas.length).toBeLessThanOrEqual(MAX_PREPARED);
    expect(todas.length).toBeGreaterThan(MAX_PREPARED - 20);
  });
});
