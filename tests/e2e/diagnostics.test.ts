/**
 * Issue 31.10, end to end: the output editor's diagnostics always belong to the text it shows.
 * Right after the text changes, the list under the editor no longer shows the previous text's
 * problems: it says the text is being checked until the lint has checked the new one.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppAndBrowser, type StartedServer } from './harness';
import { generatorPage, pasteIntoEditor } from './generator-helpers';

let server: StartedServer;
let browser: Browser;

startAppAndBrowser((app) => {
  ({ server, browser } = app);
});

describe('the output editor diagnostics (issue 31.10)', () => {
  let context: BrowserContext | undefined;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await generatorPage(browser, server));
  });

  afterAll(async () => {
    await context?.close();
  });

  it('never shows the problems of the text it showed before', async () => {
    const list = page.getByTestId('diagnostics');
    await pasteIntoEditor(page, 'info:\n  title: No version\n', { at: 'all' });
    // Spectral: the text is no OpenAPI document it knows.
    await expect.poll(() => list.textContent(), { timeout: 30_000 }).toMatch(/unrecognized-format/);
    const valid =
      'openapi: 3.0.1\ninfo:\n  title: T\n  version: v1\npaths:\n  /a:\n    get:\n      responses:\n        "200":\n          description: OK\n';
    await pasteIntoEditor(page, valid, { at: 'all' });
    // The frame after the change: the old problem is gone (being checked, or checked anew).
    const right = await page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          requestAnimationFrame(() =>
            setTimeout(
              () => resolve(document.querySelector('[data-testid=diagnostics]')?.textContent ?? ''),
              0,
            ),
          ),
        ),
    );
    expect(right).not.toMatch(/unrecognized-format/);
    // The new text's own findings (Spectral's advice for a valid document), none of the old.
    await expect.poll(() => list.textContent(), { timeout: 30_000 }).toMatch(/oas3-api-servers/);
    expect(await list.textContent()).not.toMatch(/unrecognized-format|VERSION_REQUIRED/);
  });
});
