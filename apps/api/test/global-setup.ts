/**
 * Prepares the database once per test run. On PostgreSQL (TEST_DATABASE_URL) it applies the
 * migrations once; on PGlite it migrates an in-memory instance once and dumps it, so each
 * test file starts from the dump in a fraction of the 3-4 s a fresh migration costs.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    pgliteDump: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const database = await openDatabase({ url });
    await database.migrate();
    await database.close();
    project.provide('pgliteDump', '');
    return;
  }
  const database = await openDatabase({});
  await database.migrate();
  const pglite = (database as unknown as { pglite: PGlite }).pglite;
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'petshop-api-test-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
