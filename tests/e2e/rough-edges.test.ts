/**
 * Rough edges a new user met (issue 31 points 12, 14 and 15), end to end in Chromium with the
 * Intercom description: after Load the output editor shows line 1 (not the end a paste left it
 * at); Enter in the navigator puts the endpoint's panel at the top of the form with its first
 * field focused; a long path in the navigator keeps its distinguishing end visible. Screenshots
 * go to screenshots/ (git-ignored).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  startAppAndBrowser,
  loadYamlReplacing,
  newContext,
  ROOT,
  type StartedServer,
} from './harness';
import {
  api,
  openGenerator,
  projectStatus,
  replaceEditorText,
  screenshot,
  signIn,
} from './generator-helpers';

const DOCUMENT = path.resolve(ROOT, '../shared/corpus/openapi/intercom__api.intercom.io-2.7.yaml');
const corpusMissing = !existsSync(DOCUMENT);
if (corpusMissing && process.env.CI === 'true') {
  throw new Error(`The corpus document is missing at ${DOCUMENT} (required when CI=true)`);
}

let server: StartedServer;
let context: BrowserContext;
let page: Page;

startAppAndBrowser(async (app) => {
  server = app.server;
  context = await newContext(app.browser, {
    width: 1280,
    height: 800,
    clipboardOrigin: server.baseUrl,
  });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
});

/** The line numbers Monaco shows (it renders the visible lines only). */
function shownLineNumbers(): Promise<number[]> {
  return page
    .locator('.monaco-editor .line-numbers')
    .evaluateAll((els) => els.map((el) => Number(el.textContent)).filter((n) => n > 0));
}

describe.skipIf(corpusMissing)('rough edges with a large document (issue 31)', () => {
  it('after Load, the output editor shows the document from line 1 (31.12)', async () => {
    await signIn(page, server);
    await openGenerator(page, server.baseUrl);
    await replaceEditorText(page, await readFile(DOCUMENT, 'utf8'));
    // The paste leaves the view at the document's end.
    await expect
      .poll(async () => Math.min(...(await shownLineNumbers())), { timeout: 30_000 })
      .toBeGreaterThan(100);
    await loadYamlReplacing(page, () =>
      expect
        .poll(() => page.getByTestId('nav-total').textContent(), { timeout: 60_000 })
        .toMatch(/^\d{2,} endpoints$/),
    );
    await expect.poll(async () => Math.min(...(await shownLineNumbers()))).toBe(1);
    await screenshot(page, 'issue31-12-loaded');
  });

  it('Enter in the navigator puts the endpoint at the top of the form, its first field focused (31.14)', async () => {
    const filter = page.getByTestId('nav-filter');
    await filter.fill('run_assignment_rules');
    await expect.poll(() => page.getByTestId('nav-total').textContent()).toMatch(/^1 of \d+$/);
    await filter.press('Enter');
    const active = page.locator('[data-testid=nav-tree] .gen-nav-row-active');
    const id = (await active.getAttribute('data-endpoint')) ?? '';
    expect(id).not.toBe('');
    const panel = page.locator(`[data-endpoint-id="${id}"]`);
    await panel.waitFor();
    await expect
      .poll(() =>
        page.evaluate(
          (selector) =>
            document.activeElement?.closest('.gen-panel-body')?.closest(selector) != null,
          `[data-endpoint-id="${id}"]`,
        ),
      )
      .toBe(true);
    const where = async () =>
      page.evaluate((selector) => {
        const form = document.querySelector('.gen-form')!.getBoundingClientRect();
        const head = document.querySelector(selector)!.getBoundingClientRect();
        const field = document.activeElement!.getBoundingClientRect();
        return {
          headFromFormTop: Math.round(head.top - form.top),
          fieldInWindow: field.top >= 0 && field.bottom <= window.innerHeight,
        };
      }, `[data-endpoint-id="${id}"]`);
    await expect.poll(async () => (await where()).fieldInWindow).toBe(true);
    const { headFromFormTop } = await where();
    expect(headFromFormTop).toBeGreaterThanOrEqual(-2);
    expect(headFromFormTop).toBeLessThan(40);
    // Its head is not under the site's header: the window itself did not scroll.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await screenshot(page, 'issue31-14-opened');
  });

  it('a long path keeps its distinguishing end visible, the whole path in the title (31.15)', async () => {
    const filter = page.getByTestId('nav-filter');
    await filter.fill('/conversations/{conversation_id}/customers');
    await expect.poll(() => page.getByTestId('nav-total').textContent()).toMatch(/^\d+ of \d+$/);
    const row = page
      .locator(
        '[data-testid=nav-endpoint][title*="/conversations/{conversation_id}/customers/{contact_id}"]',
      )
      .first();
    await row.waitFor();
    const shown = await row.evaluate((el) => {
      const path = el.querySelector('.gen-nav-path')!.getBoundingClientRect();
      const tail = el.querySelector<HTMLElement>('[data-testid=nav-path-tail]');
      if (!tail) return { tail: '', whole: false, inside: false };
      const box = tail.getBoundingClientRect();
      // The path's last character is drawn inside the tail's box (not clipped away).
      const walker = document.createTreeWalker(tail, NodeFilter.SHOW_TEXT);
      let last: Text | undefined;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) last = node as Text;
      const range = document.createRange();
      range.setStart(last!, last!.length - 1);
      range.setEnd(last!, last!.length);
      const end = range.getBoundingClientRect();
      return {
        tail: tail.textContent,
        endShown: end.right <= box.right + 1 && end.left >= box.left - 1 && end.width > 0,
        inside: box.right <= path.right + 1 && box.left >= path.left - 1,
      };
    });
    expect(shown).toEqual({ tail: '/customers/{contact_id}', endShown: true, inside: true });
    await screenshot(page, 'issue31-15-paths');
  });
});

describe('the upgrade preview (issue 31.18)', () => {
  it('wraps a long pointer instead of cutting it off', async () => {
    const long = '/organizations/{organization_id}/repositories/{repository_id}/environments';
    const doc = [
      'openapi: 3.0.3',
      'info: {title: Long, version: "1"}',
      'paths:',
      `  ${long}/{environment_name}/deployment-protection-rules:`,
      '    get:',
      '      responses:',
      "        '200':",
      '          description: OK',
      '          content:',
      '            application/json:',
      '              schema:',
      '                type: object',
      '                properties:',
      '                  a_property_with_a_rather_long_name_for_wrapping:',
      '                    type: string',
      '                    nullable: true',
      '',
    ].join('\n');
    if (!page.url().includes('/generator')) {
      await signIn(page, server);
      await openGenerator(page, server.baseUrl);
    }
    await page.getByTestId('nav-filter').fill('');
    await replaceEditorText(page, doc);
    await loadYamlReplacing(page, () =>
      expect.poll(() => page.getByTestId('nav-total').textContent()).toBe('1 endpoint'),
    );
    const toggle = page
      .getByTestId('document-panel')
      .getByRole('button', { name: 'Expand document' });
    if ((await toggle.count()) > 0) await toggle.click();
    await page
      .getByTestId('doc-upgrade')
      .getByRole('button', { name: 'Upgrade to OpenAPI 3.1…' })
      .click();
    const dialog = page.getByTestId('upgrade-dialog');
    await dialog.waitFor({ timeout: 30_000 });
    await dialog.getByTestId('upgrade-NULLABLE').locator('summary').click();
    const item = dialog.getByTestId('upgrade-NULLABLE').locator('li').first();
    expect(await item.textContent()).toContain('a_property_with_a_rather_long_name_for_wrapping');
    const fits = await dialog.evaluate((el) =>
      [...el.querySelectorAll('.swagger-convert-list')].every(
        (list) => list.scrollWidth <= list.clientWidth + 1,
      ),
    );
    await screenshot(page, 'issue31-18-upgrade');
    expect(fits).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('the last opened project (issue 31.18)', () => {
  it('is reopened by /generator in a new tab, until the local draft is chosen', async () => {
    if (!page.url().includes('/generator')) {
      await signIn(page, server);
      await openGenerator(page, server.baseUrl);
    }
    const project = await api<{ id: string }>(page, '/api/v1/customer/projects', {
      name: 'Reopened after a restart',
      content: 'openapi: 3.0.3\ninfo: {title: Reopened, version: "1"}\npaths: {}\n',
    });
    await openGenerator(page, server.baseUrl, { project: project.id });
    await expect
      .poll(() => projectStatus(page).getAttribute('data-status'), { timeout: 15_000 })
      .not.toBe('loading');
    // A browser restart: the tab gone (its workspace lock with it), a new tab, the same storage.
    await page.goto(`${server.baseUrl}/projects`);
    const again = await context.newPage();
    try {
      await again.goto(`${server.baseUrl}/generator`);
      await again.waitForURL((url) => url.searchParams.get('project') === project.id);
      await again.getByTestId('open-local-draft').waitFor();
      await screenshot(again, 'issue31-18-reopened');
      await again.getByTestId('open-local-draft').click();
      await again.waitForURL((url) => url.pathname === '/generator' && url.search === '');
      await again.getByTestId('save-as-project').waitFor();
    } finally {
      await again.close();
    }
    const third = await context.newPage();
    try {
      await third.goto(`${server.baseUrl}/generator`);
      await third.getByTestId('save-as-project').waitFor();
      expect(new URL(third.url()).searchParams.get('project')).toBeNull();
    } finally {
      await third.close();
    }
  });
});

describe('the generator on a phone (issue 31.18)', () => {
  it('has no empty navigator box above the form at 390×844', async () => {
    const phone = await newContext(page.context().browser()!, {
      width: 390,
      height: 844,
      clipboardOrigin: server.baseUrl,
    });
    try {
      const small = await phone.newPage();
      await signIn(small, server);
      // (The YAML tab, and its editor, are hidden on a phone.)
      await small.goto(`${server.baseUrl}/generator`);
      await small.getByTestId('endpoint-panel').first().waitFor();
      const sizes = await small.evaluate(() => {
        const nav = document.querySelector('[data-testid=navigator]')!.getBoundingClientRect();
        const tree = document.querySelector('[data-testid=nav-tree]')!;
        const rows = tree.querySelectorAll('[role=treeitem]').length;
        return { nav: nav.height, tree: tree.getBoundingClientRect().height, rows };
      });
      await screenshot(small, 'issue31-18-phone', { fullPage: true });
      // The tree is sized to its rows (28 px each), not a fixed screenful.
      expect(sizes.tree).toBeLessThanOrEqual(Math.max(1, sizes.rows) * 28 + 40);
      expect(sizes.nav).toBeLessThan(220);
    } finally {
      await phone.close();
    }
  });
});
