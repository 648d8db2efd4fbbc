/**
 * Benchmark of the endpoint navigator and the output's reveal (issue 20 point 7; `npm run
 * bench:navigator [document…]`, a script, not a test). Real server, production build, Chromium.
 * For each document (paths, or corpus file names; by default Stripe, OpenAI and Intercom from
 * ../shared/corpus/openapi; also NAVIGATOR_DOCUMENTS=a.yaml,b.yaml): loads it, then measures
 *  - a filter keystroke → the list updated (the next frame after the tree changed),
 *  - scrolling the whole list with the wheel (frames per second, longest frame gap),
 *  - opening an endpoint with the keyboard (Enter → its panel body shown, next frame),
 *  - Generate after a one-line edit → the changed line revealed and highlighted in the editor,
 * with the longest main-thread task (PerformanceObserver 'longtask', ≥ 50 ms) of each.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, ROOT, startServer } from '../tests/e2e/harness';
import { instrumentedPage, longestTaskSince, openGeneratorAsDemo, percentile } from './support';

const CORPUS = path.resolve(ROOT, '../shared/corpus/openapi');
const DEFAULTS = [
  'intercom__api.intercom.io-2.7.yaml',
  'openai__openapi.yaml',
  'stripe__spec3.yaml',
];

function documents(): string[] {
  const named = [
    ...process.argv.slice(2),
    ...(process.env.NAVIGATOR_DOCUMENTS ?? '').split(',').filter(Boolean),
  ];
  return (named.length > 0 ? named : DEFAULTS).map((name) =>
    existsSync(name) ? path.resolve(name) : path.join(CORPUS, name),
  );
}

const now = (page: Page) => page.evaluate(() => performance.now());

/** Milliseconds from `start` (page clock) until `selector` matches, measured at the next frame. */
function untilFrameAfter(page: Page, start: number, check: string): Promise<number> {
  return page.evaluate(
    ([t0, source]) =>
      new Promise<number>((resolve, reject) => {
        const test = new Function(`return (${source})`) as () => boolean;
        const deadline = performance.now() + 300_000;
        const poll = () => {
          if (test()) resolve(performance.now() - t0);
          else if (performance.now() > deadline) reject(new Error(`timed out: ${source}`));
          else requestAnimationFrame(poll);
        };
        poll();
      }),
    [start, check] as const,
  );
}

interface Row {
  document: string;
  size: string;
  endpoints: number;
  load: number;
  filterP50: number;
  filterMax: number;
  filterTask: number;
  scrolled: number;
  scrollFps: number;
  scrollGap: number;
  scrollTask: number;
  openP50: number;
  openMax: number;
  openTask: number;
  generate: number;
  generateTask: number;
}

async function measure(page: Page, file: string): Promise<Row> {
  const text = await readFile(file, 'utf8');
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+V');
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('button')].some(
        (b) => b.textContent === 'Load YAML' && !b.disabled,
      ),
    undefined,
    { timeout: 120_000 },
  );
  const loadStart = await now(page);
  await page.getByRole('button', { name: 'Load YAML' }).click();
  const replace = page
    .getByTestId('confirm-dialog')
    .getByRole('button', { name: 'Replace', exact: true });
  await replace.click({ timeout: 3_000 }).catch(() => undefined);
  const load = await untilFrameAfter(
    page,
    loadStart,
    `/^\\d{2,} endpoints$/.test(document.querySelector('[data-testid=nav-total]')?.textContent ?? '')`,
  );
  await page.waitForTimeout(4000); // validation, saving, folding settle
  const endpoints = Number(
    (await page.getByTestId('nav-total').textContent())?.split(' ')[0] ?? 'NaN',
  );

  // Filter keystrokes: terms taken from paths spread over the document.
  const titles = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid=nav-endpoint]')].map(
      (el) => el.getAttribute('title') ?? '',
    ),
  );
  const words = [
    ...new Set(
      titles
        .map((title) =>
          (title.split(' ')[1] ?? '').split('/').filter((s) => /^[a-z_-]{4,}$/i.test(s)),
        )
        .flat(),
    ),
  ];
  const terms = [words[1], words[Math.floor(words.length / 2)], words[words.length - 1]].filter(
    (w): w is string => w !== undefined,
  );
  const filter = page.getByTestId('nav-filter');
  const keyTimes: number[] = [];
  const filterStart = await now(page);
  for (const term of terms) {
    await filter.fill('');
    await page.waitForTimeout(300);
    for (const char of term.slice(0, 6)) {
      // The first change of the tree after the key (rows, counts or highlights), at its frame.
      const start = await page.evaluate(() => {
        const w = window as unknown as { __listUpdated?: Promise<number> };
        const t0 = performance.now();
        w.__listUpdated = new Promise<number>((resolve) => {
          const observer = new MutationObserver(() => {
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - t0));
          });
          observer.observe(document.querySelector('[data-testid=navigator]')!, {
            subtree: true,
            childList: true,
            characterData: true,
          });
          setTimeout(() => {
            observer.disconnect();
            resolve(NaN);
          }, 5_000);
        });
        return t0;
      });
      void start;
      await page.keyboard.type(char);
      const took = await page.evaluate(
        () => (window as unknown as { __listUpdated: Promise<number> }).__listUpdated,
      );
      if (Number.isFinite(took)) keyTimes.push(took);
      await page.waitForTimeout(150);
    }
  }
  const filterTask = await longestTaskSince(page, filterStart);

  // Scrolling the whole list with the wheel: frames per second and the longest gap between frames.
  await filter.fill('');
  await page.waitForTimeout(600);
  await page.getByTestId('nav-tree').hover();
  await page.evaluate(() => {
    const w = window as unknown as { __frames?: number[]; __framing?: boolean };
    w.__frames = [];
    w.__framing = true;
    const tick = (t: number) => {
      w.__frames!.push(t);
      if (w.__framing) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const scrollStart = await now(page);
  for (let i = 0; i < 150; i++) {
    await page.mouse.wheel(0, 120);
    await page.waitForTimeout(16);
  }
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __framing: boolean };
    w.__framing = false;
    return w.__frames;
  });
  const scrollTask = await longestTaskSince(page, scrollStart);
  const scrolled = await page.evaluate(
    () => document.querySelector('[data-testid=nav-tree]')?.scrollTop ?? 0,
  );
  const gaps = frames.slice(1).map((t, i) => t - frames[i]!);
  const scrollFps =
    frames.length > 1 ? ((frames.length - 1) * 1000) / (frames.at(-1)! - frames[0]!) : NaN;
  const scrollGap = Math.max(...gaps);

  // Opening endpoints with the keyboard: a filter, ↓, Enter → the panel expanded.
  const openTimes: number[] = [];
  let openTask = 0;
  for (const term of terms) {
    await filter.fill(term);
    await page.waitForTimeout(400);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const id = await page
      .locator('[data-testid=nav-tree] .gen-nav-row-active')
      .getAttribute('data-endpoint');
    if (!id) continue;
    const start = await now(page);
    await page.keyboard.press('Enter');
    openTimes.push(
      await untilFrameAfter(
        page,
        start,
        `!!document.querySelector('[data-endpoint-id="${id}"] .gen-panel-body')`,
      ),
    );
    await page.waitForTimeout(600);
    // The tasks of opening: from Enter until the page is quiet again (the filter's own are above).
    openTask = Math.max(openTask, await longestTaskSince(page, start));
  }

  // Generate after a one-line edit (the last endpoint opened): the change revealed.
  const opened = await page
    .locator('[data-testid=nav-tree] .gen-nav-row-active')
    .getAttribute('data-endpoint');
  const summary = page.locator(`[data-endpoint-id="${opened}"]`).getByLabel('Summary', {
    exact: true,
  });
  const changed = `Changed by bench navigator ${Date.now()}`;
  await summary.fill(changed);
  const generate = page.getByRole('button', { name: 'Generate OpenAPI' });
  let generateMs = NaN;
  let generateTask = NaN;
  try {
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('button')].some(
          (b) => b.textContent === 'Generate OpenAPI' && !b.disabled,
        ),
      undefined,
      { timeout: 20_000 },
    );
    const start = await now(page);
    await generate.click();
    generateMs = await untilFrameAfter(
      page,
      start,
      `(document.querySelector('.monaco-editor .view-lines')?.textContent ?? '').replace(/\\u00a0/g, ' ').includes(${JSON.stringify(changed)}) && !!document.querySelector('.monaco-editor .gen-changed-line')`,
    );
    await page.waitForTimeout(3000);
    generateTask = await longestTaskSince(page, start);
  } catch (failure) {
    console.error(`bench:navigator: generate failed for ${path.basename(file)}:`, failure);
  }
  return {
    document: path.basename(file),
    size: `${(text.length / 1024 / 1024).toFixed(1)} MB`,
    endpoints,
    load,
    filterP50: percentile(keyTimes, 50),
    filterMax: Math.max(...keyTimes),
    filterTask,
    scrolled,
    scrollFps,
    scrollGap,
    scrollTask,
    openP50: percentile(openTimes, 50),
    openMax: Math.max(...openTimes),
    openTask,
    generate: generateMs,
    generateTask,
  };
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : 'n/a');
/** longtask entries start at 50 ms: none means every task was shorter. */
const task = (value: number) => (value === 0 ? '< 50 ms' : ms(value));

async function main(): Promise<void> {
  const files = documents();
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    console.error(
      `bench:navigator: missing ${missing.join(', ')} (the corpus is ../shared/corpus)`,
    );
    process.exitCode = 1;
    return;
  }
  const server = await startServer();
  const browser = await launchBrowser();
  const rows: Row[] = [];
  const version = browser.version();
  try {
    for (const file of files) {
      console.error(`bench:navigator: ${path.basename(file)}…`);
      const { context, page } = await instrumentedPage(browser, server, {
        width: 1440,
        height: 900,
      });
      try {
        await openGeneratorAsDemo(page, server);
        const row = await measure(page, file);
        rows.push(row);
        console.error(JSON.stringify(row));
      } catch (failure) {
        console.error(`bench:navigator: ${path.basename(file)} failed:`, failure);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const header = [
    'document',
    'endpoints',
    'load',
    'filter key → list p50 / max',
    'filter longest task',
    'list scroll fps / longest frame gap / longest task',
    'open endpoint p50 / max',
    'open longest task',
    'Generate → change revealed',
    'Generate longest task',
  ];
  const lines = rows.map((r) => [
    `${r.document} (${r.size})`,
    String(r.endpoints),
    ms(r.load),
    `${ms(r.filterP50)} / ${ms(r.filterMax)}`,
    task(r.filterTask),
    `${r.scrollFps.toFixed(0)} fps over ${r.scrolled} px / ${ms(r.scrollGap)} / ${task(r.scrollTask)}`,
    `${ms(r.openP50)} / ${ms(r.openMax)}`,
    task(r.openTask),
    ms(r.generate),
    task(r.generateTask),
  ]);
  console.log(`\nNavigator, production build, Chromium ${version}, 1440×900\n`);
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const line of lines) console.log(`| ${line.join(' | ')} |`);
}

await main();
