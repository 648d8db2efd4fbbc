/**
 * Issue 28.3, end to end: a whole OpenAPI document in JSON stays JSON when the user wants it.
 * Pasted, the dialog offers "Open as JSON" (focused) beside "Convert to YAML"; opened as JSON it
 * loads into the form, Generate writes it back byte-identical but for the one field edited, a
 * reload keeps it JSON, and Download .json / .yaml give each format. A .json file opened on the
 * projects page stays JSON too. Screenshots go to screenshots/ (git-ignored).
 */
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { changedLines, loadYamlReplacing, startAppAndBrowser, type StartedServer } from './harness';
import {
  api,
  editorText,
  openGenerator,
  pasteIntoEditor,
  screenshot,
  summaryField,
  waitForStatus,
  generatorPage,
} from './generator-helpers';

let server: StartedServer;
let browser: Browser;

startAppAndBrowser((app) => {
  ({ server, browser } = app);
});

/** A small OpenAPI document in JSON, written with 4-space indentation (not what YAML tools write). */
function jsonDocument(title: string): string {
  const ok = { '200': { description: 'OK' } };
  const doc = {
    openapi: '3.0.1',
    info: { title, version: '1.0.0', description: 'Kept as JSON, escapes and all: caf\u00e9' },
    paths: {
      '/pets': {
        get: { summary: 'List pets', operationId: 'listPets', responses: ok },
        post: { summary: 'Add a pet', operationId: 'addPet', responses: ok },
      },
      '/pets/{petId}': {
        get: {
          summary: 'Show a pet',
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: ok,
        },
      },
      '/owners': { get: { summary: 'List owners', responses: ok } },
    },
  };
  return `${JSON.stringify(doc, null, 4)}\n`;
}

/** Problems the output editor lists (monaco-yaml's diagnostics), after it has checked the text. */
/**
 * The errors listed under the editor. Spectral's style warnings (no contact, no tags) are the
 * lint's say about the document, not a complaint about JSON: they are not counted.
 */
async function diagnostics(page: Page): Promise<string[]> {
  await page.waitForTimeout(1500);
  return page.getByTestId('diagnostics').locator('li.gen-diagnostic-error').allTextContents();
}

async function download(page: Page, name: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name, exact: true }).click(),
  ]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

describe('a whole OpenAPI document in JSON (issue 28.3)', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await generatorPage(browser, server));
  });

  afterAll(async () => {
    await context.close();
  });

  it('pasted, is opened as JSON, edited in the form, generated with one line changed, kept as JSON across a reload', async () => {
    const json = jsonDocument('Pets as JSON');
    await pasteIntoEditor(page, json, { at: 'all' });
    const dialog = page.getByTestId('json-paste-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe('OpenAPI document in JSON');
    // Open as JSON is the default: focused first.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'paste-open-json',
    );
    const convert = dialog.getByRole('button', { name: 'Convert to YAML', exact: true });
    await expect.poll(() => convert.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByTestId('paste-yaml').inputValue()).toMatch(/^openapi: 3\.0\.1\n/);
    await screenshot(page, 'json-document-dialog');

    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await editorText(page)).toBe(json);

    // Load reads it: four operations in the form.
    const panels = page.getByTestId('endpoint-panel');
    await loadYamlReplacing(page, () =>
      expect.poll(() => panels.count(), { timeout: 20_000 }).toBe(4),
    );
    // JSON is YAML too: no error about the syntax or against the schema.
    expect(await diagnostics(page)).toEqual([]);

    // Generate with nothing changed writes the pasted text byte for byte.
    const generate = page.getByRole('button', { name: 'Generate OpenAPI' });
    await expect.poll(() => generate.isEnabled(), { timeout: 15_000 }).toBe(true);
    await generate.click();
    await expect.poll(() => generate.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await editorText(page)).toBe(json);

    // A one-field edit in the form, then Generate: the pasted text with that line changed only.
    const summary = summaryField(page);
    await summary.waitFor();
    expect(await summary.inputValue()).toBe('List pets');
    await summary.fill('List every pet');
    await expect.poll(() => generate.isEnabled(), { timeout: 15_000 }).toBe(true);
    await generate.click();
    const expected = json.replace('"summary": "List pets"', '"summary": "List every pet"');
    expect(expected).not.toBe(json);
    await expect.poll(() => editorText(page), { timeout: 15_000 }).toBe(expected);
    expect(changedLines(json, expected)).toEqual(['                "summary": "List every pet",']);
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+Home');
    await screenshot(page, 'json-document-editor');
    expect(await diagnostics(page)).toEqual([]);

    // Download .json gives the JSON as it is; .yaml the same document in YAML.
    const jsonFile = await download(page, 'Download .json');
    expect(jsonFile.name).toMatch(/\.json$/);
    expect(jsonFile.text).toBe(expected);
    const yamlFile = await download(page, 'Download .yaml');
    expect(yamlFile.name).toMatch(/\.yaml$/);
    expect(yamlFile.text.startsWith('openapi: 3.0.1\n')).toBe(true);
    expect(parse(yamlFile.text)).toEqual(JSON.parse(expected));

    // A reload restores it as JSON: the editor's text and the form's edit.
    await page.waitForTimeout(800);
    await page.reload();
    await panels.first().waitFor();
    await page.locator('.monaco-editor').waitFor();
    await expect.poll(() => editorText(page), { timeout: 20_000 }).toBe(expected);
    expect(await summaryField(page).inputValue()).toBe('List every pet');
    await screenshot(page, 'json-document-reloaded');

    // A JSON example pasted into the JSON document goes in as JSON: no YAML dialog.
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+Home');
    await pasteIntoEditor(page, '{"x": 1}', { at: 'caret' });
    await page.waitForTimeout(500);
    expect(await dialog.count()).toBe(0);
    expect(await editorText(page)).toBe(`{"x": 1}${expected}`);
  });

  it('a .json file opened on the projects page stays JSON; an edit saves JSON', async () => {
    const json = jsonDocument('Pets file');
    await page.goto(`${server.baseUrl}/projects`);
    await page.getByTestId('project-file').setInputFiles({
      name: 'pets-file.json',
      mimeType: 'application/json',
      buffer: Buffer.from(json, 'utf8'),
    });
    await page.waitForURL(/\/generator\?project=/);
    const id = new URL(page.url()).searchParams.get('project') ?? '';
    await openGenerator(page, server.baseUrl, { project: id, status: 'saved' });
    await expect.poll(() => editorText(page), { timeout: 20_000 }).toBe(json);
    const summary = summaryField(page);
    await summary.waitFor();
    await summary.fill('List the pets');
    await waitForStatus(page, 'saving', 10_000).catch(() => undefined);
    await waitForStatus(page, 'saved');
    const saved = await api<{ content: string }>(page, `/api/v1/customer/projects/${id}`);
    expect(saved.content).toBe(
      json.replace('"summary": "List pets"', '"summary": "List the pets"'),
    );
  });
});
