/**
 * Workspaces end to end (issue 18.3): the browser's own workspace and each project keep their
 * own work. Editing outside a project never changes a project's record and the reverse; the
 * output editor's text survives navigation and reload; a second tab on the same workspace is
 * told and offered a choice, never silently overwritten.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Project } from '../../src/shared/projects';
import { startAppAndBrowser, loadYamlReplacing, newContext, type StartedServer } from './harness';
import {
  api,
  editorText,
  openGenerator,
  readWorkspaceRecord,
  replaceEditorText,
  signIn,
  summaryField,
  typeInEditor,
  waitForStatus,
} from './generator-helpers';

let server: StartedServer;
let browser: Browser;

startAppAndBrowser((app) => {
  ({ server, browser } = app);
});

const documentOf = (title: string, path: string) =>
  [
    'openapi: 3.0.1',
    'info:',
    `  title: ${title}`,
    '  version: 1.0.0',
    'paths:',
    `  ${path}:`,
    '    get:',
    `      summary: ${title} summary`,
    '      responses:',
    "        '200':",
    '          description: OK',
    '',
  ].join('\n');

/** A context on the server whose pages may copy and paste (the output editor helpers do). */
const workspaceContext = () =>
  newContext(browser, { baseURL: server.baseUrl, clipboardOrigin: server.baseUrl });

async function loadDocument(page: Page, text: string, summary: string): Promise<void> {
  await replaceEditorText(page, text);
  await loadYamlReplacing(page, () =>
    expect.poll(() => summaryField(page).inputValue(), { timeout: 20_000 }).toBe(summary),
  );
}

async function openWorkspace(page: Page): Promise<void> {
  await openGenerator(page, server.baseUrl);
  await page.getByTestId('save-as-project').waitFor();
}

/**
 * Runs `steps` on a page signed in on the browser workspace, in a context of its own (closed
 * afterwards; given too, for steps that open more pages).
 */
async function inOwnWorkspace(
  steps: (page: Page, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const own = await workspaceContext();
  try {
    const page = await own.newPage();
    await signIn(page, server);
    await openWorkspace(page);
    await steps(page, own);
  } finally {
    await own.close();
  }
}

describe('workspaces', () => {
  let context: BrowserContext;

  afterAll(async () => {
    await context?.close();
  });

  it('keeps the browser workspace and a project apart (reopening never writes the other into it)', async () => {
    context = await workspaceContext();
    const page = await context.newPage();
    await signIn(page, server);
    await openWorkspace(page);

    // Document A, saved as a project.
    await loadDocument(page, documentOf('Alpha', '/alpha'), 'Alpha summary');
    await page.getByTestId('save-as-project').click();
    // Save as a project asks for the name, offering the document's title (issue 21.9).
    await expect.poll(() => page.getByTestId('name-project-input').inputValue()).toBe('Alpha');
    await page.getByTestId('name-project-save').click();
    await page.waitForURL(/\/generator\?project=/);
    const id = new URL(page.url()).searchParams.get('project')!;
    await waitForStatus(page, 'saved');
    const before = await api<Project>(page, `/api/v1/customer/projects/${id}`);
    expect(before.content).toContain('title: Alpha');

    // Back in the browser's own workspace (the project bar's Local draft link; the top bar's
    // Generator link reopens the project last opened, issue 31.18): document B, edited.
    await page.getByTestId('open-local-draft').click();
    await page.getByTestId('save-as-project').waitFor();
    await loadDocument(page, documentOf('Beta', '/beta'), 'Beta summary');
    await summaryField(page).fill('Beta edited');
    await page.waitForTimeout(1000); // the form is kept 400 ms after the last change

    // The project, opened from the Projects page, is A and stays A.
    await page.locator('a[href="/projects"]').first().click();
    await page.getByTestId('projects-page').waitFor();
    await page.getByTestId('project-row').first().getByRole('link').first().click();
    await page.waitForURL(/\/generator\?project=/);
    await waitForStatus(page, 'saved');
    await expect
      .poll(() => summaryField(page).inputValue(), { timeout: 20_000 })
      .toBe('Alpha summary');
    await page.waitForTimeout(3000); // an autosave would have happened by now
    const after = await api<Project>(page, `/api/v1/customer/projects/${id}`);
    expect(after.revision).toBe(before.revision);
    expect(after.content).toBe(before.content);

    // The reverse: an edit in the project never reaches the browser's own workspace.
    await summaryField(page).fill('Alpha edited');
    // The form change is rendered into the document and saved (0.7 s, then the save).
    await expect
      .poll(async () => (await api<Project>(page, `/api/v1/customer/projects/${id}`)).content, {
        timeout: 20_000,
      })
      .toContain('Alpha edited');
    await waitForStatus(page, 'saved');
    await page.getByTestId('open-local-draft').click();
    await page.getByTestId('save-as-project').waitFor();
    await expect
      .poll(() => summaryField(page).inputValue(), { timeout: 20_000 })
      .toBe('Beta edited');
    await page.reload();
    await page.getByTestId('save-as-project').waitFor();
    await expect
      .poll(() => summaryField(page).inputValue(), { timeout: 20_000 })
      .toBe('Beta edited');
    const edited = await api<Project>(page, `/api/v1/customer/projects/${id}`);
    expect(edited.content).toContain('Alpha edited');
    expect(edited.content).not.toContain('Beta');

    // One store, one record per workspace (issue 18.2): the browser's own, and the project's
    // only as what its sync keeps on the device; no older storage beside it.
    const stored = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('specform-workspaces');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
      });
      const names = await new Promise<IDBValidKey[]>((resolve, reject) => {
        const request = db.transaction('workspaces').objectStore('workspaces').getAllKeys();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
      });
      db.close();
      const databases = (await indexedDB.databases()).map((d) => d.name);
      const keys = Object.keys(localStorage).filter((key) => key.startsWith('specform.generator.'));
      return { names: names.map(String), databases, keys };
    });
    expect(stored.names).toContain('local');
    expect(stored.names.every((name) => name === 'local' || name === `project:${id}`)).toBe(true);
    expect(stored.databases).not.toContain('specform');
    expect(stored.databases).not.toContain('specform-projects');
    expect(
      stored.keys.filter((key) => key.includes('.form.') || key.includes('.document.')),
    ).toEqual([]);
    expect((await readWorkspaceRecord(page))?.text).toContain('Beta edited');
  }, 180_000);

  it('keeps a line typed at the end of the output across navigation and reload; Download takes it', async () => {
    await inOwnWorkspace(async (page) => {
      await loadDocument(page, documentOf('Gamma', '/gamma'), 'Gamma summary');
      await typeInEditor(page, 'x-note: typed by hand');
      // Straight to another page, then back with the app's own links.
      await page.locator('a[href="/profile"]').first().click();
      await page.waitForURL(/\/profile/);
      await page.locator('a[href="/generator"]').first().click();
      await page.locator('.monaco-editor').waitFor();
      await expect
        .poll(() => editorText(page), { timeout: 20_000 })
        .toContain('x-note: typed by hand');
      await page.reload();
      await page.locator('.monaco-editor').waitFor();
      await expect
        .poll(() => editorText(page), { timeout: 20_000 })
        .toContain('x-note: typed by hand');
      const text = await editorText(page);
      expect(text).toContain('title: Gamma');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download .yaml' }).click(),
      ]);
      const file = await download.path();
      expect(await readFile(file, 'utf8')).toBe(text);
    });
  }, 180_000);

  it('keeps an edit made just before a reload or a closed tab (the journal, not the debounce)', async () => {
    await inOwnWorkspace(async (first, own) => {
      let page = first;
      await loadDocument(page, documentOf('Delta', '/delta'), 'Delta summary');
      // Typed and reloaded at once: the record's 400 ms debounce has not run.
      await summaryField(page).fill('Typed then reloaded');
      await page.reload();
      await expect
        .poll(() => summaryField(page).inputValue(), { timeout: 20_000 })
        .toBe('Typed then reloaded');
      // The same for a tab closed at once: another tab opens the workspace with the edit.
      await summaryField(page).fill('Typed then closed');
      await page.close({ runBeforeUnload: true });
      page = await own.newPage();
      await openWorkspace(page);
      await expect
        .poll(() => summaryField(page).inputValue(), { timeout: 20_000 })
        .toBe('Typed then closed');
      // The store has it too (as a form draft, or in the record's text once the worker has
      // written the edit into it: issue 29.1 sends the edit as its command at once), and the
      // journal is gone once it does.
      await expect
        .poll(
          async () => {
            const record = await readWorkspaceRecord(page);
            return `${typeof record?.text === 'string' ? record.text : ''} ${JSON.stringify(record?.viewState ?? {})}`;
          },
          { timeout: 10_000 },
        )
        .toContain('Typed then closed');
      expect(
        await page.evaluate(() => localStorage.getItem('specform.workspace.journal:local')),
      ).toBeNull();
    });
  }, 120_000);

  it('keeps a project edit made just before a reload, and sends it', async () => {
    await inOwnWorkspace(async (page) => {
      await loadDocument(page, documentOf('Epsilon', '/epsilon'), 'Epsilon summary');
      await page.getByTestId('save-as-project').click();
      await page.getByTestId('name-project-save').click();
      await page.waitForURL(/\/generator\?project=/);
      const id = new URL(page.url()).searchParams.get('project')!;
      await waitForStatus(page, 'saved');
      // Typed and reloaded at once: neither the record's debounce nor the save has run.
      await summaryField(page).fill('Project typed then reloaded');
      await page.reload();
      await expect
        .poll(() => summaryField(page).inputValue(), { timeout: 20_000 })
        .toBe('Project typed then reloaded');
      await waitForStatus(page, 'saved', 20_000);
      await expect
        .poll(async () => (await api<Project>(page, `/api/v1/customer/projects/${id}`)).content, {
          timeout: 20_000,
        })
        .toContain('Project typed then reloaded');
    });
  }, 120_000);

  it('keeps the output of a large document (kept as a Blob) across a reload', async () => {
    await inOwnWorkspace(async (page) => {
      // Over 300 000 characters of Cyrillic and emoji: the record's text is a Blob made in slices.
      const padding = Array.from(
        { length: 6000 },
        (_, i) => `  x-line-${i}: "строка ${i} 😀 описание документа"`,
      ).join('\n');
      const large = documentOf('Large', '/large').replace(
        '  version: 1.0.0\n',
        `  version: 1.0.0\n${padding}\n`,
      );
      expect(large.length).toBeGreaterThan(256 * 1024);
      await loadDocument(page, large, 'Large summary');
      // (The editor shows the document's end: its first lines are scrolled out of view.)
      await typeInEditor(page, 'x-note: typed under a large document');
      await page.waitForTimeout(2500);
      await page.reload();
      await page.locator('.monaco-editor').waitFor();
      await expect
        .poll(() => editorText(page), { timeout: 30_000 })
        .toContain('x-note: typed under a large document');
      const text = await editorText(page);
      expect(text).toBe(`${large}x-note: typed under a large document`);
    });
  }, 180_000);

  /** Two tabs of one browser on `url`: the second is told, takes over, the first is told. */
  async function twoTabs(url: string, ready: (page: Page) => Promise<void>): Promise<void> {
    const both = await workspaceContext();
    try {
      const first = await both.newPage();
      await signIn(first, server);
      await first.goto(url);
      await ready(first);
      await summaryField(first).fill('Typed in the first tab');
      await typeInEditor(first, '# typed in the first tab');
      const second = await both.newPage();
      await second.goto(url);
      const told = second.getByTestId('workspace-elsewhere');
      await told.waitFor({ timeout: 20_000 });
      // (Its words are checked once the catalogue has them: a production build shows ids before.)
      expect(await told.getByRole('alert').isVisible()).toBe(true);
      // The first tab is untouched by the second one's arrival.
      expect(await summaryField(first).inputValue()).toBe('Typed in the first tab');
      await second.getByTestId('workspace-take').click();
      await ready(second);
      // The second tab continues with the first one's work; the first is told and stops.
      await expect
        .poll(() => summaryField(second).inputValue(), { timeout: 20_000 })
        .toBe('Typed in the first tab');
      await expect
        .poll(() => editorText(second), { timeout: 20_000 })
        .toContain('# typed in the first tab');
      await first.getByTestId('workspace-elsewhere').waitFor({ timeout: 10_000 });
      expect(await first.locator('.monaco-editor').count()).toBe(0);

      // And back: the first tab takes over again and continues with the second one's work.
      await summaryField(second).fill('Typed in the second tab');
      await typeInEditor(second, '\n# and in the second');
      await first.getByTestId('workspace-take').click();
      await ready(first);
      await expect
        .poll(() => summaryField(first).inputValue(), { timeout: 20_000 })
        .toBe('Typed in the second tab');
      const text = await editorText(first);
      expect(text).toContain('# typed in the first tab');
      expect(text).toContain('# and in the second');
      await second.getByTestId('workspace-elsewhere').waitFor({ timeout: 10_000 });
    } finally {
      await both.close();
    }
  }

  it('tells a second tab on the browser workspace and lets it take over', async () => {
    await twoTabs(`${server.baseUrl}/generator`, async (page) => {
      await page.locator('.monaco-editor').waitFor({ timeout: 20_000 });
      await page.getByTestId('save-as-project').waitFor();
    });
  }, 180_000);

  it('a tab told the workspace is open elsewhere continues by itself once that tab is closed', async () => {
    const both = await workspaceContext();
    try {
      const first = await both.newPage();
      await signIn(first, server);
      await first.goto(`${server.baseUrl}/generator`);
      await first.locator('.monaco-editor').waitFor({ timeout: 20_000 });
      await summaryField(first).fill('Typed before the tab was closed');
      const second = await both.newPage();
      await second.goto(`${server.baseUrl}/generator`);
      await second.getByTestId('workspace-elsewhere').waitFor({ timeout: 20_000 });
      await first.close({ runBeforeUnload: true });
      // Nothing clicked: the second tab finds the workspace free and continues with its work.
      await second.locator('.monaco-editor').waitFor({ timeout: 20_000 });
      await expect
        .poll(() => summaryField(second).inputValue(), { timeout: 20_000 })
        .toBe('Typed before the tab was closed');
      expect(await second.getByTestId('workspace-elsewhere').count()).toBe(0);
    } finally {
      await both.close();
    }
  }, 120_000);

  it('a reload of the working tab keeps its place among three tabs (issue 31.11)', async () => {
    const all = await workspaceContext();
    try {
      const first = await all.newPage();
      await signIn(first, server);
      await first.goto(`${server.baseUrl}/generator`);
      await first.locator('.monaco-editor').waitFor({ timeout: 20_000 });
      await summaryField(first).fill('The working tab');
      const others = [await all.newPage(), await all.newPage()];
      for (const other of others) {
        await other.goto(`${server.baseUrl}/generator`);
        await other.getByTestId('workspace-elsewhere').waitFor({ timeout: 20_000 });
      }
      // Reloaded while the other two ask for the workspace every 2 s: it stays the working tab.
      for (let round = 0; round < 3; round += 1) {
        await first.reload();
        await first.locator('.monaco-editor').waitFor({ timeout: 20_000 });
        await expect
          .poll(() => summaryField(first).inputValue(), { timeout: 20_000 })
          .toBe('The working tab');
        expect(await first.getByTestId('workspace-elsewhere').count()).toBe(0);
        await first.waitForTimeout(2500);
      }
      for (const other of others) {
        expect(await other.getByTestId('workspace-elsewhere').count()).toBe(1);
      }
    } finally {
      await all.close();
    }
  }, 180_000);

  it('tells a second tab on a project and lets it take over', async () => {
    const setup = await workspaceContext();
    const page = await setup.newPage();
    await signIn(page, server);
    const created = await api<{ id: string }>(page, '/api/v1/customer/projects', {
      name: 'Two tabs',
      content: documentOf('Delta', '/delta'),
    });
    await setup.close();
    await twoTabs(`${server.baseUrl}/generator?project=${created.id}`, async (tab) => {
      await tab.locator('.monaco-editor').waitFor({ timeout: 20_000 });
      await waitForStatus(tab, 'saved');
      await expect.poll(() => summaryField(tab).inputValue(), { timeout: 20_000 }).not.toBe('');
    });
  }, 180_000);
});
