/**
 * Every OpenAPI version in Chromium (issue 19): 3.1 documents (JSON and YAML) load, say their
 * version and keep one-line edits; a Swagger 2.0 document is converted after its changes are
 * shown; a 3.0 document is upgraded to 3.1 and the upgrade undone; a 3.2 document offers QUERY;
 * the output editor's diagnostics follow the version. Screenshots of the Swagger and Upgrade
 * dialogs go to screenshots/ (git-ignored).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProjectRevision, ProjectRevisionSummary } from '../../src/shared/projects';
import {
  startAppAndBrowser,
  changedLines,
  loadYamlReplacing,
  newContext,
  ROOT,
  SCREENSHOT_DIR,
  type StartedServer,
} from './harness';
import {
  api as apiOf,
  editorText as editorTextOf,
  focusEditor,
  pasteIntoEditor,
  signInToGenerator,
} from './generator-helpers';

const VERSIONS = path.resolve(ROOT, '../shared/corpus/openapi-versions');
const CORPUS = path.resolve(ROOT, '../shared/corpus/openapi');
const corpusMissing = !existsSync(VERSIONS) || !existsSync(CORPUS);
if (corpusMissing) {
  if (process.env.CI === 'true') throw new Error(`The corpus is missing at ${VERSIONS}`);
  console.warn(`versions e2e: the corpus is missing at ${VERSIONS}; its tests are skipped`);
}
const FIXTURES = path.join(ROOT, 'tests/fixtures/openapi-3.2');

let server: StartedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

startAppAndBrowser(
  async (app) => {
    ({ server, browser } = app);
    context = await newContext(browser, {
      width: 1440,
      height: 1000,
      clipboardOrigin: server.baseUrl,
    });
    page = await context.newPage();
    await signInToGenerator(page, server);
  },
  { timeout: 120_000 },
);

afterAll(async () => {
  await context?.close();
});

const editorText = () => editorTextOf(page);

/**
 * Replaces the editor's text. JSON goes in two pastes (neither looks like a whole JSON value), so
 * the JSON-to-YAML offer does not open and the text stays JSON, as a user's opened file would.
 */
async function setEditorText(text: string): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  if (text.trimStart().startsWith('{')) {
    const cut = text.indexOf('"', Math.floor(text.length / 2));
    await pasteIntoEditor(page, text.slice(0, cut), { at: 'caret' });
    await pasteIntoEditor(page, text.slice(cut), { at: 'caret' });
  } else {
    await pasteIntoEditor(page, text, { at: 'caret' });
  }
  await expect.poll(() => editorText(), { timeout: 15_000 }).toBe(text);
}

async function loadText(text: string, endpoints: () => Promise<boolean>): Promise<void> {
  await setEditorText(text);
  await loadYamlReplacing(page, () => expect.poll(endpoints, { timeout: 30_000 }).toBe(true));
}

function panel(index: number): Locator {
  return page.getByTestId('endpoint-panel').nth(index);
}

async function expand(p: Locator): Promise<void> {
  const toggle = p.getByRole('button', { name: 'Expand endpoint' });
  if ((await toggle.count()) > 0) await toggle.click();
}

async function expandDocument(): Promise<void> {
  const toggle = page
    .getByTestId('document-panel')
    .getByRole('button', { name: 'Expand document' });
  if ((await toggle.count()) > 0) await toggle.click();
}

async function generate(): Promise<void> {
  const button = page.getByRole('button', { name: 'Generate OpenAPI' });
  await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
  await button.click();
}

async function noError(): Promise<void> {
  expect(await page.locator('.gen-error[role=alert]').count()).toBe(0);
}

/** The first endpoint's summary changed in the form changes exactly that one line of `text`. */
async function oneLineEdit(text: string, summary: string): Promise<void> {
  await generate();
  await expect.poll(() => editorText(), { timeout: 30_000 }).toBe(text);
  const first = panel(0);
  await expand(first);
  const field = first.getByLabel('Summary', { exact: true });
  const before = await field.inputValue();
  await field.fill(summary);
  await generate();
  await expect
    .poll(async () => changedLines(text, await editorText()), { timeout: 30_000 })
    .toEqual([expect.stringContaining(summary)]);
  const line = changedLines(text, await editorText())[0]!;
  expect(before.length).toBeGreaterThan(0);
  // The very line that held the old summary, nothing around it.
  expect(text.split('\n')).toContain(line.replace(summary, before));
}

/**
 * Opens the Preview tab on the editor's text and waits for the sandboxed frame to render it
 * (or say why it could not); the YAML tab is shown again by {@link closePreview}.
 */
async function openPreview(): Promise<FrameLocator> {
  await page.getByRole('tab', { name: 'Preview' }).click();
  const box = page.getByTestId('docs-preview').locator('[data-state]');
  await expect
    .poll(() => box.getAttribute('data-state'), { timeout: 60_000 })
    .toMatch(/rendered|error/);
  const state = await box.getAttribute('data-state');
  if (state !== 'rendered') {
    throw new Error(`The preview did not render: ${await box.textContent()}`);
  }
  return page.frameLocator('[data-testid=docs-preview-frame]');
}

async function closePreview(): Promise<void> {
  await page.getByRole('tab', { name: 'YAML' }).first().click();
  await page.locator('.monaco-editor .view-lines').waitFor();
}

/**
 * The errors the lint reports for the output editor's text (the diagnostics list). Spectral's
 * style warnings (no servers, no contact) are advice, not a wrong version's schema errors.
 */
async function diagnostics(): Promise<string[]> {
  return page.getByTestId('diagnostics').locator('li.gen-diagnostic-error').allTextContents();
}

describe('every OpenAPI version in the generator (issue 19)', () => {
  it.skipIf(corpusMissing)(
    'loads a 3.1 JSON document: its version shown, byte for byte back, one summary edit is one line',
    async () => {
      const text = await readFile(path.join(VERSIONS, 'oas-examples__3.1-security.json'), 'utf8');
      // Loaded when the panel says the version (the form's starting endpoint is there before).
      await loadText(
        text,
        async () =>
          (await page.getByTestId('document-openapi-version').textContent()) === 'OpenAPI 3.1.0',
      );
      await noError();
      await oneLineEdit(text, 'Edited from the form');
    },
  );

  it.skipIf(corpusMissing)('loads a 3.1 YAML document the same way', async () => {
    const text = await readFile(
      path.join(VERSIONS, 'oas-examples__3.1-schema-validation-local.yaml'),
      'utf8',
    );
    await loadText(
      text,
      async () =>
        (await page.getByTestId('document-openapi-version').textContent())?.includes('3.1.0') ===
        true,
    );
    await noError();
    await oneLineEdit(text, 'Edited YAML from the form');

    // Downloads keep the version as written (issue 19.7).
    const output = await editorText();
    const download = async (name: string) => {
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name, exact: true }).click(),
      ]);
      return readFile(await file.path(), 'utf8');
    };
    expect(await download('Download .yaml')).toBe(output);
    const json = JSON.parse(await download('Download .json')) as { openapi: unknown };
    expect(json.openapi).toBe('3.1.0');
  });

  it.skipIf(corpusMissing)(
    'generates a 3.1 document whose operations have no responses (optional since 3.1)',
    async () => {
      const text = await readFile(
        path.join(VERSIONS, 'oas-examples__3.1-readme-extensions.yaml'),
        'utf8',
      );
      await loadText(
        text,
        async () => (await panel(0).textContent())?.includes('/x-code-samples') === true,
      );
      await noError();
      expect(await page.getByTestId('problems-errors').count()).toBe(0);
      await oneLineEdit(text, 'Edited without responses');
    },
  );

  it('checks the output against its own version: 3.1 text is clean, the same text as 3.0 is not', async () => {
    const text = [
      'openapi: 3.1.0',
      'info:',
      '  title: Nullable',
      '  version: 1.0.0',
      'paths: {}',
      'webhooks:',
      '  ping:',
      '    post:',
      '      responses:',
      "        '200':",
      '          description: OK',
      'components:',
      '  schemas:',
      '    Name:',
      "      type: [string, 'null']",
      '',
    ].join('\n');
    await setEditorText(text);
    // Linted as the editor's own text (Spectral knows the version from the text).
    await page.waitForTimeout(2_500);
    await expect.poll(() => diagnostics(), { timeout: 15_000 }).toEqual([]);
    await setEditorText(text.replace('openapi: 3.1.0', 'openapi: 3.0.3'));
    // Checked as 3.0: webhooks are no 3.0 field, and a type is one string.
    await expect
      .poll(async () => (await diagnostics()).join('\n'), { timeout: 20_000 })
      .toMatch(/webhooks|type/);
    await setEditorText(text);
    await expect.poll(() => diagnostics(), { timeout: 20_000 }).toEqual([]);
  });

  it.skipIf(corpusMissing)(
    'offers to convert Swagger 2.0, listing its changes; Convert loads it and keeps the original downloadable',
    async () => {
      const text = await readFile(path.join(VERSIONS, 'oas-examples__2.0-petstore.yaml'), 'utf8');
      await setEditorText(text);
      // Checked against Swagger 2.0's own schema (issue 19.4): no flood of OpenAPI 3.x errors
      // (missing `openapi`, `swagger` and `definitions` not allowed) for a valid Swagger text.
      await page.waitForTimeout(2_500);
      await expect.poll(() => diagnostics(), { timeout: 15_000 }).toEqual([]);
      const dialog = page.getByTestId('swagger-convert-dialog');
      await loadYamlReplacing(page, () => dialog.waitFor({ timeout: 30_000 }));
      expect(await dialog.textContent()).toContain('Swagger 2.0');
      const changed = dialog.getByTestId('swagger-changed');
      await changed.locator('summary').click();
      expect(await changed.locator('li').count()).toBeGreaterThan(0);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'versions-swagger-dialog.png') });

      await dialog.getByRole('button', { name: 'Convert to OpenAPI 3.0' }).click();
      const replaceAfter = page
        .getByTestId('confirm-dialog')
        .getByRole('button', { name: 'Replace', exact: true });
      await replaceAfter.click({ timeout: 3_000 }).catch(() => undefined);
      await page.getByTestId('converted-from-swagger').waitFor({ timeout: 30_000 });
      await expect
        .poll(async () => page.getByTestId('document-openapi-version').textContent(), {
          timeout: 30_000,
        })
        .toMatch(/^OpenAPI 3\.0\.\d+$/);
      expect(await page.getByTestId('endpoint-panel').count()).toBeGreaterThan(3);
      expect(await page.getByTestId('converted-from-swagger').textContent()).toContain(
        'Download the original',
      );
      await noError();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'versions-swagger-converted.png') });
    },
  );

  it.skipIf(corpusMissing)(
    'upgrades a 3.0 document to 3.1 after listing its changes; Undo gives the original back',
    async () => {
      const text = await readFile(path.join(CORPUS, 'swagger-petstore__openapi.yaml'), 'utf8');
      await loadText(
        text,
        async () =>
          /^OpenAPI 3\.0\.\d+$/.test(
            (await page.getByTestId('document-openapi-version').textContent()) ?? '',
          ) && (await page.getByTestId('converted-from-swagger').count()) === 0,
      );
      await noError();
      await expandDocument();
      await page
        .getByTestId('doc-upgrade')
        .getByRole('button', { name: 'Upgrade to OpenAPI 3.1…' })
        .click();
      const dialog = page.getByTestId('upgrade-dialog');
      await dialog.waitFor({ timeout: 30_000 });
      const groups = dialog.locator('details');
      expect(await groups.count()).toBeGreaterThan(0);
      await groups.first().locator('summary').click();
      expect(await dialog.locator('li').count()).toBeGreaterThan(0);
      expect(await dialog.textContent()).toContain('3.1.1');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'versions-upgrade-dialog.png') });

      await dialog.getByRole('button', { name: 'Upgrade', exact: true }).click();
      await page.getByTestId('upgraded-notice').waitFor({ timeout: 30_000 });
      await expect
        .poll(async () => (await editorText()).split('\n')[0], { timeout: 30_000 })
        .toMatch(/^openapi: ["']?3\.1\.1["']?$/);
      expect(await page.getByTestId('document-openapi-version').textContent()).toBe(
        'OpenAPI 3.1.1',
      );
      await noError();

      await page
        .getByTestId('upgraded-notice')
        .getByRole('button', { name: 'Undo upgrade' })
        .click();
      await expect.poll(() => editorText(), { timeout: 30_000 }).toBe(text);
      await expect
        .poll(() => page.getByTestId('document-openapi-version').textContent())
        .toBe(`OpenAPI ${/^openapi: (\S+)/m.exec(text)![1]}`);
    },
  );

  it.skipIf(corpusMissing)('renders a 3.1 document in the docs preview (issue 19.7)', async () => {
    const v31 = await readFile(
      path.join(VERSIONS, 'oas-examples__3.1-parameters-style.yaml'),
      'utf8',
    );
    await setEditorText(v31);
    const frame = await openPreview();
    await expect
      .poll(() => frame.locator('body').textContent(), { timeout: 30_000 })
      .toContain('Support for parameter serialization');
    expect(await page.getByTestId('preview-unshown').count()).toBe(0);
    await closePreview();
  });

  it('renders a 3.2 document in the docs preview (issue 19.7)', async () => {
    const v32 = await readFile(path.join(FIXTURES, 'preview.yaml'), 'utf8');
    await setEditorText(v32);
    const frame = await openPreview();
    await expect
      .poll(() => frame.locator('body').textContent(), { timeout: 30_000 })
      .toContain('Library of everything in 3.2');
    const body = (await frame.locator('body').textContent()) ?? '';
    expect(body).toContain('List the books');
    // Scalar does not read 3.2's query and additional operations yet: the preview names them.
    expect(
      await page.getByTestId('preview-unshown').locator('.doc-preview-unshown-list').textContent(),
    ).toBe('QUERY /books, COPY /books');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'versions-preview-3.2.png') });
    await closePreview();
    // The preview renders a copy: the editor still holds the document as written.
    expect(await editorText()).toBe(v32);
  });

  it('lists 3.2 additional operations read-only and keeps them byte for byte (issue 19.2)', async () => {
    const text = await readFile(path.join(FIXTURES, 'additional-operations.yaml'), 'utf8');
    await loadText(
      text,
      async () =>
        (await page.getByTestId('document-openapi-version').textContent()) === 'OpenAPI 3.2.0',
    );
    await noError();
    const kept = page.locator('[data-testid=nav-endpoint][data-kept=true]');
    await expect.poll(() => kept.count(), { timeout: 15_000 }).toBe(2);
    expect(await kept.locator('.gen-nav-method').allTextContents()).toEqual(['LOCK', 'COPY']);
    // Marked "kept as written" (its words come with the round's catalogs; the unit test reads them).
    expect(await kept.first().getByTestId('nav-kept-label').count()).toBe(1);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, 'versions-additional-operations.png'),
    });
    // Opening one shows its lines in the YAML (it has no panel).
    await kept.nth(1).click();
    await expect
      .poll(() => page.locator('.monaco-editor .doc-highlight-line').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await noError();
    // Generated byte for byte; the GET's summary edited from the form is one line.
    await oneLineEdit(text, 'Read it from the form');
    expect(await editorText()).toContain('    additionalOperations:\n      LOCK:\n');
    // Still listed after a reload (read from the kept document).
    await page.reload();
    await page.locator('.monaco-editor').waitFor();
    await expect.poll(() => kept.count(), { timeout: 30_000 }).toBe(2);
  });

  it('loads a 3.2 document whose method selector offers QUERY', async () => {
    const text = await readFile(path.join(FIXTURES, 'query-method.yaml'), 'utf8');
    // The previous test's document is 3.2 too: the version alone does not say this one is in.
    await loadText(
      text,
      async () =>
        (await page.getByTestId('document-openapi-version').textContent()) === 'OpenAPI 3.2.0' &&
        (await page.getByTestId('endpoint-panel').count()) === 2 &&
        (await panel(0).textContent())?.includes('/search') === true,
    );
    await noError();
    const first = panel(0);
    await expand(first);
    const method = first.getByLabel('Method', { exact: true });
    const options = await method.locator('option').allTextContents();
    expect(options).toContain('QUERY');
    expect(await method.inputValue()).toMatch(/QUERY|GET/);
    const methods = await page
      .getByTestId('endpoint-panel')
      .getByLabel('Method', { exact: true })
      .evaluateAll((selects) => selects.map((s) => (s as HTMLSelectElement).value));
    expect(methods).toContain('QUERY');
  });
});

/** A GET of the projects API with the page's session (a POST with `body`). */
const api = <T>(url: string, body?: unknown) => apiOf<T>(page, url, body);

/** The project's versions, oldest first (one request). */
async function versionsOf(id: string): Promise<ProjectRevisionSummary[]> {
  const list = await api<ProjectRevisionSummary[]>(`/api/v1/customer/projects/${id}/revisions`);
  return [...list].reverse();
}

/** Polling the history: once a second (the API is rate-limited). */
const POLL = { timeout: 30_000, interval: 1_000 };

/** The reason of the project's newest version. */
async function newestReason(id: string): Promise<string | undefined> {
  return (await versionsOf(id)).at(-1)?.reason;
}

/** The content of the project's `back`-th newest version (1: the newest). */
async function contentOf(id: string, back: number): Promise<string> {
  const version = (await versionsOf(id)).at(-back)!;
  const full = await api<ProjectRevision>(
    `/api/v1/customer/projects/${id}/revisions/${version.revision}`,
  );
  return full.content;
}

describe('versions in a project (issue 19.5, 19.6)', () => {
  it.skipIf(corpusMissing)(
    'keeps the Swagger 2.0 text as the version before its conversion, and starts a version on upgrade',
    async () => {
      const start = 'openapi: 3.0.1\ninfo:\n  title: Before\n  version: v1\npaths: {}\n';
      const { id } = await api<{ id: string }>('/api/v1/customer/projects', {
        name: 'Swagger brought forward',
        content: start,
      });
      await page.goto(`${server.baseUrl}/generator?project=${id}`);
      await page.locator('.monaco-editor').waitFor();
      const saved = page.getByTestId('project-status').locator('[data-status="saved"]');
      await saved.waitFor({ timeout: 30_000 });

      // A Load is saved as a version of its own at once (a lossless document renders to the
      // same text, so no later change would save it).
      const loaded = start.replace('Before', 'Loaded').replace('paths: {}', 'paths:\n  /a: {}');
      await setEditorText(loaded);
      // The pasted text is autosaved first (a user reads it before pressing Load).
      await page.waitForTimeout(2_500);
      await saved.waitFor({ timeout: 30_000 });
      await loadYamlReplacing(page, () =>
        expect
          .poll(() => page.locator('.doc-panel-name').textContent(), { timeout: 30_000 })
          .toBe('Loaded'),
      );
      await expect.poll(() => newestReason(id), POLL).toBe('load');
      expect(await contentOf(id, 1)).toBe(loaded);

      const swagger = await readFile(
        path.join(VERSIONS, 'oas-examples__2.0-petstore.yaml'),
        'utf8',
      );
      await setEditorText(swagger);
      const load = page.getByRole('button', { name: 'Load YAML' });
      await expect.poll(() => load.isEnabled(), { timeout: 30_000 }).toBe(true);
      await load.click();
      const dialog = page.getByTestId('swagger-convert-dialog');
      await dialog.waitFor({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Convert to OpenAPI 3.0' }).click();
      await page
        .getByTestId('confirm-dialog')
        .getByRole('button', { name: 'Replace', exact: true })
        .click({ timeout: 3_000 })
        .catch(() => undefined);
      await page.getByTestId('converted-from-swagger').waitFor({ timeout: 30_000 });

      // The history: …, the Swagger text as it was loaded, then the converted document.
      await expect.poll(() => newestReason(id), POLL).toBe('convert');
      const converted = await contentOf(id, 1);
      expect(converted).toMatch(/^openapi: 3\.0\.\d+$/m);
      expect(converted).not.toContain('swagger:');
      expect(await contentOf(id, 2)).toBe(swagger);
      expect((await versionsOf(id)).at(-2)!.reason).toBe('load');
      expect(await contentOf(id, 3)).toBe(loaded);
      expect(await contentOf(id, (await versionsOf(id)).length)).toBe(start);

      // Upgrade to 3.1: a version of its own, after the converted one.
      await expandDocument();
      await page
        .getByTestId('doc-upgrade')
        .getByRole('button', { name: 'Upgrade to OpenAPI 3.1…' })
        .click();
      const upgrade = page.getByTestId('upgrade-dialog');
      await upgrade.waitFor({ timeout: 30_000 });
      await upgrade.getByRole('button', { name: 'Upgrade', exact: true }).click();
      await page.getByTestId('upgraded-notice').waitFor({ timeout: 30_000 });
      await expect.poll(() => newestReason(id), POLL).toBe('upgrade');
      expect(await contentOf(id, 1)).toMatch(/^openapi: ["']?3\.1\.1["']?$/m);
      expect(await contentOf(id, 2)).toBe(converted);
      await saved.waitFor({ timeout: 30_000 });
    },
  );
});
