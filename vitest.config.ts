import { defineConfig } from 'vitest/config';

/**
 * One runner for every suite. Projects:
 * - shared: pure unit tests of packages/shared
 * - api: integration tests booting the Fastify app on a real database (PGlite, or
 *   PostgreSQL when TEST_DATABASE_URL is set)
 * - web: React components and hooks in jsdom
 * - e2e: the built app served for real and driven in Chromium by playwright-core
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
          fileParallelism: false,
          globalSetup: ['./global-setup.ts'],
        },
      },
    ],
  },
});
