/**
 * Page helpers the end-to-end tests share: signing in through the login form, opening the
 * generator, reading and pasting the output editor's text the way a user does (through the
 * clipboard, so the context needs clipboard permissions: `newContext(…, { clipboardOrigin })`),
 * the project status, the projects API with the page's session, and screenshots.
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext, SCREENSHOT_DIR, type StartedServer } from './harness';

/** An account to sign in with. */
export interface Account {
  email: string;
  password: string;
}

/**
 * Signs in through the login form (`account`, or the demo account the server printed) and waits
 * until the app has left the login page.
 */
export async function signIn(
  page: Page,
  server: Pick<StartedServer, 'baseUrl' | 'demo' | 'logs'>,
  account: Account | undefined = server.demo,
): Promise<void> {
  if (!account) throw new Error(`no demo account:\n${server.logs()}`);
  await page.goto(`${server.baseUrl}/login`);
  await page.locator('input[name=email]').fill(account.email);
  await page.locator('input[name=password]').fill(account.password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * Opens the generator (a project's with `project`) and waits for the output editor; also for the
 * first endpoint panel with `endpoints`, and for the project status to read `status`.
 */
export async function openGenerator(
  page: Page,
  baseUrl: string,
  opts: { project?: string; endpoints?: boolean; status?: string } = {},
): Promise<void> {
  const query = opts.project === undefined ? '' : `?project=${opts.project}`;
  await page.goto(`${baseUrl}/generator${query}`);
  if (opts.endpoints) await page.getByTestId('endpoint-panel').first().waitFor();
  await page.locator('.monaco-editor').waitFor();
  if (opts.status !== undefined) await waitForStatus(page, opts.status);
}

/** Signs in (as the demo account unless told) and opens the generator with its endpoints. */
export async function signInToGenerator(
  page: Page,
  server: Pick<StartedServer, 'baseUrl' | 'demo' | 'logs'>,
  account?: Account,
): Promise<void> {
  await signIn(page, server, account);
  await openGenerator(page, server.baseUrl, { endpoints: true });
}

/**
 * A desktop-sized page (1440×900) of its own context, clipboard allowed and dialogs dismissed,
 * signed in as the demo account and on the generator (`endpoints`: until its first endpoint
 * panel shows). Close `context` after.
 */
export async function generatorPage(
  browser: Browser,
  server: Pick<StartedServer, 'baseUrl' | 'demo' | 'logs'>,
  opts: { endpoints?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, {
    width: 1440,
    height: 900,
    clipboardOrigin: server.baseUrl,
  });
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.dismiss());
  await signIn(page, server);
  await openGenerator(page, server.baseUrl, { endpoints: opts.endpoints ?? true });
  return { context, page };
}

/**
 * Puts the caret in the output editor. A plain click on its lines (a click at a fixed offset
 * misses them once the editor is scrolled).
 */
export async function focusEditor(page: Page): Promise<void> {
  // The editor takes no input while a saved record is being restored into it.
  await page
    .locator('[data-testid="output-editor"]:not([data-locked])')
    .waitFor({ timeout: 60_000 });
  await page.locator('.monaco-editor .view-lines').click();
}

/** What the clipboard holds before a copy (the copy is over once it holds something else). */
const BEFORE_COPY = 'specform-e2e: the clipboard before a copy';

/**
 * The whole output editor text, read the way a user would: select all, copy. A large selection
 * is written to the clipboard a moment after Ctrl+C (in slices, issue 28.4): its text is read
 * once the clipboard has changed.
 */
export async function editorText(page: Page): Promise<string> {
  await page.evaluate((t) => navigator.clipboard.writeText(t), BEFORE_COPY);
  await focusEditor(page);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+C');
  await page.waitForFunction(() => document.querySelector('[data-copying]') === null, undefined, {
    timeout: 60_000,
  });
  let text = await page.evaluate(() => navigator.clipboard.readText());
  for (const deadline = Date.now() + 60_000; text === BEFORE_COPY && Date.now() < deadline;) {
    await page.waitForTimeout(50);
    text = await page.evaluate(() => navigator.clipboard.readText());
  }
  await page.keyboard.press('Control+End');
  // Copy with an empty selection copies the (empty) line: an empty editor reads as "\n".
  return text === '\n' ? '' : text;
}

/**
 * Pastes `text` into the output editor as a user would (clipboard, Ctrl+V): at the end of the
 * text (`end`, the default), over all of it (`all`), or where the caret already is (`caret`,
 * without clicking the editor).
 */
export async function pasteIntoEditor(
  page: Page,
  text: string,
  opts: { at?: 'end' | 'all' | 'caret' } = {},
): Promise<void> {
  const at = opts.at ?? 'end';
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  if (at !== 'caret') {
    await focusEditor(page);
    await page.keyboard.press(at === 'all' ? 'Control+A' : 'Control+End');
  }
  await page.keyboard.press('Control+V');
}

/** Types `text` at the end of the output editor's text, key by key. */
export async function typeInEditor(page: Page, text: string): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

/** Replaces the output editor's text with `text`, pasted as a user would. */
export function replaceEditorText(page: Page, text: string): Promise<void> {
  return pasteIntoEditor(page, text, { at: 'all' });
}

/** The Summary field of the first endpoint in the form. */
export const summaryField = (page: Page) =>
  page.locator('[data-endpoint-id]').first().getByLabel('Summary', { exact: true });

/** The project status in the status bar (its `data-status` says which). */
export const projectStatus = (page: Page) =>
  page.getByTestId('project-status').locator('[data-status]');

/** Waits for the project status to read `value`; a timeout says what it read instead. */
export async function waitForStatus(page: Page, value: string, timeout = 15_000): Promise<void> {
  try {
    await page
      .getByTestId('project-status')
      .locator(`[data-status="${value}"]`)
      .waitFor({ timeout });
  } catch (error) {
    const shown = await page
      .getByTestId('project-status')
      .textContent({ timeout: 1000 })
      .catch(() => '(no status)');
    throw new Error(`Waited for "${value}"; the status shows: ${shown}`, { cause: error });
  }
}

/**
 * A GET of the API with the page's session (a POST with `body`); an answer of 300 or more
 * throws with its status and body.
 */
export async function api<T>(page: Page, url: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ path, body }) => {
      const stored = JSON.parse(localStorage.getItem('accessToken') ?? '{}') as {
        token?: string;
      };
      const response = await fetch(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${stored.token ?? ''}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, value: (await response.json()) as unknown };
    },
    { path: url, body },
  );
  if (answer.status >= 300) {
    throw new Error(`${url}: ${answer.status} ${JSON.stringify(answer.value)}`);
  }
  return answer.value as T;
}

/** Saves a screenshot of the window as screenshots/<name>.png (the whole page with `fullPage`). */
export async function screenshot(
  page: Page,
  name: string,
  opts: { fullPage?: boolean } = {},
): Promise<string> {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: opts.fullPage });
  return file;
}

/** The window sizes the screenshot scripts take every page at. */
export const SCREENSHOT_SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * For the screenshot scripts: in English and Russian at each of {@link SCREENSHOT_SIZES}, a fresh
 * context (signed in as `signIn` if given; the cookie banner shown with `cookieBanner`), `shot`
 * brings the page to its state, then a full-page screenshots/<name>-<locale>-<size>.png (printed).
 */
export async function captureEverywhere(
  browser: Browser,
  server: StartedServer,
  name: string,
  shot: (page: Page, locale: 'en' | 'ru') => Promise<void>,
  opts: { signIn?: Account; cookieBanner?: boolean } = {},
): Promise<void> {
  for (const locale of ['en', 'ru'] as const) {
    for (const [size, viewport] of Object.entries(SCREENSHOT_SIZES)) {
      const context = await newContext(browser, {
        baseURL: server.baseUrl,
        locale,
        cookieBanner: opts.cookieBanner,
        ...viewport,
      });
      const page = await context.newPage();
      if (opts.signIn) await signIn(page, server, opts.signIn);
      await shot(page, locale);
      await page.waitForTimeout(300);
      console.log(await screenshot(page, `${name}-${locale}-${size}`, { fullPage: true }));
      await context.close();
    }
  }
}

/** A workspace record as the page keeps it (src/app/workspace), its text read as a string. */
export interface KeptRecord {
  text: string;
  viewState: {
    v: 2;
    collapsed?: string[];
    output?: { start: number; end: number; text: string };
    form?: { order: string[]; drafts: { id: string; method: string; path: string }[] };
  };
  baseRevision: number | null;
  pending?: boolean;
}

/**
 * In the page: reads (`get`) or deletes a workspace's record in the app's one IndexedDB store;
 * a record's Blob text is read as a string.
 */
async function workspaceRecordInPage([key, op]: [string, 'get' | 'delete']): Promise<unknown> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('specform-workspaces');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
  });
  try {
    if (!db.objectStoreNames.contains('workspaces')) return undefined;
    const tx = db.transaction('workspaces', op === 'get' ? 'readonly' : 'readwrite');
    const store = tx.objectStore('workspaces');
    const request = op === 'get' ? store.get(key) : store.delete(key);
    const value = await new Promise<unknown>((resolve, reject) => {
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB'));
    });
    if (op === 'delete' || value === undefined) return undefined;
    const record = value as { text: string | Blob } & Record<string, unknown>;
    const text = typeof record.text === 'string' ? record.text : await record.text.text();
    return { ...record, text };
  } finally {
    db.close();
  }
}

/** The one IndexedDB store's record of a workspace (`local`, `project:<id>`), if any. */
export async function readWorkspaceRecord(
  page: Page,
  name = 'local',
): Promise<KeptRecord | undefined> {
  return (await page.evaluate(workspaceRecordInPage, [name, 'get'] as [string, 'get'])) as
    KeptRecord | undefined;
}

/** Deletes a workspace's record (a fresh start for that workspace after a reload). */
export async function deleteWorkspaceRecord(page: Page, name = 'local'): Promise<void> {
  await page.evaluate(workspaceRecordInPage, [name, 'delete'] as [string, 'delete']);
}
