import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
const DIST_DIR = process.env.DIST_DIR ?? 'dist';

/** Real Chromium against the real built server on a fresh SQLite database. */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  // CI's two cores run two browsers and the server: a screen that shows in one second alone took
  // over five under that load (docs/decisions.md §35). A wait ends as soon as its condition holds.
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // In CI a test that fails is run once more: a pass then still lands the work, and
  // tests/run-all.ts names it as flaky so its race is found and fixed (docs/decisions.md §35).
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    browserName: 'chromium',
    // A browser language the back-office does not have: each site then speaks its own default
    // (docs/spec.md §2), as the suite expects; a test about the browser's language sets its own.
    locale: 'ja-JP',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `rm -rf .e2e-data-${E2E_PORT} && node ${DIST_DIR}/server/main.js`,
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(E2E_PORT), HOST: '127.0.0.1', DATA_DIR: `.e2e-data-${E2E_PORT}`, SPA_DIR: `${DIST_DIR}/spa`, LOG_LEVEL: 'warn' },
    stdout: 'ignore',
  },
});
