/** What the UI benchmarks share: signing the demo account in and opening the generator. */
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
