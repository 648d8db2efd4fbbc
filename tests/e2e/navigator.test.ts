/**
 * The navigator and the screen's layout (issue 20 points 1 and 2), end to end in Chromium with a
 * large corpus document: filter, open an endpoint with the keyboard, the split fills the window
 * at 1440×900 and 1920×1200 and is remembered across a reload, and after a Generate with one
 * edit the editor shows the changed line. Screenshots go to screenshots/ (git-ignored).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  startAppAndBrowser,
  loadYamlReplacing,
  newContext,
  ROOT,
  type StartedServer,
} from './harness';
import { openGenerator, replaceEditorText, screenshot, signIn } from './generator-helpers';

const CORPUS = path.resolve(ROOT, '../shared/corpus/openapi');
const DOCUMENT = path.join(
  CORPUS,
  process.env.NAVIGATOR_DOCUMENT ?? 'intercom__api.intercom.io-2.7.yaml',
);
const corpusMissing = !existsSync(DOCUMENT);
if (corpusMissing && process.env.CI === 'true') {
  throw new Error(`The corpus is missing at ${CORPUS} (required when CI=true)`);
}
if (corpusMissing) console.warn(`navigator e2e: skipped, no corpus document at ${DOCUMENT}`);

let server: StartedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

startAppAndBrowser(async (app) => {
  ({ server, browser } = app);
  context = await newContext(browser, {
    width: 1440,
    height: 900,
    clipboardOrigin: server.baseUrl,
  });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
});

async function shot(name: string): Promise<void> {
  await screenshot(page, `navigator-${name}`);
}

/** How far the generator's bottom edge, and the output editor's, are from the window's. */
async function bottomGaps(): Promise<{ page: number; editor: number; height: number }> {
  return page.evaluate(() => {
    const bottom = (selector: string) =>
      document.querySelector(selector)?.getBoundingClientRect().bottom ?? NaN;
    window.scrollTo(0, 0);
    return {
      page: Math.abs(window.innerHeight - bottom('[data-testid=generator]')),
      editor: window.innerHeight - bottom('[data-testid=output-editor]'),
      height: document.querySelector('[data-testid=output-editor]')!.getBoundingClientRect().height,
    };
  });
}

function separator() {
  return page.getByRole('separator', { name: 'Resize the form and the output' });
}

describe.skipIf(corpusMissing)('the navigator with a large document', () => {
  it('loads the document; the split fills the window at 1440×900', async () => {
    await signIn(page, server);
    await openGenerator(page, server.baseUrl);
    const text = await readFile(DOCUMENT, 'utf8');
    await replaceEditorText(page, text);
    await loadYamlReplacing(page, () =>
      expect
        .poll(() => page.getByTestId('nav-total').textContent(), { timeout: 60_000 })
        .toMatch(/^\d{2,} endpoints$/),
    );
    // Virtualised: far fewer rows in the DOM than endpoints.
    const total = Number((await page.getByTestId('nav-total').textContent())!.split(' ')[0]);
    const rendered = await page.locator('[data-testid=nav-tree] [role=treeitem]').count();
    expect(rendered).toBeLessThan(Math.min(total, 90));
    const gaps = await bottomGaps();
    expect(gaps.page).toBeLessThanOrEqual(2);
    // The editor reaches down to the window's bottom (its padding and the diagnostics list apart).
    expect(gaps.editor).toBeLessThan(130);
    expect(gaps.height).toBeGreaterThan(600);
    await expect.poll(() => separator().getAttribute('aria-valuenow')).toBe('50');
    await shot('1440x900');
  });

  let openedId = '';
  let term = '';

  it('filters with highlighted matches and opens an endpoint with the keyboard', async () => {
    // A retry starts from the whole list: the first attempt may have left its term in the filter.
    const filter = page.getByTestId('nav-filter');
    if ((await filter.inputValue()) !== '') await filter.fill('');
    await expect
      .poll(() => page.getByTestId('nav-total').textContent(), { timeout: 30_000 })
      .toMatch(/^\d{2,} endpoints$/);
    // A term from the path of an endpoint some way down the list.
    const rows = page.getByTestId('nav-endpoint');
    const sample = (await rows.nth(8).getAttribute('title')) ?? '';
    const samplePath = sample.split(' ')[1] ?? '';
    term =
      samplePath
        .split('/')
        .filter((s) => s !== '' && !s.startsWith('{'))
        .pop() ?? '';
    expect(term).not.toBe('');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('/');
    await expect.poll(() => filter.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(term);
    await expect.poll(() => page.getByTestId('nav-total').textContent()).toMatch(/^\d+ of \d+$/);
    // The list follows the filter a render behind the keys (a deferred value): the rows of a
    // shorter prefix may show first. Every row shown once the list has caught up matches.
    const unmatched = async () => {
      const titles = await rows.evaluateAll((els) =>
        els.map((el) => el.getAttribute('title') ?? ''),
      );
      if (titles.length === 0) return ['(no rows)'];
      return titles.filter((title) => !title.toLowerCase().includes(term.toLowerCase()));
    };
    await expect.poll(unmatched, { timeout: 10_000 }).toEqual([]);
    // (A longer prefix can match the same rows: the marks show the whole term once caught up.)
    await expect
      .poll(async () =>
        (await page.locator('[data-testid=nav-tree] mark').first().textContent())?.toLowerCase(),
      )
      .toBe(term.toLowerCase());
    await shot('filtered');

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const active = page.locator('[data-testid=nav-tree] .gen-nav-row-active');
    openedId = (await active.getAttribute('data-endpoint')) ?? '';
    expect(openedId).not.toBe('');
    const panel = page.locator(`[data-endpoint-id="${openedId}"]`);
    await panel.waitFor();
    await expect
      .poll(() => panel.getByRole('button', { name: 'Collapse endpoint' }).count())
      .toBe(1);
    const box = await panel.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y).toBeLessThan(900);
  });

  it('after a Generate with one edit, the editor shows the changed line', async () => {
    const panel = page.locator(`[data-endpoint-id="${openedId}"]`);
    const summary = panel.getByLabel('Summary', { exact: true });
    const changed = `Changed by the navigator test ${Date.now()}`;
    await summary.fill(changed);
    const generate = page.getByRole('button', { name: 'Generate OpenAPI' });
    await expect.poll(() => generate.isEnabled(), { timeout: 30_000 }).toBe(true);
    await generate.click();
    // Monaco renders only the visible lines: the changed line is among them, highlighted.
    await expect
      .poll(
        async () =>
          // Monaco renders spaces as no-break spaces.
          ((await page.locator('.monaco-editor .view-lines').textContent()) ?? '').replace(
            /\u00a0/g,
            ' ',
          ),
        { timeout: 60_000 },
      )
      .toContain(changed);
    await page.locator('.monaco-editor .gen-changed-line').first().waitFor({ timeout: 5_000 });
    await shot('generated');
    // The highlight fades and goes.
    await page.locator('.monaco-editor .gen-changed-line').first().waitFor({
      state: 'detached',
      timeout: 6_000,
    });
  });

  it('Enter pressed right after typing opens an endpoint of the whole term', async () => {
    const filter = page.getByTestId('nav-filter');
    await filter.fill('');
    await expect.poll(() => page.getByTestId('nav-total').textContent()).toMatch(/endpoints$/);
    // A term the active row (the endpoint opened before) does not hold.
    const active = page.locator('[data-testid=nav-tree] .gen-nav-row-active');
    const activeTitle = ((await active.getAttribute('title')) ?? '').toLowerCase();
    const titles = await page
      .getByTestId('nav-endpoint')
      .evaluateAll((els) => els.map((el) => el.getAttribute('title') ?? ''));
    const other =
      titles
        .flatMap((title) => (title.split(' ')[1] ?? '').split('/'))
        .find(
          (s) => s.length > 3 && !s.startsWith('{') && !activeTitle.includes(s.toLowerCase()),
        ) ?? '';
    expect(other).not.toBe('');
    await page.keyboard.press('/');
    await expect.poll(() => filter.evaluate((el) => el === document.activeElement)).toBe(true);
    // The term arrives and Enter follows in one task, before the list (a deferred value) has
    // caught up: the keys of a fast typist, or a pasted term, can come so.
    await filter.evaluate((el, value) => {
      const input = el as HTMLInputElement;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    }, other);
    // The endpoint opened is one the filter lists (it matches in its path, summary, id or tag).
    await expect.poll(() => page.getByTestId('nav-total').textContent()).toMatch(/^\d+ of \d+$/);
    const id = (await active.getAttribute('data-endpoint')) ?? '';
    const listed = await page
      .getByTestId('nav-endpoint')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-endpoint')));
    expect(listed).toContain(id);
    await page.locator(`[data-endpoint-id="${id}"]`).waitFor();
    await filter.fill('');
  });

  it('the split is resized with the keyboard, fills 1920×1200, and is remembered', async () => {
    await page.setViewportSize({ width: 1920, height: 1200 });
    await separator().focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => separator().getAttribute('aria-valuenow')).toBe('44');
    const formWidth = async () =>
      (await page.locator('.gen-form').boundingBox())!.width /
      ((await page.locator('.gen-form').boundingBox())!.width +
        (await page.locator('.gen-output-panel').boundingBox())!.width);
    expect(await formWidth()).toBeCloseTo(0.44, 1);
    await page.reload();
    await page.locator('.monaco-editor').waitFor();
    await expect.poll(() => separator().getAttribute('aria-valuenow')).toBe('44');
    expect(await formWidth()).toBeCloseTo(0.44, 1);
    await expect
      .poll(() => page.getByTestId('nav-total').textContent(), { timeout: 60_000 })
      .toMatch(/^\d{2,} endpoints$/);
    const gaps = await bottomGaps();
    expect(gaps.page).toBeLessThanOrEqual(2);
    expect(gaps.editor).toBeLessThan(130);
    expect(gaps.height).toBeGreaterThan(900);
    await shot('1920x1200');
  });

  it('on a phone the Form/YAML tabs stay and there is no separator', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('gen-tab-form').waitFor();
    expect(await separator().count()).toBe(0);
    await page.getByTestId('navigator').waitFor();
    await shot('phone-form');
    await page.getByTestId('gen-tab-yaml').click();
    await expect.poll(() => page.getByTestId('navigator').isHidden()).toBe(true);
    await shot('phone-yaml');
  });
});
