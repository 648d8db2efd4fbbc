/**
 * The user's path on every corpus document (`npm run bench:paths`; a script, not a test; issue
 * 18.6). Real server, real Chromium, production build. For each document in
 * ../shared/corpus/openapi/ and ../shared/corpus/openapi-versions/: paste it into the output
 * editor (a JSON document through the JSON-paste dialog → Convert, YAML directly), Load YAML,
 * type in a field, Generate, copy the whole output (Ctrl+A, Ctrl+C). Prints a table per document:
 * the time of each step and the longest main-thread task during it (target: none over 50 ms).
 *
 * BENCH_ONLY=<substring> measures only the documents whose file name contains it.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, ROOT, startServer, type StartedServer } from '../tests/e2e/harness';
import { instrumentedPage, longestTaskSince, openGeneratorAsDemo } from './support';

const FOLDERS = ['../shared/corpus/openapi', '../shared/corpus/openapi-versions'].map((folder) =>
  path.resolve(ROOT, folder),
);
const ONLY = process.env.BENCH_ONLY;
/** Quiet time after each step in which its follow-up work (validation, saving) still counts. */
const SETTLE_MS = 2000;

interface Step {
  ms: number;
  longest: number;
  note?: string;
}

type StepName = 'paste' | 'load' | 'type' | 'generate' | 'copy';
const STEPS: StepName[] = ['paste', 'load', 'type', 'generate', 'copy'];

const now = (page: Page) => page.evaluate(() => performance.now());

/** Polls `done` in the page every frame; resolves with the ms from the start of the wait. */
async function until(page: Page, started: number, done: () => boolean, timeout = 120_000) {
  await page.waitForFunction(done, undefined, { timeout, polling: 'raf' });
  return (await now(page)) - started;
}

async function measure(
  page: Page,
  run: (started: number) => Promise<number | string>,
): Promise<Step> {
  const started = await now(page);
  const result = await run(started);
  await page.waitForTimeout(SETTLE_MS);
  const longest = await longestTaskSince(page, started);
  return typeof result === 'number' ? { ms: result, longest } : { ms: NaN, longest, note: result };
}

const loadEnabled = () =>
  [...document.querySelectorAll('button')].some(
    (b) => b.textContent === 'Load YAML' && !b.disabled,
  );

async function onePath(browser: Browser, server: StartedServer, file: string) {
  const text = await readFile(file, 'utf8');
  const json = text.trimStart().startsWith('{');
  const { context, page } = await instrumentedPage(browser, server, { width: 1440, height: 900 });
  const steps: Partial<Record<StepName, Step>> = {};
  try {
    await openGeneratorAsDemo(page, server);
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await page.locator('.monaco-editor .view-lines').click({ position: { x: 24, y: 8 } });
    await page.keyboard.press('Control+A');

    steps.paste = await measure(page, async (started) => {
      await page.keyboard.press('Control+V');
      if (json) {
        const dialog = page.getByTestId('json-paste-dialog');
        await dialog.waitFor({ timeout: 60_000 });
        await dialog.getByRole('button', { name: 'Convert' }).click();
      }
      return until(page, started, loadEnabled);
    });

    steps.load = await measure(page, async (started) => {
      await page.getByRole('button', { name: 'Load YAML' }).click();
      return until(
        page,
        started,
        () => {
          const replace = [
            ...document.querySelectorAll('[data-testid=confirm-dialog] button'),
          ].find((b) => b.textContent === 'Replace');
          if (replace instanceof HTMLButtonElement) replace.click();
          const busy = [...document.querySelectorAll('button')].some(
            (b) => b.textContent === 'Loading…',
          );
          return !busy && document.querySelector('[data-testid=endpoint-panel]') !== null;
        },
        180_000,
      );
    });

    steps.type = await measure(page, async (started) => {
      const panel = page.getByTestId('endpoint-panel').first();
      const expand = panel.getByRole('button', { name: 'Expand endpoint' });
      if (await expand.isVisible()) await expand.click();
      const field = panel.getByLabel('Summary', { exact: true });
      await field.click();
      await page.keyboard.press('End');
      await page.keyboard.type(' typed', { delay: 40 });
      return (await now(page)) - started;
    });

    steps.generate = await measure(page, async (started) => {
      const generate = page.getByRole('button', { name: 'Generate OpenAPI' });
      await page.waitForTimeout(300); // validation of the typed text
      if (!(await generate.isEnabled())) return 'blocked by problems';
      await generate.click();
      return until(
        page,
        started,
        () =>
          ![...document.querySelectorAll('button')].some((b) => b.textContent === 'Generating…'),
        180_000,
      );
    });

    steps.copy = await measure(page, async (started) => {
      await page.evaluate(() => navigator.clipboard.writeText(''));
      // Below the sticky lines (which take the clicks at the top once the editor has scrolled).
      await page
        .locator('.monaco-editor .view-lines')
        .click({ position: { x: 200, y: 160 }, force: true });
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Control+C');
      await page.waitForFunction(
        async () => (await navigator.clipboard.readText()).length > 0,
        undefined,
        { timeout: 60_000, polling: 100 },
      );
      return (await now(page)) - started;
    });
  } catch (error) {
    const failed = STEPS.find((step) => steps[step] === undefined);
    if (failed)
      steps[failed] = { ms: NaN, longest: NaN, note: `failed: ${String(error).slice(0, 120)}` };
  } finally {
    await context.close();
  }
  return steps;
}

function cell(step: Step | undefined): string {
  if (step === undefined) return '–';
  const time = step.note ?? `${step.ms.toFixed(0)} ms`;
  const longest = Number.isNaN(step.longest) ? '–' : `${step.longest.toFixed(0)} ms`;
  return `${time} / ${longest}${step.longest > 50 ? ' ⚠' : ''}`;
}

async function main(): Promise<void> {
  const files: string[] = [];
  for (const folder of FOLDERS) {
    if (!existsSync(folder)) {
      console.log(`bench:paths: ${folder} is missing; skipped.`);
      continue;
    }
    for (const name of (await readdir(folder)).sort()) {
      if (!/\.(ya?ml|json)$/.test(name) || (ONLY && !name.includes(ONLY))) continue;
      files.push(path.join(folder, name));
    }
  }
  if (files.length === 0) {
    console.log('bench:paths: no corpus documents; nothing to measure.');
    return;
  }
  const server = await startServer();
  const browser = await launchBrowser();
  const rows: string[] = [];
  try {
    for (const file of files) {
      const size = (await readFile(file)).length;
      console.error(`bench:paths: ${path.basename(file)}…`);
      const steps = await onePath(browser, server, file);
      const row = `| ${path.basename(file)} | ${(size / 1e6).toFixed(2)} MB | ${STEPS.map((s) => cell(steps[s])).join(' | ')} |`;
      rows.push(row);
      console.error(row);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log('Each cell: time of the step / longest main-thread task during it (+2 s after).');
  console.log('| document | size | paste | load | type | generate | copy |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
