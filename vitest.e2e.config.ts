import { defineConfig } from 'vitest/config';

/** End-to-end tests: a real Chromium against the real server; run by `.ci/run`, not by `npm test`. */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 240_000,
    fileParallelism: false,
    passWithNoTests: true,
    // One retry in CI: a browser against a live server on a shared 2-core machine. A retried
    // failure still prints its own diagnostics (see the failed-refresh test in shell.test.ts).
    retry: process.env.CI === 'true' ? 1 : 0,
  },
});
