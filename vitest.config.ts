import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Every suite of `npm test`, as Vitest projects:
 * - unit: contract and pure server helpers;
 * - web: components and slices in jsdom with a real store;
 * - api-pglite / api-postgres: the same route tests on embedded PGlite and on a throwaway PostgreSQL cluster;
 * - e2e: Chromium driving the built app served by the real server;
 * - process: the server as a process, killed and restarted (durability, outages, workers).
 *
 * Timeouts are guards against a hung test, never a speed check (speed is measured in bench/): they
 * are generous so that the suite passes while other work keeps the cores busy.
 */
const hangGuard = {
  testTimeout: 180_000,
  hookTimeout: 300_000,
  // expect.poll gives up after 1 s by default: a busy machine can take longer to reach the state.
  expect: { poll: { timeout: 30_000 } },
};
/**
 * The server's test files share one module graph per worker instead of importing Fastify, Drizzle,
 * PGlite, sharp and the AWS SDK again for each file, and share the worker's migrated PGlite template
 * (`migratedPgliteTemplate()`). Each file still builds its own app and database, and none of them
 * mocks a module or changes process-wide state it does not restore. Measured: 8 API files took 88 s
 * isolated and 31 s shared (docs/decisions/0001-runtime-and-tooling.md, "Test runner"). The web
 * files stay isolated: jsdom, module mocks and stores make them depend on a fresh module graph.
 */
const sharedModules = { isolate: false };

export default defineConfig({
  test: {
    // Vitest's default is one worker per core less one: a single worker on the 2-core machines,
    // which ran every file one after the other while most of them wait on PostgreSQL, Chromium or
    // a server process. Three keep the cores busy; the e2e files still run one at a time.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['contract/test/**/*.test.ts', 'server/test/unit/**/*.test.ts'],
          environment: 'node',
          ...sharedModules,
          ...hangGuard,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          ...hangGuard,
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: ['server/test/api/**/*.test.ts'],
          environment: 'node',
          ...sharedModules,
          env: { TEST_DB: 'pglite' },
          ...hangGuard,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: ['server/test/api/**/*.test.ts'],
          environment: 'node',
          ...sharedModules,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['server/test/support/postgres-global-setup.ts'],
          ...hangGuard,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/seeded-global-setup.ts'],
          ...hangGuard,
          fileParallelism: false,
        },
      },
      {
        // Servers started, killed and restarted as processes, one file at a time. A test restarts a
        // server up to ten times, so its hang guard is longer.
        test: {
          name: 'process',
          include: ['server/test/process/**/*.test.ts'],
          environment: 'node',
          ...hangGuard,
          testTimeout: 900_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
