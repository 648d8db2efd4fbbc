/**
 * Issue 28.5, end to end: at the size of GitHub's REST description (13 MB of JSON, 1,200
 * operations), nothing is lost and nothing waits without saying so. Outside a project and in
 * one, a summary typed into the form survives a reload made 3 s after it; Generate answers; the
 * project's "Saved" is shown only once the server has the edit. The document is made here (a
 * GitHub-like shape: many paths, shared schemas, examples), never copied from elsewhere.
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadYamlReplacing,
  SCREENSHOT_DIR,
  startAppAndBrowser,
  type StartedServer,
} from './harness';
import {
  api,
  editorText,
  openGenerator,
  pasteIntoEditor,
  summaryField,
  waitForStatus,
  generatorPage,
} from './generator-helpers';

let server: StartedServer;
let browser: Browser;

startAppAndBrowser((app) => {
  ({ server, browser } = app);
});

/** About 13 MB of JSON: 1,320 operations over 660 paths, each with a body and an example. */
function largeDocument(): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < 300; i += 1) {
    schemas[`item-${i}`] = {
      type: 'object',
      description: `Item ${i}. ${'A shared schema of a large description. '.repeat(20)}`,
      properties: Object.fromEntries(
        Array.from({ length: 25 }, (_, k) => [
          `field_${k}`,
          k % 5 === 0
            ? { $ref: `#/components/schemas/item-${(i + 1) % 300}` }
            : { type: 'string', description: `Field ${k} of item ${i}.` },
        ]),
      ),
    };
  }
  const paths: Record<string, unknown> = {};
  const response = (i: number) => ({
    '200': {
      description: 'OK',
      content: {
        'application/json': {
          schema: { $ref: `#/components/schemas/item-${i % 300}` },
          example: { field_1: `value ${i}`, field_2: 'x'.repeat(4000) },
        },
      },
    },
  });
  for (let i = 0; i < 660; i += 1) {
    paths[`/orgs/{org}/resources-${i}/{id}`] = {
      parameters: [
        { name: 'org', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      ],
      get: {
        summary: `Get resource ${i}`,
        description: 'Reads one resource. '.repeat(200),
        operationId: `resources-${i}/get`,
        tags: [`tag-${i % 40}`],
        responses: response(i),
      },
      patch: {
        summary: `Update resource ${i}`,
        description: 'Changes one resource. '.repeat(200),
        operationId: `resources-${i}/update`,
        tags: [`tag-${i % 40}`],
        requestBody: {
          content: {
            'application/json': { schema: { $ref: `#/components/schemas/item-${i % 300}` } },
          },
        },
        responses: response(i),
      },
    };
  }
  const doc = {
    openapi: '3.0.3',
    info: { title: 'Large', version: '1.0.0' },
    paths,
    components: { schemas },
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

const TEXT = largeDocument();

/** The first endpoint's Summary, its panel expanded (a large document's panels start collapsed). */
async function firstSummary(page: Page) {
  const panel = page.getByTestId('endpoint-panel').first();
  await panel.waitFor({ timeout: 90_000 });
  const expand = panel.getByRole('button', { name: 'Expand endpoint' });
  if (await expand.isVisible()) await expand.click();
  const summary = summaryField(page);
  await summary.waitFor({ timeout: 30_000 });
  return summary;
}

/** Waits until the navigator lists the whole document. */
async function listed(page: Page): Promise<void> {
  // The navigator's count (the progress line reads "Loading: 984 of 1,320 endpoints").
  await page.getByText('1,320 endpoints', { exact: true }).first().waitFor({ timeout: 90_000 });
}

/** Reloads 3 s after an edit and waits for the first Summary to read `summary` again. */
async function reloadedAfter3s(page: Page, summary: string): Promise<void> {
  await page.waitForTimeout(3000);
  await page.reload();
  await listed(page);
  const restored = await firstSummary(page);
  await expect.poll(() => restored.inputValue(), { timeout: 30_000 }).toBe(summary);
}

/** A page of its own with the document pasted and opened as JSON (not loaded yet). */
async function pastedAsJson(
  previous: BrowserContext | undefined,
): Promise<{ context: BrowserContext; page: Page }> {
  await previous?.close();
  const opened = await generatorPage(browser, server);
  await pasteIntoEditor(opened.page, TEXT, { at: 'all' });
  const dialog = opened.page.getByTestId('json-paste-dialog');
  await dialog.waitFor({ timeout: 60_000 });
  await dialog.getByTestId('paste-open-json').click();
  await dialog.waitFor({ state: 'detached' });
  return opened;
}

describe('a 13 MB description (issue 28.5)', () => {
  let context: BrowserContext | undefined;
  let page: Page;

  beforeAll(async () => {
    expect(TEXT.length).toBeGreaterThan(13_000_000);
    ({ context, page } = await generatorPage(browser, server));
  });

  afterAll(async () => {
    await context?.close();
  });

  it('outside a project: opened as JSON and loaded, a summary typed survives a reload 3 s later', async () => {
    // A page of its own at each attempt: a retry must not find the first attempt's edit kept.
    ({ context, page } = await pastedAsJson(context));
    const started = Date.now();
    await loadYamlReplacing(page, () => listed(page));
    const loadMs = Date.now() - started;

    const summary = await firstSummary(page);
    expect(await summary.inputValue()).toBe('Get resource 0');
    await summary.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' typed');
    const generate = page.getByRole('button', { name: 'Generate OpenAPI' });
    // Generate answers: enabled within seconds of the edit (the worker is not held).
    await expect.poll(() => generate.isEnabled(), { timeout: 15_000 }).toBe(true);

    await reloadedAfter3s(page, 'Get resource 0 typed');
    await generate.waitFor();
    await expect.poll(() => generate.isEnabled(), { timeout: 30_000 }).toBe(true);
    await generate.click();
    await expect
      .poll(async () => (await editorText(page)).includes('"summary": "Get resource 0 typed"'), {
        timeout: 60_000,
      })
      .toBe(true);
    console.log(`13 MB description: Load took ${loadMs} ms`);
  }, 300_000);

  it("offers Spectral's whole check with its time, and runs and cancels it from the keyboard", async () => {
    ({ context, page } = await pastedAsJson(context));
    await loadYamlReplacing(page, () => listed(page));
    // Not linted by itself: the panel offers the check and says how long it takes.
    const whole = page.getByTestId('problems-whole');
    await whole.waitFor({ timeout: 60_000 });
    expect(await whole.getAttribute('data-status')).toBe('offered');
    const check = whole.getByTestId('problems-whole-check');
    expect(await check.textContent()).toMatch(
      /^Check with Spectral's rules \(about \d+ minutes?\)$/,
    );
    // Generate does not wait for it: the form's checks decide.
    const generate = page.getByRole('button', { name: 'Generate OpenAPI' });
    await expect.poll(() => generate.isEnabled(), { timeout: 30_000 }).toBe(true);
    await whole.scrollIntoViewIfNeeded();
    await page
      .getByTestId('problems')
      .screenshot({ path: path.join(SCREENSHOT_DIR, 'lint-whole-offered-en.png') });

    await check.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => whole.getAttribute('data-status')).toBe('running');
    const cancel = whole.getByTestId('problems-whole-cancel');
    await expect.poll(() => cancel.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await whole.textContent()).toMatch(
      /Checking the whole document with Spectral's rules… \d+:\d\d of about \d+ minutes?\./,
    );
    await page.waitForTimeout(2500);
    await page
      .getByTestId('problems')
      .screenshot({ path: path.join(SCREENSHOT_DIR, 'lint-whole-running-en.png') });
    await page.keyboard.press('Enter');
    await expect.poll(() => whole.getAttribute('data-status')).toBe('offered');
    await expect.poll(() => check.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await generate.isEnabled()).toBe(true);
  }, 300_000);

  it('in a project: a summary typed is saved before "Saved" shows, and survives a reload 3 s later', async () => {
    const project = await api<{ id: string }>(page, '/api/v1/customer/projects', {
      name: `Large ${Date.now().toString(36)}`,
      content: TEXT,
    });
    await openGenerator(page, server.baseUrl, { project: project.id });
    await listed(page);
    await waitForStatus(page, 'saved', 60_000);
    const summary = await firstSummary(page);
    await expect.poll(() => summary.inputValue(), { timeout: 30_000 }).toBe('Get resource 0');
    await summary.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' saved');
    await reloadedAfter3s(page, 'Get resource 0 saved');
    // The server gets the edit in the project's text (the restored form's draft is written into
    // the text and saved), and the status says "Saved" once it has.
    const content = async () =>
      (await api<{ content: string }>(page, `/api/v1/customer/projects/${project.id}`)).content;
    await expect
      .poll(async () => (await content()).includes('"summary": "Get resource 0 saved"'), {
        timeout: 90_000,
      })
      .toBe(true);
    await waitForStatus(page, 'saved', 90_000);
    expect((await content()).replace('Get resource 0 saved', 'Get resource 0')).toBe(TEXT);
  }, 300_000);
});
