import { defineConfig } from 'vitest/config';

/*
 * Two workers on CI's two cores (tests wait on PostgreSQL, argon2 and child processes as much
 * as they compute), and test files of a worker share its loaded modules (`isolate: false`):
 * importing the server's module graph again for every file was a sixth of the suite's time.
 * Each file still builds its own app and database; the faults suite, whose files kill and
 * stall whole servers, runs after the rest in isolated workers.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', isolate: false, setupFiles: ['tests/unit/domWaits.ts'] } },
      { test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], environment: 'node', isolate: false } },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/faults/lib/globalSetup.ts'],
          sequence: { groupOrder: 1 },
          testTimeout: 180_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
