/**
 * Docs preview benchmark (`npm run bench:preview`; a script, not a test; issue 20.3). Real server
 * serving the production build, real Chromium. For each of the corpus' three largest documents
 * (Stripe 4 MB, OpenAI 1.3 MB, Intercom 0.5 MB): the document goes into the output editor, the
 * Preview tab is opened, and it prints
 * - time from the click to "rendered" (the frame's message after Scalar's first paint);
 * - the longest task of the page's main thread during that time (a 'longtask' observer; a frame
 *   rendering in the page's own process would show here) and the longest gap between the page's
 *   animation frames (what a user typing would feel);
 * - the longest task inside the preview frame itself (its own process, not the editor's).
 *
 * BENCH_EXTRA_DOCS=/path/a.json,/path/b.yaml measures more documents (issue 28.5: GitHub's 13 MB
 * description); a JSON document is pasted as YAML (the page would ask how to open a pasted JSON
 * document), and BENCH_LOAD=1 also loads each into the form first (the preview then reads the
 * open document, not the text). A large document renders one part: the row names it.
 */
import { existsSync } from 'node:fs';
import { stringify } from 'yaml';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, ROOT, startServer } from '../tests/e2e/harness';
import {
  instrumentedPage,
  longestTaskSince,
  openGeneratorAsDemo,
  type PerfWindow,
} from './support';

const CORPUS = path.resolve(ROOT, '../shared/corpus/openapi');
/** BENCH_DOCS=Stripe,OpenAI measures only those. */
const ONLY = process.env.BENCH_DOCS?.split(',');
const DOCUMENTS = (
  [
    ['Stripe', 'stripe__spec3.yaml'],
    ['OpenAI', 'openai__openapi.yaml'],
    ['Intercom', 'intercom__api.intercom.io-2.7.yaml'],
  ] as const
).filter(([name]) => !ONLY || ONLY.includes(name));
/** More documents by path (BENCH_EXTRA_DOCS, comma-separated). */
const EXTRA = (process.env.BENCH_EXTRA_DOCS ?? '').split(',').filter((file) => file !== '');
const LOAD = process.env.BENCH_LOAD === '1';
/** Parts to switch to after the first render (BENCH_PARTS=tag:repos#1,webhooks:#3), each measured. */
/** How long the frame's answer (its longest task) is waited for. */
const FRAME_WAIT_MS = Number(process.env.BENCH_FRAME_WAIT_MS ?? 120_000);
const SWITCH = (process.env.BENCH_PARTS ?? '').split(',').filter((id) => id !== '');

interface Row {
  name: string;
  size: string;
  renderedMs: number;
  pageLongestTask: number;
  longestFrameGap: number;
  frameLongestTask: number;
  /** The part shown and the parts offered, for a large document. */
  part: string;
  /** The worker's time to read the text and make the part (the pane's data-prepared-ms). */
  preparedMs: number;
}

function preparedMsOf(page: Page): Promise<number> {
  return page.evaluate(() =>
    Number(
      document
        .querySelector('[data-testid=docs-preview] [data-state]')
        ?.getAttribute('data-prepared-ms') ?? NaN,
    ),
  );
}

/** Puts `text` into the output editor the way a user pastes it (not measured). */
async function pasteIntoOutput(page: Page, text: string): Promise<void> {
  const yamlTab = page.getByRole('tab', { name: 'YAML' }).first();
  if ((await yamlTab.getAttribute('aria-selected')) !== 'true') await yamlTab.click();
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+V');
  // Until the page is idle: validation of the pasted text and its panels are not the preview's.
  for (let quiet = 0, i = 0; quiet < 2 && i < 40; i++) {
    const before = await page.evaluate(
      () => (window as unknown as PerfWindow).__perf.longTasks.length,
    );
    await page.waitForTimeout(1500);
    const after = await page.evaluate(
      () => (window as unknown as PerfWindow).__perf.longTasks.length,
    );
    quiet = after === before ? quiet + 1 : 0;
  }
}

/** Loads the pasted text into the form (Load YAML, Replace) and waits for the navigator. */
async function loadPasted(page: Page): Promise<void> {
  const load = page.getByRole('button', { name: 'Load YAML' });
  for (let i = 0; i < 120 && !(await load.isEnabled()); i++) await page.waitForTimeout(500);
  await load.click();
  await page
    .getByTestId('confirm-dialog')
    .getByRole('button', { name: 'Replace', exact: true })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await page
    .getByTestId('nav-total')
    .filter({ hasText: /^[\d,]+ endpoints$/ })
    .waitFor({ timeout: 180_000 });
  await page.waitForTimeout(3000);
}

/** The frame's longest task (its own process), NaN when it cannot be read. */
async function frameLongestTaskOf(page: Page, name: string): Promise<number> {
  const frame = page.frames().find((f) => f.url().includes('/preview-frame.html'));
  if (!frame) return NaN;
  // A frame still busy (Scalar goes on after its first paint) answers only when its task ends:
  // waited for up to FRAME_WAIT_MS, and the wait is reported.
  const t0 = Date.now();
  const read = frame
    .evaluate(() =>
      Math.max(0, ...(window as unknown as PerfWindow).__perf.longTasks.map((x) => x.duration)),
    )
    .catch((error: unknown) => {
      console.error(`bench:preview: ${name}: the frame's tasks could not be read: ${error}`);
      return NaN;
    });
  const answer = await Promise.race([
    read,
    new Promise<'busy'>((resolve) => setTimeout(() => resolve('busy'), FRAME_WAIT_MS)),
  ]);
  if (answer === 'busy') {
    console.error(`bench:preview: ${name}: the frame did not answer within ${FRAME_WAIT_MS} ms`);
    return Infinity;
  }
  if (Date.now() - t0 > 1000) {
    console.error(`bench:preview: ${name}: the frame answered after ${Date.now() - t0} ms`);
  }
  return answer;
}

/** Switches the preview to another part of a large document, from the choice to "rendered". */
async function switchPart(page: Page, name: string, id: string, size: string): Promise<Row> {
  const select = page.getByTestId('preview-part-select');
  const since = await page.evaluate(() => performance.now());
  await select.selectOption(id);
  const done = await page.waitForFunction(
    () => {
      const state = document
        .querySelector('[data-testid=docs-preview] [data-state]')
        ?.getAttribute('data-state');
      if (state === 'error' || state === 'frame-error') throw new Error('the preview failed');
      return state === 'rendered' ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 180_000 },
  );
  const renderedMs = ((await done.jsonValue()) as number) - since;
  await page.waitForTimeout(1000);
  return {
    name: `${name} → ${id}`,
    size,
    renderedMs,
    pageLongestTask: await longestTaskSince(page, since),
    longestFrameGap: NaN,
    frameLongestTask: await frameLongestTaskOf(page, name),
    part: (await select.locator('option:checked').textContent()) ?? '',
    preparedMs: await preparedMsOf(page),
  };
}

async function measure(page: Page, name: string, text: string): Promise<Row> {
  await pasteIntoOutput(page, text);
  if (LOAD) await loadPasted(page);
  const since = await page.evaluate(() => performance.now());
  const { renderedMs, longestFrameGap } = await page.evaluate(
    () =>
      new Promise<{ renderedMs: number; longestFrameGap: number }>((resolve, reject) => {
        const t0 = performance.now();
        let last = t0;
        let longestFrameGap = 0;
        const tab = [...document.querySelectorAll('[role=tab]')].find(
          (b) => b.textContent === 'Preview',
        );
        if (!(tab instanceof HTMLElement)) {
          reject(new Error('no Preview tab'));
          return;
        }
        tab.click();
        const check = () => {
          const now = performance.now();
          longestFrameGap = Math.max(longestFrameGap, now - last);
          last = now;
          const box = document.querySelector('[data-testid=docs-preview] [data-state]');
          const state = box?.getAttribute('data-state');
          if (state === 'rendered') resolve({ renderedMs: now - t0, longestFrameGap });
          else if (state === 'error') reject(new Error('the preview reported an error'));
          else if (now - t0 > 180_000) reject(new Error('not rendered within 180 s'));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
  await page.waitForTimeout(1000);
  const pageLongestTask = await longestTaskSince(page, since);
  const parts = page.getByTestId('preview-part-select');
  const part =
    (await parts.count()) > 0
      ? `${await parts.locator('option:checked').textContent()} (1 of ${await parts.locator('option').count()} parts)`
      : 'whole';
  if (process.env.BENCH_VERBOSE) {
    const tasks = await page.evaluate(
      (t) =>
        (window as unknown as PerfWindow).__perf.longTasks
          .filter((x) => x.start >= t)
          .map((x) => `+${Math.round(x.start - t)} ms: ${Math.round(x.duration)} ms`),
      since,
    );
    console.error(`bench:preview: ${name}: page tasks over 50 ms: ${tasks.join(', ')}`);
    // What ran in the long animation frames (script attribution), to tell what a task was.
    const frames = await page.evaluate(
      (t) =>
        (window as unknown as PerfWindow).__perf.frames
          .filter((x) => x.start >= t)
          .map(
            (x) =>
              `+${Math.round(x.start - t)} ms: ${Math.round(x.duration)} ms [${x.scripts
                .map((s) => `${s.what} ${Math.round(s.duration)} ms`)
                .join('; ')}]`,
          ),
      since,
    );
    console.error(`bench:preview: ${name}: long animation frames:\n  ${frames.join('\n  ')}`);
  }
  const frameLongestTask = await frameLongestTaskOf(page, name);
  return {
    name,
    size: `${(text.length / 1024 / 1024).toFixed(1)} MB`,
    renderedMs,
    pageLongestTask,
    longestFrameGap,
    frameLongestTask,
    part,
    preparedMs: await preparedMsOf(page).catch(() => NaN),
  };
}

async function main(): Promise<void> {
  if (!existsSync(CORPUS) && EXTRA.length === 0) {
    console.log(`bench:preview: the corpus is missing (${CORPUS}); nothing to measure.`);
    return;
  }
  const server = await startServer();
  const browser = await launchBrowser();
  const rows: Row[] = [];
  try {
    const { page } = await instrumentedPage(browser, server, { width: 1440, height: 900 });
    await openGeneratorAsDemo(page, server);
    for (const [name, file] of DOCUMENTS) {
      const full = path.join(CORPUS, file);
      if (!existsSync(full)) continue;
      console.error(`bench:preview: ${name}…`);
      rows.push(await measure(page, name, await readFile(full, 'utf8')));
    }
    for (const file of EXTRA) {
      const name = path.basename(file);
      console.error(`bench:preview: ${name}…`);
      const raw = await readFile(file, 'utf8');
      const text = file.endsWith('.json')
        ? stringify(JSON.parse(raw), { indent: 2, lineWidth: 0, aliasDuplicateObjects: false })
        : raw;
      const row = await measure(page, name, text);
      rows.push(row);
      for (const id of SWITCH) {
        // Parts of another document are left out.
        const option = page.getByTestId('preview-part-select').locator(`option[value="${id}"]`);
        if ((await option.count()) > 0) rows.push(await switchPart(page, name, id, row.size));
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const ms = (n: number) => `${Math.round(n)} ms`;
  console.log(
    `| Document${LOAD ? ' (loaded)' : ''} | Size | Preview → rendered | Longest task, page | Longest frame gap, page | Longest task, preview frame | Prepared in the worker | Shown |`,
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.size} | ${ms(r.renderedMs)} | ${ms(r.pageLongestTask)} | ${ms(r.longestFrameGap)} | ${ms(r.frameLongestTask)} | ${ms(r.preparedMs)} | ${r.part} |`,
    );
  }
}

await main();
