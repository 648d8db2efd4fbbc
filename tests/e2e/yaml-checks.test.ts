/**
 * Issues 31.8 and 28.2, end to end: the output editor on hostile and large texts. Its
 * diagnostics are the lint's (monaco-yaml's validation is off): a deeply aliased document,
 * which overflowed monaco-yaml's schema check and on which Spectral never ends, is answered at
 * once as the core reads it (too many aliases), with no page error, and the editor keeps
 * working (the next text is checked again). A text above the size limit of monaco-yaml's
 * services gets a note that they are off and why, and a text above the lint's automatic limit
 * says it is checked on request; both go below the limits.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, startAppAndBrowser, type StartedServer } from './harness';
import { pasteIntoEditor, signInToGenerator, typeInEditor } from './generator-helpers';

let server: StartedServer;
let browser: Browser;

startAppAndBrowser((app) => {
  ({ server, browser } = app);
});

const HEAD = 'openapi: 3.0.1\ninfo:\n  title: Aliased\n  version: v1\npaths: {}\n';

/**
 * 300 schemas, each an object whose two properties are aliases of the one before: 19 KB, 300
 * aliases (under the core's limits), but a schema check that follows them nests 300 schemas
 * deep and overflows the worker's stack.
 */
function aliasedSchemas(count: number): string {
  const lines = ['    s0: &s0 {type: string}'];
  for (let i = 1; i < count; i++) {
    lines.push(`    s${i}: &s${i} {type: object, properties: {p: *s${i - 1}, q: *s${i - 1}}}`);
  }
  return `${HEAD}components:\n  schemas:\n${lines.join('\n')}\n`;
}

/** A valid document of about `mb` MiB: one long list of strings under an extension. */
function largeDocument(mb: number): string {
  const line = `  - "${'x'.repeat(120)}"\n`;
  const count = Math.ceil((mb * 1024 * 1024) / line.length);
  return `${HEAD}x-filler:\n${line.repeat(count)}`;
}

describe('the YAML editor on hostile and large texts (issues 31.8, 28.2)', () => {
  let context: BrowserContext | undefined;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    context = await newContext(browser, {
      width: 1440,
      height: 900,
      clipboardOrigin: server.baseUrl,
    });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInToGenerator(page, server);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('says a deeply aliased text has too many aliases, and checks the next text', async () => {
    const note = page.getByTestId('yaml-checks-note');
    const list = page.getByTestId('diagnostics');
    await pasteIntoEditor(page, aliasedSchemas(300), { at: 'all' });
    await expect
      .poll(() => list.textContent(), { timeout: 30_000 })
      .toMatch(/too many aliases.*\(YAML_ALIAS_LIMIT\)/);
    expect(pageErrors).toEqual([]);
    // The editor keeps working: typing goes in.
    await typeInEditor(page, '\nx-typed: yes');
    // (Monaco renders spaces as no-break spaces.)
    await expect.poll(() => page.locator('.view-lines').textContent()).toMatch(/x-typed:\syes/);
    // A later text is checked again.
    await pasteIntoEditor(page, 'info:\n  title: No version\n', { at: 'all' });
    await expect.poll(() => list.textContent(), { timeout: 30_000 }).toMatch(/unrecognized-format/);
    expect(await list.textContent()).not.toMatch(/YAML_ALIAS_LIMIT/);
    await expect.poll(() => note.count(), { timeout: 10_000 }).toBe(0);
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('turns the checks off above the size limit, with a note, and on again below it', async () => {
    const note = page.getByTestId('yaml-checks-note');
    const list = page.getByTestId('diagnostics');
    const large = page.getByTestId('diagnostics-large');
    await pasteIntoEditor(page, largeDocument(17), { at: 'all' });
    await expect
      .poll(() => note.textContent().catch(() => ''), { timeout: 90_000 })
      .toMatch(
        /This text is 17 MB: the editor's hints, completion and folding are off above 16 MB/,
      );
    // Not linted by itself: no problems, and it says why (the check is offered).
    await expect
      .poll(() => large.textContent().catch(() => ''), { timeout: 30_000 })
      .toMatch(/This text is 17\.\d MB: it is not checked by itself above 5 MB/);
    expect(await large.getByRole('button', { name: /Check it/ }).count()).toBe(1);
    expect(await list.locator('li.gen-diagnostic').count()).toBe(0);
    await pasteIntoEditor(page, 'info:\n  title: No version\n', { at: 'all' });
    await expect.poll(() => list.textContent(), { timeout: 30_000 }).toMatch(/unrecognized-format/);
    await expect.poll(() => note.count(), { timeout: 10_000 }).toBe(0);
    expect(await large.count()).toBe(0);
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
