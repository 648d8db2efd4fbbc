/**
 * End to end (Chromium, production build): the output editor's diagnostics come from the one
 * lint (Spectral in the lint worker) whatever text it shows. A text typed into the editor and
 * not loaded is linted as a text of its own (a YAML syntax error at its line; Spectral's
 * findings of a readable text), said to be the editor's text; after Load YAML the findings are
 * the document's.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadYamlReplacing, startAppAndBrowser, type StartedServer } from './harness';
import { generatorPage, pasteIntoEditor, screenshot, typeInEditor } from './generator-helpers';

let server: StartedServer;
let browser: Browser;

startAppAndBrowser((app) => {
  ({ server, browser } = app);
});

const TYPED = `openapi: 3.0.1
info:
  title: Typed
  version: v1
paths:
  /typed-here:
    get:
      responses:
        "200":
          description: OK
`;

describe("the output editor's diagnostics come from the lint", () => {
  let context: BrowserContext | undefined;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    ({ context, page } = await generatorPage(browser, server));
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await context?.close();
  });

  it('lints a typed text as its own, then the loaded document', async () => {
    const list = page.getByTestId('diagnostics');
    const errors = page.locator('.monaco-editor .squiggly-error');
    // A key typed twice, key by key: a syntax error at its line (Spectral's own parser says
    // so too; the core's reading answers first).
    await pasteIntoEditor(page, 'openapi: 3.0.1\ninfo:\n  version: v1\n', { at: 'all' });
    await typeInEditor(page, '  version: v2');
    await expect
      .poll(() => list.textContent(), { timeout: 30_000 })
      .toMatch(/Line 4, column 3: The YAML has a syntax error\..*unique.*\(YAML_SYNTAX\)/);
    expect(await list.getAttribute('data-findings-of')).toBe('checked');
    expect(await list.getByTestId('diagnostics-own-text').textContent()).toMatch(
      /not the loaded document/,
    );
    await expect.poll(() => errors.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await screenshot(page, 'editor-lint-typed-syntax-error');

    // A readable text pasted over it: the old finding is gone in the very next frame, and
    // Spectral's findings of the new text follow.
    await pasteIntoEditor(page, TYPED, { at: 'all' });
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
    expect(right).not.toMatch(/YAML_SYNTAX/);
    await expect.poll(() => list.textContent(), { timeout: 30_000 }).toMatch(/oas3-api-servers/);
    expect(await list.getAttribute('data-findings-of')).toBe('checked');
    expect(await list.textContent()).not.toMatch(/YAML_SYNTAX/);
    await screenshot(page, 'editor-lint-typed-findings');

    // Loaded, it is the document: the editor shows the document's lint, not a check of its own.
    await loadYamlReplacing(page, () =>
      page.getByTestId('endpoint-panel').filter({ hasText: '/typed-here' }).first().waitFor({
        timeout: 30_000,
      }),
    );
    await expect
      .poll(() => list.getAttribute('data-findings-of'), { timeout: 60_000 })
      .toBe('document');
    await expect.poll(() => list.textContent(), { timeout: 30_000 }).toMatch(/oas3-api-servers/);
    expect(await list.getByTestId('diagnostics-own-text').count()).toBe(0);
    await screenshot(page, 'editor-lint-loaded');
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
