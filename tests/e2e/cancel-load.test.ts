/**
 * Issue 29.3, end to end: cancelling never costs the document. A Load of a 13 MB description is
 * cancelled while it is being opened; the form still shows the previous document, the worker
 * that holds it is the same one (not stopped, so nothing is opened again), and an edit still
 * generates. The large document is made here, never copied from elsewhere.
 */
import type { Browser, BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadYamlReplacing, startAppAndBrowser, type StartedServer } from './harness';
import { editorText, generatorPage, pasteIntoEditor, summaryField } from './generator-helpers';

let server: StartedServer;
let browser: Browser;

startAppAndBrowser((app) => {
  ({ server, browser } = app);
});

const SMALL = [
  'openapi: 3.0.3',
  'info:',
  '  title: Pets',
  '  version: "1.0.0"',
  'paths:',
  '  /pets:',
  '    get:',
  '      summary: List pets',
  '      responses:',
  "        '200':",
  '          description: OK',
  '',
].join('\n');

/** About 13 MB of JSON: 1,200 operations, each with a long description and a large example. */
function largeDocument(): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < 600; i += 1) {
    const operation = (verb: string) => ({
      summary: `${verb} resource ${i}`,
      description: `${verb}s one resource. `.repeat(200),
      operationId: `resources-${i}-${verb.toLowerCase()}`,
      responses: {
        '200': {
          description: 'OK',
          content: {
            'application/json': {
              schema: { type: 'object', properties: { field: { type: 'string' } } },
              example: { field: 'x'.repeat(6000) },
            },
          },
        },
      },
    });
    paths[`/resources-${i}/{id}`] = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: operation('Get'),
      patch: operation('Update'),
    };
  }
  const doc = { openapi: '3.0.3', info: { title: 'Large', version: '1.0.0' }, paths };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** The workers the page starts, each with whether it has been stopped. */
function watchWorkers(page: Page): { url: string; worker: Worker; closed: boolean }[] {
  const seen: { url: string; worker: Worker; closed: boolean }[] = [];
  page.on('worker', (worker) => {
    const entry = { url: worker.url(), worker, closed: false };
    seen.push(entry);
    worker.on('close', () => {
      entry.closed = true;
    });
  });
  return seen;
}

/** The document worker (src/worker/index.ts), not Monaco's, monaco-yaml's or the job worker. */
const isDocumentWorker = (url: string) => /\/assets\/index-[^/]*\.js/.test(url);

describe('cancelling a Load (issue 29.3)', () => {
  let context: BrowserContext | undefined;
  let page: Page;
  let workers: ReturnType<typeof watchWorkers>;

  beforeAll(async () => {
    ({ context, page } = await generatorPage(browser, server, { endpoints: false }));
    workers = watchWorkers(page);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('keeps the open document and its worker: the form shows it, and an edit still generates', async () => {
    const text = largeDocument();
    expect(text.length).toBeGreaterThan(10_000_000);

    // The previous document: a small one, loaded.
    await pasteIntoEditor(page, SMALL, { at: 'all' });
    await loadYamlReplacing(page, () =>
      expect.poll(() => summaryField(page).inputValue(), { timeout: 30_000 }).toBe('List pets'),
    );
    const holding = workers.filter((w) => isDocumentWorker(w.url) && !w.closed);
    expect(holding).toHaveLength(1);
    const documentWorker = holding[0]!;

    // The large one pasted as JSON, its Load started and cancelled while it is being opened.
    await pasteIntoEditor(page, text, { at: 'all' });
    const dialog = page.getByTestId('json-paste-dialog');
    await dialog.waitFor({ timeout: 60_000 });
    await dialog.getByTestId('paste-open-json').click();
    await dialog.waitFor({ state: 'detached' });
    const before = workers.length;
    await page.getByRole('button', { name: 'Load YAML' }).click();
    const cancel = page.getByTestId('job-cancel');
    await cancel.waitFor({ timeout: 30_000 });
    // It opens in a document worker of its own.
    await expect
      .poll(() => workers.slice(before).filter((w) => isDocumentWorker(w.url)).length, {
        timeout: 60_000,
      })
      .toBe(1);
    const opening = workers.slice(before).find((w) => isDocumentWorker(w.url))!;
    const cancelled = Date.now();
    await cancel.click();
    await cancel.waitFor({ state: 'detached', timeout: 10_000 });
    const cancelMs = Date.now() - cancelled;

    // Only the opening worker stopped; the form shows the previous document, no error.
    await expect.poll(() => opening.closed, { timeout: 10_000 }).toBe(true);
    expect(documentWorker.closed).toBe(false);
    expect(await summaryField(page).inputValue()).toBe('List pets');
    await expect(page.locator('.gen-error').count()).resolves.toBe(0);
    expect(await page.getByTestId('endpoint-panel').count()).toBe(1);

    // An edit still generates, from the same worker's document (nothing opened again).
    const edited = Date.now();
    const summary = summaryField(page);
    await summary.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' and cats');
    const generate = page.getByRole('button', { name: 'Generate OpenAPI' });
    await expect.poll(() => generate.isEnabled(), { timeout: 15_000 }).toBe(true);
    await generate.click();
    await expect
      .poll(async () => (await editorText(page)).includes('summary: List pets and cats'), {
        timeout: 30_000,
      })
      .toBe(true);
    const generateMs = Date.now() - edited;
    const output = await editorText(page);
    expect(output).toContain('  /pets:');
    expect(output).not.toContain('resources-0');
    expect(documentWorker.closed).toBe(false);
    expect(workers.filter((w) => isDocumentWorker(w.url) && !w.closed)).toEqual([documentWorker]);
    console.log(
      `Cancel of a ${(text.length / 1e6).toFixed(1)} MB Load: the job line gone in ${cancelMs} ms; ` +
        `edit → generated output in ${generateMs} ms`,
    );
  }, 300_000);
});
