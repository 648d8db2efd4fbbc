/**
 * Import traffic end to end (issue 14): real server (its Content-Security-Policy included), real
 * Chromium, the demo user. A cURL command and a generated 20 MB HAR of 1,000 entries go through
 * the dialog; the HAR is read and parsed in the worker, so the page must show no long task over
 * 50 ms while it is imported. Screenshots go to screenshots/ (git-ignored).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { generateHar } from '../../bench/generate-har';
import { startAppAndBrowser, newContext, type StartedServer } from './harness';
import { screenshot, signInToGenerator } from './generator-helpers';

let server: StartedServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let folder: string;
const cspViolations: string[] = [];

interface PerfWindow {
  __longTasks: { start: number; duration: number }[];
}

startAppAndBrowser(
  async (app) => {
    ({ server, browser } = app);
    folder = await mkdtemp(path.join(tmpdir(), 'specform-har-'));
    context = await newContext(browser, { width: 1440, height: 900 });
    await context.addInitScript(() => {
      const tasks: PerfWindow['__longTasks'] = [];
      (window as unknown as PerfWindow).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    page = await context.newPage();
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy|unsafe-eval/i.test(message.text())) {
        cspViolations.push(message.text());
      }
    });
    await signInToGenerator(page, server);
  },
  { timeout: 240_000 },
);

afterAll(async () => {
  await context?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const shot = (name: string) => screenshot(page, `import-traffic-${name}`);

describe('Import traffic', () => {
  it('reads a cURL command in the worker and adds the picked endpoint', async () => {
    const before = await page.getByTestId('endpoint-panel').count();
    await page.getByRole('button', { name: 'Import traffic' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import traffic' });
    await dialog
      .getByLabel('cURL command')
      .fill(
        "curl 'https://api.example.com/v2/users/42/orders?limit=10&api_key=SECRET-1' \\\n" +
          "  -H 'authorization: Bearer SECRET-2' -H 'x-tenant: acme' \\\n" +
          '  --data-raw \'{"sku":"A-1","qty":2,"gift":null}\'',
      );
    await dialog.getByRole('button', { name: 'Read cURL' }).click();
    await dialog.getByTestId('traffic-pick').first().waitFor();
    await shot('curl');
    await dialog.getByTestId('traffic-add').click();
    // A new form's untouched starting endpoint is replaced by the import (issue 21.9).
    await expect
      .poll(() => page.getByTestId('endpoint-panel').count())
      .toBe(before === 1 ? 1 : before + 1);
    // Nothing the user did not do blocks generation (cURL has no response: a 200 is given).
    await expect.poll(() => page.getByTestId('blocked-reason').count()).toBe(0);
    // The imported body: its examples and schema, re-inferred into the imported schema.
    const panel = page.getByTestId('endpoint-panel').last();
    const extras = panel.getByTestId('request-body').getByTestId('body-extras');
    await extras.locator('summary').click();
    await extras.getByRole('button', { name: 'Infer schema from examples' }).click();
    await extras.getByTestId('schema-row').first().waitFor();
    await extras.getByLabel('qty: maximum').fill('1');
    await extras.getByTestId('example-problems').waitFor();
    await extras.getByRole('button', { name: 'Infer schema from examples' }).click();
    await extras.getByTestId('schema-conflict').first().waitFor();
    await extras.scrollIntoViewIfNeeded();
    await shot('body-extras');
    const html = await page.content();
    expect(html).not.toContain('SECRET-1');
    expect(html).not.toContain('SECRET-2');
    expect(cspViolations).toEqual([]);
  }, 120_000);

  it('imports a 20 MB HAR of 1,000 entries with no main-thread task over 50 ms', async () => {
    const file = path.join(folder, 'session.har');
    await writeFile(file, generateHar(1000, 20 * 1000 * 1000));
    await page.getByRole('button', { name: 'Import traffic' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import traffic' });
    const started = await page.evaluate(() => performance.now());
    await dialog.getByTestId('traffic-file').setInputFiles(file);
    await dialog.getByTestId('traffic-pick').first().waitFor({ timeout: 60_000 });
    const ended = await page.evaluate(() => performance.now());
    const tasks = await page.evaluate(
      ([from, to]) =>
        (window as unknown as PerfWindow).__longTasks.filter(
          (task) => task.start >= (from as number) && task.start <= (to as number),
        ),
      [started, ended],
    );
    console.log(
      `HAR import in the page: ${(ended - started).toFixed(0)} ms; long tasks: ${JSON.stringify(tasks)}`,
    );
    expect(tasks.filter((task) => task.duration > 50)).toEqual([]);
    await expect.poll(() => dialog.getByTestId('traffic-pick').count()).toBe(32);
    await shot('har');
    const before = await page.getByTestId('endpoint-panel').count();
    await dialog.getByTestId('traffic-add').click();
    await expect.poll(() => page.getByTestId('endpoint-panel').count()).toBeGreaterThan(before);
    expect(cspViolations).toEqual([]);
  }, 180_000);

  it('refuses a 50 MB HAR at once with a clear message', async () => {
    const file = path.join(folder, 'huge.har');
    await writeFile(file, ' '.repeat(50 * 1000 * 1000));
    await page.getByRole('button', { name: 'Import traffic' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import traffic' });
    await dialog.getByTestId('traffic-file').setInputFiles(file);
    await expect
      .poll(() => dialog.getByTestId('traffic-error').textContent())
      .toContain('huge.har is 47.7 MB; HAR files up to 32 MB can be imported.');
    await shot('too-large');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
  }, 120_000);
});
