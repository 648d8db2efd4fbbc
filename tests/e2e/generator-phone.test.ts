/**
 * The generator on a phone (390×844, issue 13 point 14): Form and YAML as ARIA tabs, nothing wider
 * than the screen, in both languages, with a real document loaded. Screenshots go to screenshots/.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  startAppAndBrowser,
  loadYamlReplacing,
  newContext,
  ROOT,
  type StartedServer,
} from './harness';
import { replaceEditorText, screenshot, signIn } from './generator-helpers';

const PETSTORE = path.resolve(ROOT, '../shared/corpus/openapi/swagger-petstore__openapi.yaml');
const corpusMissing = !existsSync(PETSTORE);
if (corpusMissing && process.env.CI === 'true') {
  throw new Error(`The corpus is missing at ${PETSTORE} (required when CI=true)`);
}
if (corpusMissing) console.warn(`Skipping the phone tests: ${PETSTORE} is missing`);

const PHONE = { width: 390, height: 844 };

let server: StartedServer;
let browser: Browser;

startAppAndBrowser((app) => {
  ({ server, browser } = app);
});

async function openGenerator(locale: 'en' | 'ru'): Promise<Page> {
  const context = await newContext(browser, {
    baseURL: server.baseUrl,
    locale,
    clipboardOrigin: server.baseUrl,
    ...PHONE,
  });
  const page = await context.newPage();
  await signIn(page, server);
  // (Not openGenerator: on a phone the output editor is hidden behind the YAML tab.)
  await page.waitForURL('**/generator');
  await page.getByTestId('endpoint-panel').first().waitFor();
  return page;
}

/** The widest thing on the page may not exceed the screen: no sideways scrolling. */
async function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** Controls whose right edge is past the screen (clipped or reachable only by scrolling sideways). */
async function offscreenControls(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, a, input, select, textarea')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (el.closest('.monaco-editor')) continue;
      if (box.right > width + 0.5 || box.left < -0.5) {
        out.push(
          `${el.tagName} ${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 40)}`,
        );
      }
    }
    return out;
  }, PHONE.width);
}

describe.skipIf(corpusMissing)('the generator at 390×844', () => {
  for (const locale of ['en', 'ru'] as const) {
    it(`shows Form and YAML as tabs and fits the screen (${locale})`, async () => {
      const page = await openGenerator(locale);
      const [formLabel, yamlLabel, loadLabel, replaceLabel] =
        locale === 'en'
          ? ['Form', 'YAML', 'Load YAML', 'Replace']
          : ['Форма', 'YAML', 'Загрузить YAML', 'Заменить'];
      const tablist = page.locator('.gen-narrow-tabs');
      const formTab = tablist.getByRole('tab', { name: formLabel });
      const yamlTab = tablist.getByRole('tab', { name: yamlLabel });
      expect(await formTab.getAttribute('aria-selected')).toBe('true');
      expect(await page.locator('.monaco-editor').isVisible()).toBe(false);

      // Keyboard: arrows move between the tabs and show the panel.
      await formTab.focus();
      await page.keyboard.press('ArrowRight');
      expect(await yamlTab.getAttribute('aria-selected')).toBe('true');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
        .toBe('tab');
      await page.locator('.monaco-editor').waitFor();
      const panelId = await yamlTab.getAttribute('aria-controls');
      expect(await page.locator(`#${panelId}`).getAttribute('role')).toBe('tabpanel');

      // Load the petstore document: paste in YAML, then Load YAML on the Form tab.
      const yaml = await readFile(PETSTORE, 'utf8');
      await replaceEditorText(page, yaml);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Home');
      await formTab.click();
      await loadYamlReplacing(
        page,
        () => expect.poll(() => page.getByTestId('endpoint-panel').count()).toBeGreaterThan(5),
        { load: loadLabel, replace: replaceLabel },
      );
      await page.waitForTimeout(500);

      expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
      expect(await offscreenControls(page)).toEqual([]);
      await screenshot(page, `generator-phone-form-${locale}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      // Open the first endpoint so its fields are measured too.
      await page.getByTestId('endpoint-panel').first().locator('button').first().click();
      await page.waitForTimeout(300);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
      expect(await offscreenControls(page)).toEqual([]);
      await screenshot(page, `generator-phone-panel-${locale}`, { fullPage: true });

      await page.keyboard.press('Home');
      await yamlTab.click();
      await page.locator('.monaco-editor').waitFor();
      expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
      const editorTop = await page
        .locator('.monaco-editor')
        .evaluate((el) => el.getBoundingClientRect().top);
      expect(editorTop).toBeLessThan(PHONE.height / 2);
      await screenshot(page, `generator-phone-yaml-${locale}`);

      // The top bar's menu fits too.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator('.shell-menu-toggle').click();
      expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
      expect(await offscreenControls(page)).toEqual([]);
      await screenshot(page, `generator-phone-menu-${locale}`);
      await page.context().close();
    });
  }

  it('keeps two columns and no tabs on a wide screen', async () => {
    const context = await newContext(browser, {
      baseURL: server.baseUrl,
      width: 1280,
      height: 800,
    });
    const page = await context.newPage();
    await signIn(page, server);
    await page.waitForURL('**/generator');
    await page.locator('.monaco-editor').waitFor();
    expect(await page.locator('.gen-narrow-tabs').count()).toBe(0);
    expect(await page.getByTestId('endpoint-panel').first().isVisible()).toBe(true);
    await context.close();
  });
});
