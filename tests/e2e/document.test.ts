/**
 * The whole document in the form (issue 11), end to end in Chromium: the document panel filled
 * by its labels ends up in the generated YAML; operation details; "Show in YAML" and the cursor
 * link; the Markdown preview is sanitised; the docs preview renders offline. Screenshots of each
 * new section in English and Russian go to screenshots/ (git-ignored).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  startAppAndBrowser,
  loadYamlReplacing,
  newContext,
  ROOT,
  SCREENSHOT_DIR,
  type StartedServer,
} from './harness';
import { editorText, replaceEditorText, screenshot, signInToGenerator } from './generator-helpers';

/** Parsed YAML, read loosely in assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const CORPUS = path.resolve(ROOT, '../shared/corpus/openapi');
const corpusMissing = !existsSync(CORPUS);
if (corpusMissing && process.env.CI === 'true') {
  throw new Error(`The corpus is missing at ${CORPUS} (required when CI=true)`);
}

let server: StartedServer;
let browser: Browser;

startAppAndBrowser((app) => {
  ({ server, browser } = app);
});

/** Brings a section into view and takes the window (an element inside a scrolled list screenshots badly). */
async function shotOf(page: Page, testId: string, name: string): Promise<void> {
  const target = page.getByTestId(testId).first();
  await target.evaluate((element) => {
    // Scroll only the panel's own scroller, so the window (toolbar, editor) stays in place.
    const scroller = element.closest('.doc-panel-body, .gen-list');
    if (scroller instanceof HTMLElement) {
      scroller.scrollTop +=
        element.getBoundingClientRect().top - scroller.getBoundingClientRect().top - 8;
    }
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(150);
  await screenshot(page, `document-${name}`);
}

describe('the whole document in the form (demo user)', () => {
  let context: BrowserContext;
  let page: Page;
  const cspViolations: string[] = [];
  const requests: string[] = [];

  beforeAll(async () => {
    context = await newContext(browser, {
      width: 1440,
      height: 1000,
      clipboardOrigin: server.baseUrl,
    });
    page = await context.newPage();
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    page.on('request', (request) => {
      if (
        !request.url().startsWith(server.baseUrl) &&
        !request.url().startsWith('data:') &&
        !request.url().startsWith('blob:')
      ) {
        requests.push(request.url());
      }
    });
    await signInToGenerator(page, server);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('fills Title, Version, Server URL and a tag by label, generates, and finds them in the YAML', async () => {
    await page.getByLabel('Title', { exact: true }).fill('Pet Store');
    await page.getByLabel('Version', { exact: true }).fill('2.1.0');
    await page.getByLabel('Server URL', { exact: true }).fill('https://api.petstore.test/v2');
    await page.getByLabel('Server description', { exact: true }).fill('Production');
    await page.getByLabel('Tag name', { exact: true }).fill('pets');
    await page.getByLabel('Tag description', { exact: true }).fill('Everything about pets');
    await page.getByLabel('Contact e-mail', { exact: true }).fill('api@petstore.test');

    const panel = page.getByTestId('endpoint-panel').first();
    await panel.getByLabel('Path', { exact: true }).fill('/pets');
    await panel.getByLabel('Operation ID', { exact: true }).fill('createPet');
    await panel.getByLabel('Tags', { exact: true }).fill('pets');
    await panel.getByLabel('Tags', { exact: true }).press('Enter');
    await panel.getByLabel('Deprecated', { exact: true }).check();
    const response = panel.getByTestId('response').first();
    await response.getByLabel('Body name', { exact: true }).fill('Pet');
    await response.getByRole('textbox', { name: /example JSON/ }).fill('{"id": 1}');
    await response.getByRole('button', { name: 'New response header' }).click();
    await response.getByLabel('Header name', { exact: true }).fill('X-Rate-Limit');

    const generate = page.getByRole('button', { name: 'Generate OpenAPI' });
    await expect.poll(() => generate.isEnabled()).toBe(true);
    await generate.click();
    await expect.poll(async () => editorText(page), { timeout: 15_000 }).toContain('Pet Store');
    const yaml = await editorText(page);
    expect(yaml).toContain('2.1.0');
    expect(yaml).toContain('https://api.petstore.test/v2');
    expect(yaml).toContain('pets');
    const doc = parse(yaml) as Json;
    expect(doc.info).toMatchObject({
      title: 'Pet Store',
      version: '2.1.0',
      contact: { email: 'api@petstore.test' },
    });
    expect(doc.servers).toEqual([
      { url: 'https://api.petstore.test/v2', description: 'Production' },
    ]);
    expect(doc.tags).toEqual([{ name: 'pets', description: 'Everything about pets' }]);
    expect(doc.paths['/pets'].post).toMatchObject({
      operationId: 'createPet',
      tags: ['pets'],
      deprecated: true,
    });

    await expect.poll(() => panel.getByTestId('deprecated-mark').isVisible()).toBe(true);
    await shotOf(page, 'endpoint-panel', 'operation-en');
  });

  it('Show in YAML highlights the operation; the cursor in an operation opens its panel', async () => {
    const panel = page.getByTestId('endpoint-panel').first();
    await panel.getByRole('button', { name: 'Show in YAML' }).click();
    await expect
      .poll(() => page.locator('.monaco-editor .doc-highlight-line').count())
      .toBeGreaterThan(0);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'document-show-in-yaml-en.png') });

    await panel.getByRole('button', { name: 'Collapse endpoint' }).click();
    await expect.poll(() => panel.getByLabel('Path', { exact: true }).count()).toBe(0);
    // Click on the line "operationId: createPet" in the editor.
    await page.locator('.monaco-editor .view-line', { hasText: 'operationId: createPet' }).click();
    await expect
      .poll(() => panel.getByLabel('Path', { exact: true }).count(), { timeout: 10_000 })
      .toBe(1);
  });

  it('renders the description Markdown sanitised', async () => {
    const description = page.getByTestId('doc-info').getByLabel('Description', { exact: true });
    await description.fill(
      '# Pets\n\nSome **bold** text <img src=x onerror="window.__xss=1"><script>window.__xss=2</script>',
    );
    await page.getByTestId('doc-info').getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Description: preview' });
    await expect.poll(() => preview.locator('h1').textContent()).toBe('Pets');
    expect(await preview.locator('strong').textContent()).toBe('bold');
    expect(await preview.locator('img, script, [onerror]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await shotOf(page, 'doc-info', 'general-en');
    await page.getByTestId('doc-info').getByRole('button', { name: 'Edit' }).click();
  });

  it('edits security schemes and shared schemas; screenshots of the sections', async () => {
    await page.getByRole('button', { name: 'Add security scheme' }).click();
    await page.getByTestId('doc-security').getByRole('checkbox', { name: 'bearerAuth' }).check();
    await page.getByRole('button', { name: 'Add security scheme' }).click();
    const second = page.getByTestId('security-scheme').nth(1);
    await second.getByLabel('Kind', { exact: true }).selectOption('oauth2');
    await second.getByRole('button', { name: 'Add scope' }).click();
    await second.getByLabel('Scope description', { exact: true }).fill('Read pets');
    await page.getByLabel('Server URL', { exact: true }).fill('https://{env}.petstore.test');
    await page.getByRole('button', { name: 'Add variable' }).click();
    await page.getByLabel('Variable name', { exact: true }).fill('env');
    await page.getByLabel('Default', { exact: true }).fill('api');
    await page.getByLabel('Enum (comma-separated)', { exact: true }).fill('api, sandbox');
    await shotOf(page, 'doc-servers', 'servers-en');
    await shotOf(page, 'doc-security', 'security-en');
    await shotOf(page, 'doc-tags', 'tags-en');

    await page.getByRole('button', { name: 'Schemas' }).click();
    await expect.poll(() => page.getByTestId('schema-row').count()).toBe(0);
    await page.getByRole('button', { name: 'Add schema' }).click();
    await page.getByRole('button', { name: 'Add property' }).click();
    await page.getByLabel('Property name', { exact: true }).fill('id');
    await page
      .getByTestId('schema-property')
      .getByLabel('Type', { exact: true })
      .selectOption('integer');
    await page.getByTestId('schema-property').getByRole('checkbox', { name: 'Required' }).check();
    const name = page.getByLabel('Schema name', { exact: true });
    await name.fill('PetId');
    await name.press('Enter');
    await expect
      .poll(() => page.getByTestId('schema-row').first().textContent())
      .toContain('PetId');
    // A response points at it.
    const response = page.getByTestId('endpoint-panel').first().getByTestId('response').first();
    await response.getByLabel('Use shared schema', { exact: true }).selectOption('PetId');
    await expect.poll(() => page.getByTestId('schema-uses').first().textContent()).toBe('1 use');
    await shotOf(page, 'doc-schemas', 'schemas-en');
    await page.getByTestId('schema-editor').getByRole('tab', { name: 'YAML', exact: true }).click();
    const yamlBox = page.getByLabel('Schema as YAML', { exact: true });
    await yamlBox.fill('type: [');
    await expect.poll(() => page.getByTestId('schema-editor').getByRole('alert').count()).toBe(1);
    await yamlBox.fill('type: object\nproperties:\n  id:\n    type: integer\n');
    await expect.poll(() => page.getByTestId('schema-editor').getByRole('alert').count()).toBe(0);

    const generate = page.getByRole('button', { name: 'Generate OpenAPI' });
    await expect.poll(() => generate.isEnabled()).toBe(true);
    await generate.click();
    await expect
      .poll(async () => editorText(page), { timeout: 15_000 })
      .toContain('securitySchemes');
    const doc = parse(await editorText(page)) as Json;
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.PetId).toEqual({
      type: 'object',
      properties: { id: { type: 'integer' } },
    });
    expect(doc.paths['/pets'].post.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/PetId',
    });
  });

  it('renders the docs preview from a local chunk, with no request to another host', async () => {
    await page.getByRole('tab', { name: 'Preview' }).click();
    // Rendered in a sandboxed frame (issue 21.2; tests/e2e/preview.test.ts).
    const preview = page.frameLocator('[data-testid=docs-preview-frame]').locator('body');
    await expect.poll(() => preview.textContent(), { timeout: 30_000 }).toContain('Pet Store');
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'document-preview-en.png') });
    await page.getByRole('tab', { name: 'YAML' }).first().click();
    expect(requests).toEqual([]);
    // The description typed earlier holds `<img onerror>`: the preview shows it as text (and the
    // frame could not reach this page anyway). Nothing may be blocked (Scalar fetching from its
    // hosts would show up here).
    expect(cspViolations.filter((v) => !/inline event handler/.test(v))).toEqual([]);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  });
});

describe('in Russian', () => {
  it('shows the document panel and operation details translated', async () => {
    const context = await newContext(browser, { width: 1440, height: 1000, locale: 'ru' });
    const page = await context.newPage();
    try {
      await signInToGenerator(page, server);
      await page.getByLabel('Название', { exact: true }).waitFor();
      await page.getByLabel('URL сервера', { exact: true }).fill('https://api.example.com');
      await page.getByLabel('Имя тега', { exact: true }).fill('pets');
      await page.getByRole('button', { name: 'Добавить схему безопасности' }).click();
      await shotOf(page, 'doc-info', 'general-ru');
      await shotOf(page, 'doc-servers', 'servers-ru');
      await shotOf(page, 'doc-security', 'security-ru');
      await shotOf(page, 'doc-tags', 'tags-ru');
      await page.getByRole('button', { name: 'Схемы', exact: true }).click();
      await page.getByRole('button', { name: 'Добавить схему', exact: true }).click();
      await shotOf(page, 'doc-schemas', 'schemas-ru');
      await shotOf(page, 'endpoint-panel', 'operation-ru');
      expect(await page.getByText('ID операции').count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});

describe('a real document in the document panel', () => {
  /** A signed-in page with the redoc demo loaded into the form. */
  const loadRedocDemo = async () => {
    const context = await newContext(browser, {
      width: 1440,
      height: 1000,
      clipboardOrigin: server.baseUrl,
    });
    const page = await context.newPage();
    await signInToGenerator(page, server);
    const source = await readFile(path.join(CORPUS, 'redoc-demo__openapi.yaml'), 'utf8');
    await replaceEditorText(page, source);
    await loadYamlReplacing(page, () => page.getByLabel('Title', { exact: true }).waitFor());
    return { context, page, source };
  };

  it.skipIf(corpusMissing)(
    'loads a real document: title, servers, security and tags show in the form and survive an edit',
    async () => {
      const { context, page, source } = await loadRedocDemo();
      const original = parse(source) as Json;
      const title = page.getByLabel('Title', { exact: true });
      await expect.poll(() => title.inputValue(), { timeout: 15_000 }).toBe(original.info.title);
      expect(await page.getByLabel('Version', { exact: true }).inputValue()).toBe(
        original.info.version,
      );
      const values = async (label: string) => {
        const fields = page.getByLabel(label, { exact: true });
        const out: string[] = [];
        for (let i = 0; i < (await fields.count()); i++) out.push(await fields.nth(i).inputValue());
        return out;
      };
      expect(await values('Server URL')).toEqual(
        (original.servers as Json[]).map((server) => server.url),
      );
      expect(await values('Tag name')).toEqual((original.tags as Json[]).map((tag) => tag.name));
      expect(await values('Scheme name')).toEqual(
        Object.keys(original.components.securitySchemes as Json),
      );

      // One edit in the document panel, then Generate: only the title's line changes.
      await title.fill('Swagger Petstore (edited)');
      const generate = page.getByRole('button', { name: 'Generate OpenAPI' });
      await expect.poll(() => generate.isEnabled(), { timeout: 15_000 }).toBe(true);
      await generate.click();
      await expect
        .poll(async () => editorText(page), { timeout: 30_000 })
        .toContain('Swagger Petstore (edited)');
      const out = await editorText(page);
      const before = source.split('\n');
      const after = out.split('\n');
      expect(after.length).toBe(before.length);
      const changed = after.filter((line, i) => line !== before[i]);
      expect(changed).toEqual(['  title: Swagger Petstore (edited)']);
      const doc = parse(out) as Json;
      expect(doc.servers).toEqual(original.servers);
      expect(doc.security).toEqual(original.security);
      expect(doc.tags).toEqual(original.tags);
      expect(doc.components.securitySchemes).toEqual(original.components.securitySchemes);
      expect({ ...doc, info: { ...doc.info, title: original.info.title } }).toEqual(original);
      await context.close();
    },
    90_000,
  );

  it.skipIf(corpusMissing)(
    'renames a shared schema of a real document: every $ref follows, nothing else changes',
    async () => {
      const { context, page, source } = await loadRedocDemo();
      try {
        await page.getByRole('button', { name: 'Schemas', exact: true }).click();
        await page
          .getByTestId('schema-row')
          .getByRole('button', { name: 'Pet', exact: true })
          .click();
        const name = page.getByLabel('Schema name', { exact: true });
        await name.fill('Animal');
        await name.press('Enter');
        await page
          .getByTestId('schema-row')
          .getByRole('button', { name: 'Animal', exact: true })
          .waitFor({ timeout: 15_000 });
        const generate = page.getByRole('button', { name: 'Generate OpenAPI' });
        await expect.poll(() => generate.isEnabled(), { timeout: 15_000 }).toBe(true);
        await generate.click();
        await expect
          .poll(async () => editorText(page), { timeout: 30_000 })
          .toContain("$ref: '#/components/schemas/Animal'");
        const out = await editorText(page);
        // Every reference to the schema follows (request bodies named after it too), and the
        // text is the old one with the name changed where it was written.
        expect(out).not.toContain("schemas/Pet'");
        const expected = source
          .replaceAll("'#/components/schemas/Pet'", "'#/components/schemas/Animal'")
          .replace(/^ {4}Pet:$/m, '    Animal:');
        expect(out).toBe(expected);
      } finally {
        await context.close();
      }
    },
    90_000,
  );
});
