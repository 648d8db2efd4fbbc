/**
 * UI benchmark of the document panel and the endpoint list's new parts (issue 11) with the Stripe
 * document (`npx tsx bench/document-ui.ts`; a script, not a test). Same approach as bench/ui.ts:
 * real server and Chromium, long tasks from a PerformanceObserver and "key → next frame" per
 * keystroke. Loads Stripe (4 MB, 468 operations), then opens and types in every new section.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, ROOT, startServer } from '../tests/e2e/harness';
import {
  instrumentedPage,
  longestTaskSince,
  openGeneratorAsDemo,
  percentile,
  type PerfWindow,
} from './support';

const STRIPE = path.resolve(ROOT, '../shared/corpus/openapi/stripe__spec3.yaml');

const now = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as PerfWindow).__perf.keys.length = 0;
    return performance.now();
  });

async function keys(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as PerfWindow).__perf.keys.slice());
}

async function typeAndErase(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text, { delay: 60 });
  for (let i = 0; i < text.length; i++) await page.keyboard.press('Backspace', { delay: 60 });
}

async function main(): Promise<void> {
  if (!existsSync(STRIPE)) {
    console.log(`bench: the corpus is missing (${STRIPE}); nothing to measure.`);
    return;
  }
  const stripe = await readFile(STRIPE, 'utf8');
  const server = await startServer();
  const browser = await launchBrowser();
  const rows: [string, string][] = [];
  try {
    if (!server.demo) throw new Error('no demo account in the server output');
    const { context, page } = await instrumentedPage(browser, server, {
      width: 1440,
      height: 1000,
    });
    await openGeneratorAsDemo(page, server);

    // Setup (not measured): paste Stripe, Load, let everything settle.
    await page.evaluate((t) => navigator.clipboard.writeText(t), stripe);
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+V');
    await page.waitForTimeout(3000);
    const load = page.getByRole('button', { name: 'Load YAML' });
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('button')].some(
          (b) => b.textContent === 'Load YAML' && !b.disabled,
        ),
      undefined,
      { timeout: 60_000 },
    );
    const loadStart = await now(page);
    await load.click();
    await page.waitForFunction(
      () => document.querySelector('.gen-panel-path')?.textContent?.startsWith('/v1'),
      undefined,
      { timeout: 120_000 },
    );
    await page.waitForTimeout(4000);
    rows.push([
      'load (with the document panel): longest task',
      `${(await longestTaskSince(page, loadStart)).toFixed(0)} ms`,
    ]);

    // 1. Collapse and open the document panel.
    const docPanel = page.getByTestId('document-panel');
    await docPanel.getByRole('button', { name: 'Collapse document' }).click();
    await page.waitForTimeout(500);
    let t = await now(page);
    await docPanel.getByRole('button', { name: 'Expand document' }).click();
    await page.getByLabel('Title', { exact: true }).waitFor();
    await page.waitForTimeout(1000);
    rows.push([
      'open the document panel: longest task',
      `${(await longestTaskSince(page, t)).toFixed(0)} ms`,
    ]);

    // 2. Type in Title.
    await page.getByLabel('Title', { exact: true }).click();
    await page.keyboard.press('End');
    t = await now(page);
    await typeAndErase(page, ' renamed');
    await page.waitForTimeout(1500);
    let k = await keys(page);
    rows.push([
      'type in Title: key → frame p95 / max',
      `${percentile(k, 95).toFixed(1)} / ${Math.max(...k).toFixed(1)} ms (${k.length} keys)`,
    ]);
    rows.push([
      'type in Title: longest task',
      `${(await longestTaskSince(page, t)).toFixed(0)} ms`,
    ]);

    // 3. Type in a server URL.
    await page.getByLabel('Server URL', { exact: true }).first().click();
    await page.keyboard.press('End');
    t = await now(page);
    await typeAndErase(page, '/beta');
    await page.waitForTimeout(1500);
    k = await keys(page);
    rows.push([
      'type in Server URL: key → frame p95 / max',
      `${percentile(k, 95).toFixed(1)} / ${Math.max(...k).toFixed(1)} ms`,
    ]);
    rows.push([
      'type in Server URL: longest task',
      `${(await longestTaskSince(page, t)).toFixed(0)} ms`,
    ]);

    // 4. Open Schemas (list + usage counts in slices).
    t = await now(page);
    await page.getByRole('button', { name: 'Schemas' }).click();
    await page.getByTestId('schema-row').first().waitFor();
    await page.waitForFunction(
      () => !document.querySelector('[data-testid=schema-uses]')?.textContent?.includes('…'),
      undefined,
      { timeout: 60_000 },
    );
    await page.waitForTimeout(1000);
    const schemaCount = await page.evaluate(() => {
      const text = [...document.querySelectorAll('.doc-schemas p')]
        .map((p) => p.textContent)
        .join(' ');
      return text;
    });
    rows.push([
      'open Schemas (+ usage counts): longest task',
      `${(await longestTaskSince(page, t)).toFixed(0)} ms (${schemaCount.trim() || 'all shown'})`,
    ]);

    // 5. Filter schemas.
    await page.getByLabel('Filter schemas', { exact: true }).click();
    t = await now(page);
    await typeAndErase(page, 'account');
    await page.waitForTimeout(1000);
    k = await keys(page);
    rows.push([
      'type in Filter schemas: key → frame p95 / max',
      `${percentile(k, 95).toFixed(1)} / ${Math.max(...k).toFixed(1)} ms`,
    ]);
    rows.push([
      'type in Filter schemas: longest task',
      `${(await longestTaskSince(page, t)).toFixed(0)} ms`,
    ]);

    // 6. Open a large schema, structured then YAML.
    await page.getByLabel('Filter schemas', { exact: true }).fill('account');
    await page.waitForTimeout(500);
    t = await now(page);
    await page.getByRole('button', { name: 'account', exact: true }).click();
    await page.getByTestId('schema-editor').waitFor();
    await page.waitForTimeout(1000);
    rows.push([
      'open schema "account" (structured): longest task',
      `${(await longestTaskSince(page, t)).toFixed(0)} ms`,
    ]);
    t = await now(page);
    await page.getByTestId('schema-editor').getByRole('tab', { name: 'YAML' }).click();
    await page.waitForTimeout(1000);
    rows.push([
      'schema "account" as YAML: longest task',
      `${(await longestTaskSince(page, t)).toFixed(0)} ms`,
    ]);
    await page.getByLabel('Schema as YAML', { exact: true }).click();
    await page.keyboard.press('Control+End');
    t = await now(page);
    await typeAndErase(page, 'x-note: a');
    await page.waitForTimeout(1000);
    k = await keys(page);
    rows.push([
      'type in the YAML fragment: key → frame p95 / max',
      `${percentile(k, 95).toFixed(1)} / ${Math.max(...k).toFixed(1)} ms`,
    ]);
    rows.push([
      'type in the YAML fragment: longest task',
      `${(await longestTaskSince(page, t)).toFixed(0)} ms`,
    ]);
    await page.getByRole('button', { name: 'Schemas' }).click();
    await docPanel.getByRole('button', { name: 'Collapse document' }).click();

    // 7. Expand an endpoint (operation details included) and type in Operation ID.
    const first = page.getByTestId('endpoint-panel').first();
    t = await now(page);
    await first.getByRole('button', { name: 'Expand endpoint' }).click();
    await first.getByLabel('Operation ID', { exact: true }).waitFor();
    await page.waitForTimeout(1000);
    rows.push([
      'expand an endpoint panel: longest task',
      `${(await longestTaskSince(page, t)).toFixed(0)} ms`,
    ]);
    await first.getByLabel('Operation ID', { exact: true }).click();
    await page.keyboard.press('End');
    t = await now(page);
    await typeAndErase(page, 'Renamed');
    await page.waitForTimeout(1500);
    k = await keys(page);
    rows.push([
      'type in Operation ID: key → frame p95 / max',
      `${percentile(k, 95).toFixed(1)} / ${Math.max(...k).toFixed(1)} ms`,
    ]);
    rows.push([
      'type in Operation ID: longest task',
      `${(await longestTaskSince(page, t)).toFixed(0)} ms`,
    ]);
    t = await now(page);
    await first.getByLabel('Use shared schema', { exact: true }).first().focus();
    await page.waitForTimeout(800);
    rows.push([
      'focus "Use shared schema" (builds the options): longest task',
      `${(await longestTaskSince(page, t)).toFixed(0)} ms`,
    ]);

    // 8. Show in YAML, and a click in the editor that finds its operation.
    t = await now(page);
    await first.getByRole('button', { name: 'Show in YAML' }).click();
    await page.locator('.monaco-editor .doc-highlight-line').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1000);
    rows.push([
      'Show in YAML (Stripe text in the locate worker): longest task',
      `${(await longestTaskSince(page, t)).toFixed(0)} ms`,
    ]);
    t = await now(page);
    await page.locator('.monaco-editor .view-line').nth(5).click();
    await page.waitForTimeout(2000);
    rows.push([
      'click in the editor → its panel: longest task',
      `${(await longestTaskSince(page, t)).toFixed(0)} ms`,
    ]);

    const width = Math.max(...rows.map(([key]) => key.length));
    console.log(`\nDocument panel with ${path.basename(STRIPE)} (Chromium ${browser.version()})\n`);
    console.log(`| ${'measure'.padEnd(width)} | value |`);
    console.log(`|${'-'.repeat(width + 2)}|-------|`);
    for (const [key, value] of rows) console.log(`| ${key.padEnd(width)} | ${value} |`);
    await context.close();
  } finally {
    if (rows.length > 0) console.log(rows.map((r) => r.join(': ')).join('\n'));
    await browser.close();
    await server.stop();
  }
}

await main();
