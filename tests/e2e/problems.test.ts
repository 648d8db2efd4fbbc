/**
 * Issue 20 points 4 and 6 in Chromium: an empty generator greets the user without a red
 * problem (Generate's tooltip says why it is disabled); a real document (Intercom) lists what to
 * act on as the lint's warnings and, in the load report, what it keeps as written as one line
 * per kind, and the place column is never cut. Screenshots go to screenshots/ (git-ignored).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  startAppAndBrowser,
  loadYamlReplacing,
  newContext,
  ROOT,
  SCREENSHOT_DIR,
  type StartedServer,
} from './harness';
import { replaceEditorText, signInToGenerator } from './generator-helpers';
import { MISFIT_EXAMPLE_DOCUMENT } from '../shared/support/misfit-example';

const CORPUS = path.resolve(ROOT, '../shared/corpus/openapi');
const corpusMissing = !existsSync(CORPUS);
if (corpusMissing) console.warn(`The corpus is missing at ${CORPUS}: the Intercom case is skipped`);

let server: StartedServer;
let browser: Browser;

startAppAndBrowser((app) => {
  ({ server, browser } = app);
});

describe('problems that mean something (issue 20)', () => {
  it('opens an empty generator calmly: no red problem, and the tooltip says why', async () => {
    const context = await newContext(browser, { width: 1440, height: 900 });
    const page = await context.newPage();
    await signInToGenerator(page, server);
    const generate = page.getByRole('button', { name: 'Generate OpenAPI' });
    await expect
      .poll(() => generate.getAttribute('title'), { timeout: 15_000 })
      .toBe('Generate is disabled until this is fixed: POST (no path): Path is required.');
    expect(await generate.isDisabled()).toBe(true);
    expect(await page.getByTestId('panel-label').count()).toBe(0);
    expect(await page.getByTestId('blocked-reason').count()).toBe(0);
    expect(await page.locator('.gen-field-error').count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'problems-calm-start.png') });
    await context.close();
  });

  it.skipIf(corpusMissing)(
    'lists a real document’s warnings apart from what it keeps as written',
    { timeout: 180_000 },
    async () => {
      const context = await newContext(browser, {
        width: 1440,
        height: 900,
        clipboardOrigin: server.baseUrl,
      });
      const page = await context.newPage();
      await signInToGenerator(page, server);
      const source = await readFile(
        path.join(CORPUS, 'intercom__api.intercom.io-2.7.yaml'),
        'utf8',
      );
      await replaceEditorText(page, source);
      await loadYamlReplacing(page, () =>
        page.getByTestId('problems').waitFor({ timeout: 60_000 }),
      );
      const problems = page.getByTestId('problems');
      await problems.getByRole('button', { name: /Problems/ }).click();
      // The load report: what the form could not show, apart from the problems.
      await problems.getByTestId('load-report').locator('summary').first().click();
      await problems.getByTestId('kept-as-written').locator('summary').click();
      await problems.getByTestId('unused-schemas').locator('summary').click();
      // Loaded endpoints carry no red label: nothing blocks a real document.
      expect(await page.getByTestId('panel-label').count()).toBe(0);
      expect(await problems.getByTestId('problems-errors').count()).toBe(0);
      const notes = await problems.getByTestId('note').allTextContents();
      expect(notes.length).toBeGreaterThan(0);
      expect(notes.length).toBeLessThan(12);
      expect(await problems.textContent()).not.toMatch(/Servers are kept|not kept/);
      // The place column shows "Document" whole.
      const where = problems.locator('.gen-problem-where', { hasText: 'Document' }).first();
      const cut = await where.evaluate((element) => element.scrollWidth > element.clientWidth);
      expect(cut).toBe(false);
      await problems.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'problems-intercom.png') });
      await context.close();
    },
  );

  it('lists an example that does not fit its schema, and drops it once fixed', async () => {
    const context = await newContext(browser, { width: 1440, height: 1000 });
    const page = await context.newPage();
    try {
      await signInToGenerator(page, server);
      const source = MISFIT_EXAMPLE_DOCUMENT;
      await replaceEditorText(page, source);
      await loadYamlReplacing(page, () => page.getByTestId('problems').waitFor());
      const problems = page.getByTestId('problems');
      await problems.getByRole('button', { name: /Problems/ }).click();
      const misfit = problems
        .getByTestId('problem')
        .filter({ hasText: 'has the wrong type of value' });
      await misfit.waitFor({ timeout: 15_000 });
      expect(await misfit.textContent()).toContain('response 200');
      // The example fixed in the form: checked in the worker with the edit, the problem goes.
      const panel = page.getByTestId('endpoint-panel').first();
      const json = panel
        .getByTestId('response')
        .first()
        .getByRole('textbox', { name: /example JSON/ });
      await json.fill('{"age": 3}');
      await expect.poll(() => misfit.count(), { timeout: 15_000 }).toBe(0);
    } finally {
      await context.close();
    }
  });
});
