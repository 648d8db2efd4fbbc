import { defineConfig } from 'vitest/config';

/**
 * Files that measure time on the page (main-thread tasks, answer times) or load documents of
 * many megabytes: they run one at a time, alone on the machine. Every other file may run beside
 * one more (most of an e2e test is waiting for the page), which halves the run on two cores.
 */
const ALONE = [
  'tests/e2e/import-traffic.test.ts',
  'tests/e2e/large-document.test.ts',
  'tests/e2e/large-editor.test.ts',
  'tests/e2e/preview.test.ts',
];

/**
 * End-to-end tests: a real Chromium against the real server; run by `.ci/run`, not by `npm test`.
 * `E2E_GROUP=alone` runs the files of ALONE one at a time, `E2E_GROUP=paired` the others two at a
 * time (`npm run test:e2e` runs both); without it, every file runs, one at a time.
 */
const group = process.env.E2E_GROUP;
const paired = group === 'paired';

export default defineConfig({
  test: {
    include: group === 'alone' ? ALONE : ['tests/e2e/**/*.test.ts'],
    exclude: paired ? ALONE : [],
    globalSetup: ['tests/e2e/global-setup.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 240_000,
    fileParallelism: paired,
    maxWorkers: paired ? 2 : 1,
    passWithNoTests: true,
    // One retry in CI: a browser against a live server on a shared 2-core machine. A retried
    // failure still prints its own diagnostics (see the failed-refresh test in shell.test.ts).
    retry: process.env.CI === 'true' ? 1 : 0,
    // What a test waits for comes through workers (the document, the lint after its pause):
    // a second's wait, vitest's default, is short on a busy 2-core machine. A poll still fails.
    expect: { poll: { timeout: 5_000 } },
  },
});
