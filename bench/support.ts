/**
 * What the UI benchmarks share: signing the demo account in, opening the generator, pasting a
 * document into the output editor and loading it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext, type StartedServer } from '../tests/e2e/harness';

/**
 * A page in a new context with the clipboard allowed and {@link instrument}'s recording, in
 * which dialogs are dismissed.
 */
export async function instrumentedPage(
  browser: Browser,
  server: StartedServer,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: server.baseUrl,
  });
  await instrument(context);
  const page = await context.newPage();
  page.on('dialog', (d) => void d.dismiss());
  return { context, page };
}

/** Signs in as the server's demo account and waits for the generator's output editor. */
export async function openGeneratorAsDemo(page: Page, server: StartedServer): Promise<void> {
  if (!server.demo) throw new Error('no demo account in the server output');
  await page.goto(`${server.baseUrl}/login`);
  await page.locator('input[name=email]').fill(server.demo.email);
  await page.locator('input[name=password]').fill(server.demo.password);
  await page.locator('form button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto(`${server.baseUrl}/generator`);
  await page.locator('.monaco-editor').waitFor();
}

/** What {@link instrument} records in the page. */
export interface PerfWindow {
  __perf: {
    longTasks: { start: number; duration: number }[];
    /** Event timing entries of 16 ms or more. */
    events: { name: string; duration: number }[];
    /** Per keystroke: from the keydown to a task queued right after the next paint. */
    keys: number[];
    /** Long animation frames (over 50 ms) with what ran in them, to tell what a long task was. */
    frames: LongFrame[];
  };
}

/** A `long-animation-frame` entry, summarised (times in ms, the page's clock). */
export interface LongFrame {
  start: number;
  duration: number;
  /** From the frame's start until its rendering (rAF callbacks, style, layout) began. */
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: { what: string; duration: number; forcedLayout: number }[];
}

/** Records long tasks, slow events and key → next frame times in every page of `context`. */
export async function instrument(context: BrowserContext): Promise<void> {
  // tsx compiles named functions with esbuild's keepNames: give the page its __name helper.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  await context.addInitScript(() => {
    const perf: PerfWindow['__perf'] = { longTasks: [], events: [], keys: [], frames: [] };
    (window as unknown as PerfWindow).__perf = perf;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        perf.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
    interface ScriptTiming {
      invoker: string;
      sourceFunctionName: string;
      sourceURL: string;
      sourceCharPosition: number;
      duration: number;
      forcedStyleAndLayoutDuration: number;
    }
    interface FrameTiming extends PerformanceEntry {
      renderStart: number;
      styleAndLayoutStart: number;
      scripts: ScriptTiming[];
    }
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as FrameTiming[]) {
        perf.frames.push({
          start: e.startTime,
          duration: e.duration,
          renderStart: e.renderStart === 0 ? 0 : e.renderStart - e.startTime,
          styleAndLayoutStart:
            e.styleAndLayoutStart === 0 ? 0 : e.styleAndLayoutStart - e.startTime,
          scripts: e.scripts.map((x) => ({
            what: `${x.invoker} ${x.sourceFunctionName || '?'} ${x.sourceURL.split('/').pop() ?? ''}:${x.sourceCharPosition}`,
            duration: x.duration,
            forcedLayout: x.forcedStyleAndLayoutDuration,
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) perf.events.push({ name: e.name, duration: e.duration });
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
    document.addEventListener(
      'keydown',
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => perf.keys.push(performance.now() - start);
          channel.port2.postMessage(0);
        });
      },
      true,
    );
  });
}

/** The longest task (ms) that started at or after `since` (the page's clock). */
export function longestTaskSince(page: Page, since: number): Promise<number> {
  return page.evaluate(
    (t) =>
      Math.max(
        0,
        ...(window as unknown as PerfWindow).__perf.longTasks
          .filter((x) => x.start >= t)
          .map((x) => x.duration),
      ),
    since,
  );
}

/** The p-th percentile of `values` (NaN for none). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The page's clock (ms). */
export const now = (page: Page): Promise<number> => page.evaluate(() => performance.now());

/** Polls `done` in the page every frame; resolves with the ms since `started` (page clock). */
export async function until(
  page: Page,
  started: number,
  done: () => boolean,
  timeout = 180_000,
): Promise<number> {
  await page.waitForFunction(done, undefined, { timeout, polling: 'raf' });
  return (await now(page)) - started;
}

/** In the page: whether Load YAML can be clicked (the pasted text is in the editor). */
export const loadEnabled = (): boolean =>
  [...document.querySelectorAll('button')].some(
    (b) => b.textContent === 'Load YAML' && !b.disabled,
  );

/**
 * Puts `text` on the clipboard and selects the whole output editor, so that the next Ctrl+V
 * ({@link pasteIntoOutput}) replaces it (kept apart: the paste is what a bench times).
 */
export async function readyOutputPaste(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.locator('.monaco-editor .view-lines').click({ position: { x: 24, y: 8 } });
  await page.keyboard.press('Control+A');
}

/**
 * Ctrl+V in the output editor. A JSON document brings up the JSON-paste dialog: Open as JSON is
 * clicked (`convert`: Convert to YAML instead, or when the dialog offers no Open as JSON).
 */
export async function pasteIntoOutput(page: Page, json: boolean, convert = false): Promise<void> {
  await page.keyboard.press('Control+V');
  if (!json) return;
  const dialog = page.getByTestId('json-paste-dialog');
  await dialog.waitFor({ timeout: 60_000 });
  const open = dialog.getByRole('button', { name: 'Open as JSON' });
  if (!convert && (await open.count()) > 0) await open.click();
  else await dialog.getByRole('button', { name: /^Convert/ }).click();
}

/**
 * In the page, polled after a click on Load YAML: answers the dialogs Load may bring up
 * (Replace the form; a Swagger 2.0 document converted, issue 19.6), and is true once loading is
 * over and an endpoint panel is shown.
 */
export const loadedAndShown = (): boolean => {
  const replace = [...document.querySelectorAll('[data-testid=confirm-dialog] button')].find(
    (b) => b.textContent === 'Replace',
  );
  if (replace instanceof HTMLButtonElement) replace.click();
  const convert = [
    ...document.querySelectorAll('[data-testid=swagger-convert-dialog] button'),
  ].find((b) => b.textContent === 'Convert to OpenAPI 3.0');
  if (convert instanceof HTMLButtonElement) convert.click();
  const busy = [...document.querySelectorAll('button')].some((b) => b.textContent === 'Loading…');
  return !busy && document.querySelector('[data-testid=endpoint-panel]') !== null;
};

/** Expands the first endpoint panel when collapsed, clicks its Summary and puts the caret last. */
export async function focusFirstSummary(page: Page): Promise<void> {
  const panel = page.getByTestId('endpoint-panel').first();
  const expand = panel.getByRole('button', { name: 'Expand endpoint' });
  if (await expand.isVisible()) await expand.click();
  await panel.getByLabel('Summary', { exact: true }).click();
  await page.keyboard.press('End');
}

/** An event of a Chromium trace (the fields the benches read). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** µs, the trace's clock. */
  ts: number;
  dur?: number;
  /** Thread (CPU) time of the event, µs. */
  tdur?: number;
  args?: {
    name?: string;
    data?: { type?: string; functionName?: string; url?: string; lineNumber?: number };
  };
}

/** A top-level task of a renderer's main thread, with its largest events inside. */
export interface MainThreadTask {
  /** `pid:tid` of the thread. */
  thread: string;
  /** µs, the trace's clock. */
  ts: number;
  /** Wall time, ms. */
  ms: number;
  /** Thread (CPU) time, ms; undefined when the trace has none. */
  cpuMs?: number;
  /** The largest events inside (at least 3 ms), largest first: `name(detail) ms`. */
  inside: { what: string; ms: number }[];
}

/**
 * The top-level tasks (`RunTask`, `ThreadControllerImpl::RunTask`) of every renderer main
 * thread (`CrRendererMain`) of a trace that lasted at least `minimumMs`, in time order.
 */
export function longMainThreadTasks(events: TraceEvent[], minimumMs: number): MainThreadTask[] {
  const thread = (e: TraceEvent) => `${e.pid}:${e.tid}`;
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map(thread),
  );
  const isTask = (e: TraceEvent) =>
    e.ph === 'X' && (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask');
  const result: MainThreadTask[] = [];
  for (const main of mains) {
    const onThread = events.filter((e) => thread(e) === main && e.ph === 'X');
    const tasks = onThread.filter(isTask).sort((a, b) => a.ts - b.ts);
    // Top-level tasks only (a RunTask may nest another).
    let end = -1;
    for (const task of tasks) {
      if (task.ts < end) continue;
      end = task.ts + (task.dur ?? 0);
      if ((task.dur ?? 0) < minimumMs * 1000) continue;
      const largest = new Map<string, number>();
      for (const e of onThread) {
        if (e === task || isTask(e) || e.ts < task.ts || e.ts + (e.dur ?? 0) > end) continue;
        if ((e.dur ?? 0) < 3000) continue;
        const data = e.args?.data;
        const where = data?.url ? ` ${data.url.split('/').pop()}:${data.lineNumber ?? '?'}` : '';
        const detail = data?.functionName || data?.type;
        const key = detail || where ? `${e.name}(${detail ?? ''}${where})` : e.name;
        largest.set(key, Math.max(largest.get(key) ?? 0, e.dur ?? 0));
      }
      result.push({
        thread: main,
        ts: task.ts,
        ms: (task.dur ?? 0) / 1000,
        cpuMs: task.tdur === undefined ? undefined : task.tdur / 1000,
        inside: [...largest]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 5)
          .map(([what, us]) => ({ what, ms: us / 1000 })),
      });
    }
  }
  return result.sort((a, b) => a.ts - b.ts);
}
