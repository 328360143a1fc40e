/**
 * The migrated template of the embedded database (issue #22 item 1: a user logs in within 20 s of
 * `npm start` on a fresh clone). A new PGlite folder costs its `initdb` and then every migration
 * (about 3–4 s on an idle core, 20 s on a loaded 2-core machine); a folder loaded from a dump of
 * an already migrated instance skips both. `npm ci` (the root's `prepare`, scripts/preparar.mjs)
 * writes the dump once; `npm start` (server.ts) loads it into an empty DATA_DIR, then migrates as
 * always (nothing left to apply) and seeds.
 *
 * The dump is kept in `node_modules/.cache/petshop/` (npm ci empties it, and rebuilds it) under a
 * name carrying a SHA-256 of the migrations folder and of PGlite's version: a checkout whose
 * migrations changed since (a pull without `npm ci`) finds no template of its own and creates its
 * folder the usual way. Never used for a folder that already holds a database, nor on PostgreSQL.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from './client.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const MIGRATIONS = path.join(here, 'migrations');
const CACHE = path.resolve(here, '../../../../node_modules/.cache/petshop');

const arquivosDe = (pasta: string): string[] =>
  readdirSync(pasta, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => (e.isDirectory() ? arquivosDe(path.join(pasta, e.name)) : [path.join(pasta, e.name)]));

/** PGlite's version (its package.json, found above its entry point: the package exports no ./package.json). */
const versaoPglite = (): string => {
  let pasta = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (pasta !== path.dirname(pasta)) {
    const arquivo = path.join(pasta, 'package.json');
    if (existsSync(arquivo)) {
      const pacote = JSON.parse(readFileSync(arquivo, 'utf8')) as { name?: string; version?: string };
      if (pacote.name === '@electric-sql/pglite') return pacote.version ?? '?';
    }
    pasta = path.dirname(pasta);
  }
  return '?';
};

/** Absolute path of the template for these migrations and this PGlite (it may not exist). */
export const caminhoModelo = (): string => {
  const hash = createHash('sha256');
  hash.update(`pglite ${versaoPglite()}\0`);
  for (const arquivo of arquivosDe(MIGRATIONS)) {
    hash.update(path.relative(MIGRATIONS, arquivo).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(arquivo));
    hash.update('\0');
  }
  return path.join(CACHE, `pglite-migrado-${hash.digest('hex').slice(0, 16)}.tar.gz`);
};

/**
 * `{ loadDataDir }` for openDatabase when `dataDir` holds no database yet and the template of
 * these migrations exists; `{}` otherwise (the folder is created or opened as it is).
 */
export const findModeloPglite = (dataDir: string): { loadDataDir?: Blob } => {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return {};
  const arquivo = caminhoModelo();
  if (!existsSync(arquivo)) return {};
  return { loadDataDir: new Blob([readFileSync(arquivo)]) };
};

/**
 * Writes the template when it is missing (an in-memory PGlite migrated and dumped, gzip); answers
 * its path and whether it was written now. Written to a temporary name and renamed, so a reader
 * never sees half a file.
 */
export const prepararModeloPglite = async (): Promise<{ arquivo: string; criado: boolean }> => {
  const arquivo = caminhoModelo();
  if (existsSync(arquivo)) return { arquivo, criado: false };
  const database = await openDatabase({});
  try {
    await database.migrate();
    const dump = await (database as unknown as { pglite: PGlite }).pglite.dumpDataDir('gzip');
    mkdirSync(path.dirname(arquivo), { recursive: true });
    const temporario = `${arquivo}.${process.pid}.tmp`;
    writeFileSync(temporario, Buffer.from(await dump.arrayBuffer()));
    renameSync(temporario, arquivo);
    // Older migrations' templates are of no further use.
    for (const velho of readdirSync(CACHE)) {
      if (velho.startsWith('pglite-migrado-') && velho !== path.basename(arquivo) && !velho.endsWith('.tmp')) {
        rmSync(path.join(CACHE, velho), { force: true });
      }
    }
  } finally {
    await database.close();
  }
  return { arquivo, criado: true };
};
