/**
 * docs/architecture.md "Where a route's code is": every routes file its table names exists, and
 * every routes file of the API is named there, so the two-hop map stays true as modules move.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const modules = path.join(root, 'apps/api/src/modules');
const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
const table = doc.slice(doc.indexOf("### Where a route's code is"), doc.indexOf('### Tenancy'));

const routesFiles = (dir: string, prefix = ''): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? routesFiles(path.join(dir, e.name), `${prefix}${e.name}/`)
      : /(^|-)routes\.ts$/.test(e.name)
        ? [`${prefix}${e.name}`]
        : [],
  );

describe('docs/architecture.md route map', () => {
  it('names every routes file of the API, by its path under modules/', () => {
    const files = routesFiles(modules);
    expect(files.length).toBeGreaterThan(20);
    // A `routes.ts` by its path; another by its path or, beside its folder's first file in a cell, its name.
    const missing = files.filter(
      (f) => !table.includes(`\`${f}\``) && (path.basename(f) === 'routes.ts' || !table.includes(path.basename(f))),
    );
    expect(missing).toEqual([]);
  });

  it('names only files that exist', () => {
    const named = [...table.matchAll(/`([a-z-]+(?:\/[a-z-]+)*\/[a-z-]*routes\.ts)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(15);
    const existing = new Set(routesFiles(modules));
    expect(named.filter((f) => !existing.has(f))).toEqual([]);
  });
});
