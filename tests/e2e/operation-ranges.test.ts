/**
 * The output editor's caret and the form, end to end, on a text large enough to reach the
 * worker as bytes: the operation under the caret opens its panel when the text was pasted and
 * loaded (the text is sent to the worker as UTF-8 bytes encoded in slices), and again after
 * Generate (the worker looks the operation up in its own text, nothing is sent), and the whole
 * text is then copied exactly; "Show in YAML" highlights exactly the operation's lines.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadYamlReplacing, newContext, startAppAndBrowser, type StartedServer } from './harness';
import { editorText, focusEditor, pasteIntoEditor, signInToGenerator } from './generator-helpers';

let server: StartedServer;
let browser: Browser;

startAppAndBrowser((app) => {
  ({ server, browser } = app);
});

const OPERATIONS = 1500;

/** About 400,000 characters of YAML: one GET per path, non-ASCII text in each. */
function document(): string {
  const paths = Array.from(
    { length: OPERATIONS },
    (_, i) =>
      `  /items${i}:\n    get:\n      operationId: item${i}\n      summary: Item ${i} — café 🍫\n` +
      `      description: ${'A long description of an item. '.repeat(4)}\n` +
      `      responses:\n        '200':\n          description: OK\n`,
  );
  return `openapi: 3.0.1\ninfo:\n  title: Items\n  version: v1\npaths:\n${paths.join('')}`;
}

/** The values of the Path fields shown (the panels open now). */
function shownPaths(page: Page): Promise<string[]> {
  return page
    .getByLabel('Path', { exact: true })
    .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value));
}

describe('the operation under the caret in a large text', () => {
  let context: BrowserContext | undefined;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(browser, {
      width: 1440,
      height: 900,
      clipboardOrigin: server.baseUrl,
    });
    page = await context.newPage();
    await signInToGenerator(page, server);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('opens its panel in a pasted text, and in the generated one', async () => {
    const text = document();
    expect(text.length).toBeGreaterThan(256 * 1024);
    await pasteIntoEditor(page, text, { at: 'all' });
    await loadYamlReplacing(page, () =>
      expect
        .poll(() => page.locator('[data-endpoint-id]').count(), { timeout: 60_000 })
        .toBeGreaterThan(0),
    );
    // More panels than are shown open: every one is collapsed after Load.
    await expect.poll(() => shownPaths(page), { timeout: 30_000 }).toEqual([]);

    await focusEditor(page);
    // The last line is empty (after the text's final line feed): the one above it.
    await page.keyboard.press('Control+End');
    await page.keyboard.press('ArrowUp');
    await expect
      .poll(() => shownPaths(page), { timeout: 30_000 })
      .toContain(`/items${OPERATIONS - 1}`);

    const generate = page.getByRole('button', { name: 'Generate OpenAPI' });
    await expect.poll(() => generate.isEnabled(), { timeout: 30_000 }).toBe(true);
    await generate.click();
    await expect.poll(() => generate.isEnabled(), { timeout: 30_000 }).toBe(true);
    await focusEditor(page);
    await page.keyboard.press('Control+Home');
    // Line 8: "operationId: item0".
    for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => shownPaths(page), { timeout: 30_000 }).toContain('/items0');
    // Copied whole: the text the editor holds from Generate, read out of nothing.
    expect(await editorText(page)).toBe(text);
  }, 180_000);

  it('Show in YAML highlights the lines of the operation and no other', async () => {
    const panel = page.locator('[data-endpoint-id]').first();
    await panel.getByRole('button', { name: 'Show in YAML' }).click();
    const highlighted = page.locator('.monaco-editor .view-overlays .doc-highlight-line');
    await expect.poll(() => highlighted.count(), { timeout: 30_000 }).toBe(7);
  });
});
