/**
 * Issue 28.4, end to end: the output editor's work on a large text goes in slices and stays
 * exact. A large selection is copied as a text read in slices (Monaco's own copy, one long task,
 * does not run: its input element never sees the copy event), and the clipboard holds exactly
 * the selection, the whole text or a part. A large text restored on reload reaches monaco-yaml's
 * worker in slices, and the diagnostics still point at the right line of the text shown; Monaco's
 * own editor worker gets it in slices too, and its unicode highlights reach the last line.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, startAppAndBrowser, type StartedServer } from './harness';
import { focusEditor, pasteIntoEditor, signInToGenerator } from './generator-helpers';

let server: StartedServer;
let browser: Browser;

startAppAndBrowser((app) => {
  ({ server, browser } = app);
});

/** A valid document of `lines` list lines (about 40 characters each), `tail` at its end. */
function longDocument(lines: number, tail: string): string {
  const head = 'openapi: 3.0.1\ninfo:\n  title: Long\n  version: v1\npaths: {}\nx-filler:\n';
  const body = Array.from({ length: lines }, (_, i) => `  - "line ${i} é ${'x'.repeat(24)}"\n`);
  return `${head}${body.join('')}${tail}`;
}

/** What the clipboard holds once the copy started by Ctrl+C has written it. */
async function copied(page: Page): Promise<string> {
  await page.keyboard.press('Control+C');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const text = await page.evaluate(() => navigator.clipboard.readText());
    if (text !== 'nothing yet' || Date.now() > deadline) return text;
    await page.waitForTimeout(100);
  }
}

describe('the output editor on a large text (issue 28.4)', () => {
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

  // 40,000 lines (1.6 MB): above the sliced copy's and the sliced sync's thresholds. The last
  // line holds an invisible character (a zero-width space), which Monaco's unicode highlighter
  // marks once its editor worker holds the whole text.
  const text = longDocument(40_000, 'not-openapi: "a\u200bb"\n');
  const lastLine = text.split('\n').length - 1;

  it('copies a large selection exactly, without Monaco’s one-task copy', async () => {
    await pasteIntoEditor(page, text, { at: 'all' });
    await page.waitForFunction((length) => {
      const lines = document.querySelector('.monaco-editor .view-lines')?.textContent ?? '';
      return lines.includes('openapi') && length > 0;
    }, text.length);
    // Monaco's input element would take the copy event if Monaco copied.
    page.on('console', (message) => {
      if (message.type() === 'warning') console.log(message.text());
    });
    await page.evaluate(() => {
      const w = window as unknown as { __monacoCopies: number };
      w.__monacoCopies = 0;
      document
        .querySelector('.monaco-editor textarea')
        ?.addEventListener('copy', () => (w.__monacoCopies += 1));
    });
    await page.waitForTimeout(1500); // the paste's slices all in
    await page.evaluate(() => navigator.clipboard.writeText('nothing yet'));
    await focusEditor(page);
    await page.keyboard.press('Control+A');
    expect(await copied(page)).toBe(text);

    // A part: from the second line to the end.
    await page.evaluate(() => navigator.clipboard.writeText('nothing yet'));
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+Control+End');
    expect(await copied(page)).toBe(text.slice(text.indexOf('\n') + 1));
    expect(
      await page.evaluate(() => (window as unknown as { __monacoCopies: number }).__monacoCopies),
    ).toBe(0);
  });

  it('Monaco’s editor worker gets the whole text: the last line’s invisible character is marked', async () => {
    await focusEditor(page);
    await page.keyboard.press('Control+End');
    await expect
      .poll(() => page.locator('.monaco-editor .unicode-highlight').count(), { timeout: 60_000 })
      .toBeGreaterThan(0);
  });

  it('checks a large restored text at the right lines', async () => {
    const diagnostics = page.getByTestId('diagnostics');
    // monaco-yaml: the property at the last line is not allowed in an OpenAPI document.
    await expect
      .poll(() => diagnostics.textContent(), { timeout: 60_000 })
      .toContain(`Line ${lastLine}, column 1`);
    await page.waitForTimeout(1000); // the workspace record is kept
    await page.reload();
    await page.locator('.monaco-editor .view-lines').waitFor();
    await expect
      .poll(() => diagnostics.textContent(), { timeout: 60_000 })
      .toContain(`Line ${lastLine}, column 1`);
    // An edit after the restore is checked against the whole text too: a line added above.
    await focusEditor(page);
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('x-added: 1', { delay: 20 });
    await expect
      .poll(() => diagnostics.textContent(), { timeout: 60_000 })
      .toContain(`Line ${lastLine + 1}, column 1`);
  });
  it('pastes over a large text as one undo step, the editor showing the text afterwards', async () => {
    await page.evaluate(() => navigator.clipboard.writeText('nothing yet'));
    await focusEditor(page);
    await page.keyboard.press('Control+A');
    const before = await copied(page);
    expect(before.length).toBeGreaterThan(1024 * 1024);
    // Over 1 MiB: the text goes in while the editor shows no view of it (editor/detached-view.ts).
    const pasted = longDocument(30_000, 'x-pasted: true\n');
    await pasteIntoEditor(page, pasted, { at: 'all' });
    await page.locator('[data-testid="output-filling"]').waitFor({ state: 'detached' });
    await page.waitForFunction(
      () => document.querySelector('.monaco-editor .view-lines')?.textContent?.includes('x-pasted'),
      undefined,
      { timeout: 30_000 },
    );
    await page.evaluate(() => navigator.clipboard.writeText('nothing yet'));
    await focusEditor(page);
    await page.keyboard.press('Control+A');
    expect(await copied(page)).toBe(pasted);
    await page.keyboard.press('Control+Z');
    await page.evaluate(() => navigator.clipboard.writeText('nothing yet'));
    await page.keyboard.press('Control+A');
    expect(await copied(page)).toBe(before);
  });

  it('shows a text over 100,000 lines without folding, says so, and folds again once it is small', async () => {
    await pasteIntoEditor(page, longDocument(110_000, 'x-very-long: true\n'), { at: 'all' });
    await page.locator('[data-testid="output-filling"]').waitFor({ state: 'detached' });
    const note = page.getByTestId('folding-off-note');
    await expect
      .poll(() => note.textContent(), { timeout: 30_000 })
      .toMatch(/^This text has 110,008 lines: folding is off above 100,000 lines/);
    const folds = page.locator('.monaco-editor .margin-view-overlays .codicon-folding-expanded');
    await page.waitForTimeout(1000);
    expect(await folds.count()).toBe(0);
    // Replaced by typing: the keystrokes go on into the editor while its view is made again.
    await focusEditor(page);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('a:\nb: 1\nc:\n  d: 2\n');
    await expect.poll(() => note.count()).toBe(0);
    await expect.poll(() => folds.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // Monaco draws spaces as no-break spaces.
    const shown = await page.locator('.monaco-editor .view-lines').textContent();
    expect(shown?.replace(/\u00a0/g, ' ')).toContain('d: 2');
  });
});
