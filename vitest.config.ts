import { defineConfig } from 'vitest/config';

/**
 * e2e spec files run at once (E2E_WORKERS, default 2): e2e/global-setup.ts starts one server,
 * with its own fresh database and fakes, per worker, and worker k talks only to server k. A
 * worker's files run one after the other. E2E_DATABASE_URL (one PostgreSQL database) means one
 * server, so one worker.
 */
const E2E_WORKERS = process.env.E2E_DATABASE_URL ? 1 : Math.max(1, Math.floor(Number(process.env.E2E_WORKERS)) || 2);

/**
 * One runner for every suite. Projects:
 * - shared: pure unit tests of packages/shared
 * - api: integration tests booting the Fastify app on a real database (PGlite, or
 *   PostgreSQL when TEST_DATABASE_URL is set)
 * - web: React components and hooks in jsdom
 * - e2e: the built app served for real and driven in Chromium by playwright-core, E2E_WORKERS
 *   files at a time, each worker on its own server (after the other projects: groupOrder 1)
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['./test/global-setup.ts'],
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          maxWorkers: E2E_WORKERS,
          // Its own group, as its worker count differs from the other projects'; run after them.
          sequence: { groupOrder: 1 },
          globalSetup: ['./global-setup.ts'],
        },
      },
    ],
  },
});
