import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: Chromium (found by tests/e2e/browser.ts, never downloaded) driving the
 * browser host, which each worker starts in-process on a fresh in-memory platform
 * (tests/e2e/fixtures.ts). The renderer is built once, before the run (tests/e2e/global-setup.ts).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results/e2e-artifacts',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    // Fluent's transitions off, as for a user who asks for less motion: actions do not wait on animations.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000
  }
});
