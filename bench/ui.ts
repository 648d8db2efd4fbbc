/**
 * UI benchmark of the generator screen with a large document (`npm run bench:ui`; a script, not a
 * test). Real server, real Chromium; long tasks from a PerformanceObserver ('longtask'), event
 * timing ('event'), and a per-keystroke "key → next frame" measure. Loads the corpus' Stripe
 * document (4 MB, 468 operations), types into one panel's path field, generates, prints a table.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser, ROOT, startServer } from '../tests/e2e/harness';
import {
  instrumentedPage,
  longestTaskSince,
  openGeneratorAsDemo,
  percentile,
  type PerfWindow,
} from './support';

const STRIPE = path.resolve(ROOT, '../shared/corpus/openapi/stripe__spec3.yaml');
/** Write a CPU profile of one phase: BENCH_PROFILE=<file> BENCH_PHASE=load|type|yaml|generate|reload. */
const PROFILE = process.env.BENCH_PROFILE;
const PHASE = process.env.BENCH_PHASE ?? 'type';
/** Emulate a slower CPU (Chromium's throttling): BENCH_CPU_SLOWDOWN=4 runs everything 4× slower. */
const SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? '1');

/**
 * JS heap in use by the page after a garbage collection, via CDP. The core's worker holds the
 * document; its share is measured in Node by `bench:document` (the same code).
 */
async function pageHeapMb(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return `${(usedSize / 1024 / 1024).toFixed(0)} MB`;
}

/** A file ending in `.trace.json` gets a Chromium trace (tasks, GC, layout) instead. */
const TRACE = PROFILE?.endsWith('.trace.json') ?? false;

type Started = { trace: Page; cdp?: undefined } | { cdp: CDPSession; trace?: undefined };

async function startProfile(page: Page, phase: string): Promise<Started | undefined> {
  if (!PROFILE || phase !== PHASE) return undefined;
  if (TRACE) {
    await page
      .context()
      .browser()!
      .startTracing(page, {
        path: PROFILE,
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8',
          'v8.execute',
          'blink.user_timing',
        ],
      });
    return { trace: page };
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  return { cdp };
}

async function stopProfile(started: Started | undefined): Promise<void> {
  if (!started || !PROFILE) return;
  if (started.trace !== undefined) {
    await started.trace.context().browser()!.stopTracing();
    return;
  }
  const { profile } = await started.cdp.send('Profiler.stop');
  const { writeFile } = await import('node:fs/promises');
  await writeFile(PROFILE, JSON.stringify(profile));
}

async function main(): Promise<void> {
  if (!existsSync(STRIPE)) {
    console.log(`bench:ui: the corpus is missing (${STRIPE}); nothing to measure.`);
    return;
  }
  const stripe = await readFile(STRIPE, 'utf8');
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    if (!server.demo) throw new Error('no demo account in the server output');
    const { context, page } = await instrumentedPage(browser, server, {
      width: 1440,
      height: 900,
    });
    if (SLOWDOWN > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    }
    await openGeneratorAsDemo(page, server);

    console.error('bench:ui: setup…');
    // Setup (not measured): the document goes into the output editor the way a user puts it there.
    await page.evaluate((t) => navigator.clipboard.writeText(t), stripe);
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Control+V');
    await page.waitForTimeout(3000);
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('button')].some(
          (b) => b.textContent === 'Load YAML' && !b.disabled,
        ),
      undefined,
      { timeout: 60_000 },
    );

    console.error('bench:ui: load…');
    // 1. Load → panels visible.
    const loadProfile = await startProfile(page, 'load');
    const loadStart = await page.evaluate(() => performance.now());
    const loadMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const t0 = performance.now();
          [...document.querySelectorAll('button')]
            .find((b) => b.textContent === 'Load YAML')!
            .click();
          const check = () => {
            // A form with changes asks before Load replaces it: answer Replace.
            const replace = [
              ...document.querySelectorAll('[data-testid=confirm-dialog] button'),
            ].find((b) => b.textContent === 'Replace');
            if (replace instanceof HTMLButtonElement) replace.click();
            const first = document.querySelector('.gen-panel-path');
            if (
              first?.textContent?.startsWith('/v1') &&
              document.querySelector('[data-testid=problems]')
            ) {
              resolve(performance.now() - t0);
            } else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }),
    );
    await page.waitForTimeout(3000); // validation, saving and Monaco settle
    await stopProfile(loadProfile);
    const loadLongest = await longestTaskSince(page, loadStart);
    const heapAfterLoad = await pageHeapMb(page);
    const panelsInDom = await page.getByTestId('endpoint-panel').count();
    // The saved form: in localStorage, or (over its quota) in IndexedDB with a marker head.
    const totalOps = await page
      .waitForFunction(
        async (key) => {
          let entries: Record<string, string> = {};
          if (localStorage.getItem(key) === '{"v":"idb"}') {
            entries = await new Promise<Record<string, string>>((resolve) => {
              const open = indexedDB.open('specform', 1);
              open.onsuccess = () => {
                const store = open.result.transaction('documents').objectStore('documents');
                const range = IDBKeyRange.bound('form:', 'form:\uffff');
                const keys = store.getAllKeys(range);
                const values = store.getAll(range);
                values.onsuccess = () => {
                  const out: Record<string, string> = {};
                  keys.result.forEach((k, i) => {
                    out[String(k).slice(5)] = values.result[i] as string;
                  });
                  open.result.close();
                  resolve(out);
                };
              };
              open.onerror = () => resolve({});
            });
          } else {
            for (let i = 0; i < localStorage.length; i++) {
              const k = localStorage.key(i)!;
              if (k.startsWith(key)) entries[k] = localStorage.getItem(k)!;
            }
          }
          const head = JSON.parse(entries[key] ?? 'null') as { endpointEntries?: number } | null;
          let n = 0;
          for (let i = 0; i < (head?.endpointEntries ?? 0); i++) {
            n += (JSON.parse(entries[`${key}.e${i}`] ?? '[]') as unknown[]).length;
          }
          const chars = Object.values(entries).reduce((sum, text) => sum + text.length, 0);
          return n > 1 ? { n, chars } : false;
        },
        'specform.generator.form.v1',
        { timeout: 30_000, polling: 500 },
      )
      .then((h) => h.jsonValue() as Promise<{ n: number; chars: number }>)
      .catch(() => ({ n: NaN, chars: NaN }));

    console.error('bench:ui: typing…');
    // 2. Typing into one panel's path field with 468 endpoints present.
    const firstPanel = page.getByTestId('endpoint-panel').first();
    await firstPanel.getByRole('button', { name: 'Expand endpoint' }).click();
    const pathInput = firstPanel.getByLabel('Path', { exact: true });
    await pathInput.click();
    await page.keyboard.press('End');
    const typeStart = await page.evaluate(() => {
      const perf = (window as unknown as PerfWindow).__perf;
      perf.keys.length = 0;
      perf.events.length = 0;
      return performance.now();
    });
    const typeProfile = await startProfile(page, 'type');
    const typed = '/segment_x';
    for (let round = 0; round < 4; round++) {
      await page.keyboard.type(typed, { delay: 60 });
      for (let i = 0; i < typed.length; i++) await page.keyboard.press('Backspace', { delay: 60 });
    }
    // The path ends changed, so Generate below renders a real edit (one line of the document).
    await page.keyboard.type('_renamed', { delay: 60 });
    await page.waitForTimeout(1500);
    await stopProfile(typeProfile);
    const keys = await page.evaluate(() => (window as unknown as PerfWindow).__perf.keys.slice());
    const slowEvents = await page.evaluate(() =>
      (window as unknown as PerfWindow).__perf.events.slice(),
    );
    const typeLongest = await longestTaskSince(page, typeStart);

    console.error('bench:ui: typing in the YAML…');
    // 2b. Typing into the output editor (the 4 MB document): a new line near the top.
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    const yamlStart = await page.evaluate(() => {
      const perf = (window as unknown as PerfWindow).__perf;
      perf.keys.length = 0;
      return performance.now();
    });
    const yamlProfile = await startProfile(page, 'yaml');
    await page.keyboard.type(' # typed in the editor', { delay: 60 });
    for (let i = 0; i < ' # typed in the editor'.length; i++) {
      await page.keyboard.press('Backspace', { delay: 60 });
    }
    await page.waitForTimeout(2500); // folding, validation and the form's link settle
    await stopProfile(yamlProfile);
    const yamlKeys = await page.evaluate(() =>
      (window as unknown as PerfWindow).__perf.keys.slice(),
    );
    const yamlLongest = await longestTaskSince(page, yamlStart);

    console.error('bench:ui: generate…');
    // 3. Generate.
    const generate = page.getByRole('button', { name: 'Generate OpenAPI' });
    const canGenerate = await generate.isEnabled();
    let generateMs = NaN;
    let generateLongest = NaN;
    if (canGenerate) {
      const genProfile = await startProfile(page, 'generate');
      const genStart = await page.evaluate(() => performance.now());
      generateMs = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const button = [...document.querySelectorAll('button')].find(
              (b) => b.textContent === 'Generate OpenAPI',
            )!;
            const t0 = performance.now();
            button.click();
            // The lossless document may come back as the very text already in the editor:
            // done is when Generate has been busy and is not any more.
            let seenBusy = false;
            const check = () => {
              const busy = [...document.querySelectorAll('button')].some(
                (b) => b.textContent === 'Generating…',
              );
              seenBusy ||= busy;
              const first = document.querySelector('.monaco-editor .view-line')?.textContent ?? '';
              if (seenBusy && !busy && first.trim() !== '') resolve(performance.now() - t0);
              else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          }),
      );
      await page.waitForTimeout(3000);
      await stopProfile(genProfile);
      generateLongest = await longestTaskSince(page, genStart);
    }

    console.error('bench:ui: reload…');
    // 4. Reload with the Stripe-size form saved: the form is read back from localStorage.
    await page.waitForTimeout(1500); // the last save (400 ms debounce, idle time) lands
    const reloadProfile = await startProfile(page, 'reload');
    await page.reload();
    const reloadMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const check = () => {
            // A form with changes asks before Load replaces it: answer Replace.
            const replace = [
              ...document.querySelectorAll('[data-testid=confirm-dialog] button'),
            ].find((b) => b.textContent === 'Replace');
            if (replace instanceof HTMLButtonElement) replace.click();
            const first = document.querySelector('.gen-panel-path');
            if (first?.textContent?.startsWith('/v1')) resolve(performance.now());
            else requestAnimationFrame(check);
          };
          check();
        }),
    );
    await page.waitForTimeout(3000);
    await stopProfile(reloadProfile);
    const reloadLongest = await longestTaskSince(page, 0);
    const reloadTasks = await page.evaluate(() =>
      (window as unknown as PerfWindow).__perf.longTasks.map((x) => Math.round(x.duration)),
    );

    const rows: [string, string][] = [
      [
        'operations loaded (saved form)',
        `${totalOps.n} (${(totalOps.chars / 1e3).toFixed(0)} K chars)`,
      ],
      ['panels in the DOM (virtualised)', String(panelsInDom)],
      ['load: click → panels visible', `${loadMs.toFixed(0)} ms`],
      ['load: longest main-thread task (incl. 3 s after)', `${loadLongest.toFixed(0)} ms`],
      ['memory after load: page JS heap (after GC)', heapAfterLoad],
      ['keystrokes measured', String(keys.length)],
      ['keystroke → next frame p50', `${percentile(keys, 50).toFixed(1)} ms`],
      ['keystroke → next frame p95', `${percentile(keys, 95).toFixed(1)} ms`],
      ['keystroke → next frame max', `${Math.max(...keys).toFixed(1)} ms`],
      [
        'event timing entries ≥ 16 ms while typing',
        `${slowEvents.length} (max ${slowEvents.length ? Math.max(...slowEvents.map((e) => e.duration)) : 0} ms)`,
      ],
      ['typing: longest main-thread task', `${typeLongest.toFixed(0)} ms`],
      [
        'typing in the YAML editor: key → frame p95 / max',
        `${percentile(yamlKeys, 95).toFixed(1)} / ${Math.max(...yamlKeys).toFixed(1)} ms`,
      ],
      ['typing in the YAML editor: longest main-thread task', `${yamlLongest.toFixed(0)} ms`],
      [
        'generate: click → YAML in the editor',
        canGenerate ? `${generateMs.toFixed(0)} ms` : 'n/a (Generate disabled)',
      ],
      [
        'generate: longest main-thread task (incl. 3 s after)',
        canGenerate ? `${generateLongest.toFixed(0)} ms` : 'n/a',
      ],
      ['reload: navigation → panels visible', `${reloadMs.toFixed(0)} ms`],
      ['reload: longest main-thread task (incl. 3 s after)', `${reloadLongest.toFixed(0)} ms`],
      ['reload: long tasks (ms)', reloadTasks.join(', ') || 'none'],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    const slower = SLOWDOWN > 1 ? `, CPU ${SLOWDOWN}× slower` : '';
    console.log(
      `\nGenerator UI with ${path.basename(STRIPE)} (Chromium ${browser.version()}${slower})\n`,
    );
    console.log(`| ${'measure'.padEnd(width)} | value |`);
    console.log(`|${'-'.repeat(width + 2)}|-------|`);
    for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
