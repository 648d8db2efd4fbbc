/**
 * The user's flows on every corpus document (`npm run bench:flows`; a script, not a test; issue
 * 18 point 6). Real server, Chromium, the production build (DIST_DIR picks another build). For
 * each document of ../shared/corpus/openapi and ../shared/corpus/openapi-versions:
 *  1. paste it into the output editor through the clipboard (Ctrl+V in Monaco); a JSON document
 *     brings up the JSON-paste dialog, whose Open as JSON is clicked (BENCH_JSON=yaml: Convert);
 *  2. Load YAML;
 *  3. type a few characters into the Summary of an opened endpoint panel;
 *  4. Generate;
 *  5. copy the whole output (Ctrl+A, Ctrl+C in the editor);
 *  6. reload the page: done when the workspace is restored (its panels shown, the output editor
 *     holding the text that was copied, character for character, else the step says so).
 * For each step: the time until it is done and the longest main-thread task (PerformanceObserver
 * 'longtask', so nothing under 50 ms is seen) from its start until 2 s after it is done. After
 * Load, the JS heap of the page and of each worker (CDP, after a garbage collection).
 *
 * BENCH_DOCS=stripe,paypal measures only documents whose file name contains one of the parts;
 * BENCH_EXTRA_DIRS adds folders of other documents (larger ones made for the purpose).
 * BENCH_PROFILE=<dir> with BENCH_STEP=paste,load,type,generate,copy (one or more) writes a CPU
 * profile of those steps per document (<dir>/<document>.<step>.cpuprofile, open it in Chrome's DevTools).
 * BENCH_FRAMES=1 adds each step's long animation frames (what ran in them) to the JSON lines.
 * BENCH_TRACE=1 writes a Chromium trace of those steps instead; with BENCH_TRACE_JS=1 it holds
 * the JavaScript samples too, so each long task (RunTask) can be matched to what ran in it.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { launchBrowser, ROOT, startServer, type StartedServer } from '../tests/e2e/harness';
import {
  focusFirstSummary,
  instrumentedPage,
  loadEnabled,
  loadedAndShown,
  now,
  openGeneratorAsDemo,
  pasteIntoOutput,
  readyOutputPaste,
  until,
  type PerfWindow,
} from './support';

/** BENCH_EXTRA_DIRS=<dir>,<dir>: more folders of documents to measure (not in the corpus). */
const FOLDERS = [
  '../shared/corpus/openapi',
  '../shared/corpus/openapi-versions',
  ...(process.env.BENCH_EXTRA_DIRS ?? '').split(',').filter(Boolean),
].map((folder) => path.resolve(ROOT, folder));
const FILTER = (process.env.BENCH_DOCS ?? '').split(',').filter(Boolean);
/** How many times each document's flow runs (a fresh page each time). */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? '1'));
const PROFILE_DIR = process.env.BENCH_PROFILE;
const PROFILE_STEPS = (process.env.BENCH_STEP ?? '').split(',');
/** BENCH_TRACE=1: a Chromium trace of those steps instead (<document>.<step>.trace.json). */
const TRACE = process.env.BENCH_TRACE === '1';
/**
 * BENCH_FRAMES=1: with each step's long tasks, the long animation frames of the step (what ran
 * in them: script entry points with their forced layouts, and when rendering began), to tell a
 * script's task from a render frame without a profile.
 */
const FRAMES = process.env.BENCH_FRAMES === '1';
/** Quiet time after each step in which its follow-up work (validation, saving) still counts. */
const SETTLE_MS = 2000;

type StepName = 'paste' | 'load' | 'type' | 'generate' | 'copy' | 'reload';
const STEPS: StepName[] = ['paste', 'load', 'type', 'generate', 'copy', 'reload'];

interface Step {
  /** Until done (ms), NaN when the step did not finish. */
  ms: number;
  /** The longest task (ms) from the step's start until SETTLE_MS after it; 0 for none ≥ 50 ms. */
  longest: number;
  /** Every long task of the step (ms, rounded). */
  tasks: number[];
  /** BENCH_FRAMES=1: the step's long animation frames, summarised. */
  frames?: string[];
  note?: string;
}

interface Memory {
  page: number;
  workers: { url: string; used: number }[];
}

interface Result {
  document: string;
  bytes: number;
  steps: Partial<Record<StepName, Step>>;
  memory?: Memory;
}

function longTasksSince(page: Page, since: number): Promise<number[]> {
  return page.evaluate(
    (t) =>
      (window as unknown as PerfWindow).__perf.longTasks
        .filter((x) => x.start >= t)
        .map((x) => Math.round(x.duration)),
    since,
  );
}

/** The long animation frames from `since` on, one line each (BENCH_FRAMES). */
async function framesSince(page: Page, since: number): Promise<string[]> {
  const frames = await page.evaluate(
    (t) => (window as unknown as PerfWindow).__perf.frames.filter((x) => x.start >= t),
    since,
  );
  const ms = (x: number) => Math.round(x);
  return frames.map((f) => {
    const render = f.renderStart > 0 ? ` render@${ms(f.renderStart)}` : '';
    const layout = f.styleAndLayoutStart > 0 ? ` layout@${ms(f.styleAndLayoutStart)}` : '';
    const scripts = [...f.scripts]
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 3)
      .map(
        (x) =>
          `${x.what} ${ms(x.duration)}${x.forcedLayout >= 1 ? ` (forced ${ms(x.forcedLayout)})` : ''}`,
      )
      .join('; ');
    return `${ms(f.duration)}${render}${layout}: ${scripts}`;
  });
}

async function step(
  page: Page,
  name: StepName,
  document: string,
  run: (started: number) => Promise<number | string>,
  /** The step navigates: its tasks are the new page's, from its start (its clock starts at 0). */
  navigates = false,
): Promise<Step> {
  let profiler: CDPSession | undefined;
  if (PROFILE_DIR && PROFILE_STEPS.includes(name) && !TRACE) {
    profiler = await page.context().newCDPSession(page);
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
    await profiler.send('Profiler.start');
  }
  const tracing = TRACE && PROFILE_DIR && PROFILE_STEPS.includes(name);
  if (tracing) {
    await mkdir(PROFILE_DIR!, { recursive: true });
    await page
      .context()
      .browser()!
      .startTracing(page, {
        path: path.join(PROFILE_DIR!, `${document}.${name}.trace.json`),
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          // A forced layout's JavaScript stack (the Layout event's beginData.stackTrace).
          'disabled-by-default-devtools.timeline.stack',
          'v8',
          'blink',
          // BENCH_TRACE_JS=1: JavaScript samples in the trace (which function a long task ran).
          ...(process.env.BENCH_TRACE_JS === '1' ? ['disabled-by-default-v8.cpu_profiler'] : []),
        ],
      });
  }
  const started = await now(page);
  let result: number | string;
  try {
    result = await run(started);
  } catch (error) {
    result = `failed: ${String(error).split('\n')[0]!.slice(0, 100)}`;
  }
  await page.waitForTimeout(SETTLE_MS);
  const tasks = await longTasksSince(page, navigates ? 0 : started);
  const frames = FRAMES ? await framesSince(page, navigates ? 0 : started) : undefined;
  if (tracing) await page.context().browser()!.stopTracing();
  if (profiler) {
    const { profile } = await profiler.send('Profiler.stop');
    await mkdir(PROFILE_DIR!, { recursive: true });
    await writeFile(
      path.join(PROFILE_DIR!, `${document}.${name}.cpuprofile`),
      JSON.stringify(profile),
    );
    await profiler.detach();
  }
  const longest = Math.max(0, ...tasks);
  return typeof result === 'number'
    ? { ms: result, longest, tasks, frames }
    : { ms: NaN, longest, tasks, frames, note: result };
}

/**
 * The JS heap in use by the page and by each of its dedicated workers, after a garbage
 * collection each. Workers are reached through the page's CDP session: auto-attach (not
 * flattened) and messages wrapped in Target.sendMessageToTarget.
 */
async function memory(page: Page): Promise<Memory> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const attached: { sessionId: string; url: string }[] = [];
  const pending = new Map<number, (value: unknown) => void>();
  cdp.on('Target.attachedToTarget', (event) => {
    if (event.targetInfo.type === 'worker')
      attached.push({ sessionId: event.sessionId, url: event.targetInfo.url });
  });
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  await cdp.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: false,
    flatten: false,
  });
  await page.waitForTimeout(500);
  let id = 1;
  const send = (sessionId: string, method: string) =>
    new Promise<unknown>((resolve, reject) => {
      const messageId = id++;
      pending.set(messageId, resolve);
      setTimeout(() => reject(new Error(`${method}: no answer`)), 20_000);
      void cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id: messageId, method }),
      });
    });
  const workers: Memory['workers'] = [];
  for (const worker of attached) {
    try {
      await send(worker.sessionId, 'HeapProfiler.collectGarbage');
      const heap = (await send(worker.sessionId, 'Runtime.getHeapUsage')) as { usedSize: number };
      workers.push({ url: worker.url, used: heap.usedSize });
    } catch (error) {
      console.error(`bench:flows: worker ${worker.url}: ${String(error)}`);
    }
  }
  await cdp.detach();
  return { page: usedSize, workers };
}

async function oneDocument(browser: Browser, server: StartedServer, file: string) {
  const text = await readFile(file, 'utf8');
  const name = path.basename(file);
  const json = /^\s*[[{]/.test(text);
  const { context, page } = await instrumentedPage(browser, server, { width: 1440, height: 900 });
  const result: Result = { document: name, bytes: Buffer.byteLength(text), steps: {} };
  const { steps } = result;
  try {
    await openGeneratorAsDemo(page, server);
    await page.waitForTimeout(1500); // the page's own start settles
    await readyOutputPaste(page, text);

    steps.paste = await step(page, 'paste', name, async (started) => {
      // A whole document in JSON is opened as JSON (BENCH_JSON=yaml converts it instead).
      await pasteIntoOutput(page, json, process.env.BENCH_JSON === 'yaml');
      return until(page, started, loadEnabled);
    });
    if (Number.isNaN(steps.paste.ms)) return result;

    steps.load = await step(page, 'load', name, async (started) => {
      await page.getByRole('button', { name: 'Load YAML' }).click();
      return until(page, started, loadedAndShown);
    });
    if (Number.isNaN(steps.load.ms)) return result;
    result.memory = await memory(page);

    steps.type = await step(page, 'type', name, async (started) => {
      await focusFirstSummary(page);
      await page.keyboard.type(' typed', { delay: 40 });
      return (await now(page)) - started;
    });

    steps.generate = await step(page, 'generate', name, async (started) => {
      const generate = page.getByRole('button', { name: 'Generate OpenAPI' });
      await page.waitForTimeout(300); // validation of the typed text
      if (!(await generate.isEnabled())) return 'blocked by problems';
      await generate.click();
      return until(
        page,
        started,
        () =>
          ![...document.querySelectorAll('button')].some((b) => b.textContent === 'Generating…'),
      );
    });

    // The caret goes into the editor first (which also shows its operation in the form): not
    // part of copying.
    await page.evaluate(() => {
      void navigator.clipboard.writeText('');
      const w = window as unknown as { __copied?: number };
      document.addEventListener('copy', () => (w.__copied = performance.now()), true);
    });
    // Below the sticky lines (which take the clicks at the top once the editor has scrolled).
    await page
      .locator('.monaco-editor .view-lines')
      .click({ position: { x: 200, y: 160 }, force: true });
    // Copying must start in the editor: Ctrl+A, Ctrl+C elsewhere selects and copies the page
    // (runs 2+ restore the previous document and the layout differs), which is not this step.
    const inEditor = () =>
      page.evaluate(() => document.activeElement?.closest('.monaco-editor') != null);
    if (!(await inEditor()))
      await page.locator('.monaco-editor .view-lines').click({ force: true });
    if (!(await inEditor())) throw new Error('the output editor did not take the focus');
    await page.waitForTimeout(1000);
    steps.copy = await step(page, 'copy', name, async (started) => {
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Control+C');
      // Done when the clipboard holds the text: the editor writes it asynchronously (no copy
      // event), or the browser's own copy ran (a copy event).
      return page.evaluate(
        (t0) =>
          new Promise<number>((resolve, reject) => {
            const w = window as unknown as { __copied?: number };
            const deadline = performance.now() + 60_000;
            const poll = () => {
              // A large selection is written in slices after the copy event (issue 28.4):
              // done once the editor no longer says it is copying.
              if (w.__copied !== undefined && document.querySelector('[data-copying]') === null) {
                resolve(performance.now() - t0);
                return;
              }
              void navigator.clipboard.readText().then((text) => {
                if (text !== '') resolve(performance.now() - t0);
                else if (performance.now() > deadline) reject(new Error('nothing was copied'));
                else requestAnimationFrame(poll);
              }, reject);
            };
            poll();
          }),
        started,
      );
    });
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    if (copied.length < 1000 && steps.copy.note === undefined) {
      steps.copy.note = `copied ${copied.length} characters`;
    }

    // The record is kept 400 ms after the last change; the reload comes once it is.
    await page.waitForTimeout(1000);
    steps.reload = await step(
      page,
      'reload',
      name,
      async () => {
        await page.reload();
        // The new page's clock starts at its navigation: the time until done is its reading.
        return until(page, 0, () => {
          const restoring = document.querySelector('[data-testid=endpoint-panel]') === null;
          const lines = document.querySelector('.monaco-editor .view-lines');
          return !restoring && lines !== null && (lines.textContent ?? '').trim() !== '';
        });
      },
      true,
    );
    if (!Number.isNaN(steps.reload.ms)) {
      // What the editor holds once restored (its restore's slices all in), copied as before;
      // a large text goes in slices, so it is read again until it matches or stops growing.
      let restored = '';
      const deadline = Date.now() + 30_000;
      for (;;) {
        await page.waitForTimeout(500);
        await page.evaluate(() => navigator.clipboard.writeText(''));
        await page
          .locator('.monaco-editor .view-lines')
          .click({ position: { x: 200, y: 160 }, force: true });
        await page.keyboard.press('Control+A');
        await page.keyboard.press('Control+C');
        // A large copy is written after the copy event, in slices (issue 28.4).
        await page.waitForFunction(
          () => document.querySelector('[data-copying]') === null,
          undefined,
          { timeout: 60_000 },
        );
        await page.waitForFunction(
          () => navigator.clipboard.readText().then((text) => text !== ''),
          undefined,
          { timeout: 60_000, polling: 200 },
        );
        const read = await page.evaluate(() => navigator.clipboard.readText());
        const settled = read === copied || (read.length === restored.length && read === restored);
        restored = read;
        if (settled || Date.now() > deadline) break;
      }
      if (restored !== copied) {
        steps.reload.note = `restored ${restored.length} characters, copied ${copied.length}`;
      }
    }
  } finally {
    await context.close();
  }
  return result;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const longestText = (ms: number) => (ms === 0 ? '< 50' : `**${ms}**`);

/** A step over the runs: the median time; the longest task of each run (lowest first). */
function cell(runs: (Step | undefined)[]): string {
  const done = runs.filter((s): s is Step => s !== undefined);
  if (done.length === 0) return '–';
  const note = done.find((s) => s.note !== undefined)?.note;
  const times = done.map((s) => s.ms).sort((a, b) => a - b);
  const time = note ?? `${times[Math.floor((times.length - 1) / 2)]!.toFixed(0)} ms`;
  const longest = done.map((s) => s.longest).sort((a, b) => a - b);
  return `${time} / ${longest.map(longestText).join(', ')}`;
}

/** The worker's role from its script URL (Vite names the chunks after their entry). */
function workerName(url: string): string {
  const file = (url.split('/').pop() ?? url).replace(/-[\w-]{8}\.js$/, '').replace(/\.js$/, '');
  // The generator's worker is the chunk of src/worker/index.ts.
  return file === 'index' ? 'generator worker' : file;
}

async function main(): Promise<void> {
  const files: string[] = [];
  for (const folder of FOLDERS) {
    if (!existsSync(folder)) {
      console.log(`bench:flows: ${folder} is missing (the corpus is ../shared/corpus); skipped.`);
      continue;
    }
    for (const name of (await readdir(folder)).sort()) {
      if (!/\.(ya?ml|json)$/.test(name)) continue;
      if (FILTER.length > 0 && !FILTER.some((part) => name.includes(part))) continue;
      files.push(path.join(folder, name));
    }
  }
  if (files.length === 0) {
    console.log('bench:flows: no corpus documents; nothing to measure.');
    return;
  }
  const server = await startServer();
  const browser = await launchBrowser();
  const results: Result[] = [];
  try {
    for (const file of files) {
      for (let run = 0; run < RUNS; run++) {
        console.error(`bench:flows: ${path.basename(file)}…`);
        const result = await oneDocument(browser, server, file);
        results.push(result);
        console.error(
          JSON.stringify({
            document: result.document,
            ...Object.fromEntries(
              STEPS.map((s) => [
                s,
                result.steps[s] && {
                  ms: Math.round(result.steps[s].ms),
                  tasks: result.steps[s].tasks,
                  frames: result.steps[s].frames,
                  note: result.steps[s].note,
                },
              ]),
            ),
          }),
        );
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const os = await import('node:os');
  console.log(
    `\nUser flows, production build, Chromium ${browser.version()}, 1440×900, ${RUNS} run(s) per document, load average ${os.loadavg()[0]!.toFixed(2)} at the end`,
  );
  console.log(
    'Each cell: median time until done / longest main-thread task of each run (ms; from the start until 2 s after; "< 50": none).',
  );
  console.log('| document | size | paste | load | type | generate | copy | reload |');
  console.log('|---|---|---|---|---|---|---|---|');
  const names = [...new Set(results.map((r) => r.document))];
  for (const name of names) {
    const runs = results.filter((r) => r.document === name);
    console.log(
      `| ${name} | ${(runs[0]!.bytes / 1e6).toFixed(2)} MB | ${STEPS.map((s) => cell(runs.map((r) => r.steps[s]))).join(' | ')} |`,
    );
  }
  console.log('\nJS heap after Load (after a garbage collection; the first run):');
  console.log('| document | page | workers |');
  console.log('|---|---|---|');
  for (const name of names) {
    const r = results.find((x) => x.document === name && x.memory !== undefined);
    if (!r?.memory) continue;
    const workers = [...r.memory.workers]
      .sort((a, b) => a.url.localeCompare(b.url))
      .map((w) => `${workerName(w.url)} ${mb(w.used)}`)
      .join(', ');
    console.log(`| ${name} | ${mb(r.memory.page)} | ${workers} |`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
