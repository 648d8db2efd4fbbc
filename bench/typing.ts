/**
 * What typing costs on GitHub's 13 MB REST description (`npm run bench:typing`; a script, not a
 * test; issue 29.5: one command under 1 KB, a worker `apply` of at most 5 ms, no main-thread task
 * over 16 ms). Real server, Chromium, the production build (DIST_DIR picks another build).
 *
 * The document (/tmp/bigdocs/github.json, or BENCH_DOC) is pasted into the output editor and
 * opened as JSON, loaded; the first endpoint's Summary is clicked, End, then ` typed` is typed
 * with 40–80 ms between keys, and the form is given 3 s to settle. Over the typing and the
 * settling only:
 *  1. every message the page posts to a worker (Worker.prototype.postMessage hooked before the
 *     app loads): which worker, the comlink path (`apply`…), its size, and the commands of each
 *     `apply`;
 *  2. every message the page receives from a worker (its size: does a whole text come back?);
 *  3. each `apply`'s round trip from the page, and the same commands run through the core in
 *     Node (createCoreApi: openDocument, syncState, apply with the page's options);
 *  4. the renderer main thread's tasks over 16 ms, from a Chromium trace (PerformanceObserver
 *     'longtask' sees only 50 ms and more), each with the largest trace events inside and, from
 *     a CPU profile of the same time (BENCH_CPU_PROFILE=0: none), the functions that ran most.
 *
 * BENCH_RUNS=n: n runs, each in a fresh page. The machine's load average is printed with the
 * figures: on a busy machine a task's wall time is mostly waiting for a core (see its CPU time).
 *
 * Sizes are the length of the message's data as JSON; a Blob or an ArrayBuffer (structured
 * clone, not JSON) counts its byte size. Prints tables; never fails on a number.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type * as TraceMapping from '@jridgewell/trace-mapping';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { createCoreApi } from '../src/shared/openapi/core-api';
import type { DocumentCommand } from '../src/shared/openapi/document/session';
import { DIST, launchBrowser, startServer } from '../tests/e2e/harness';
import {
  focusFirstSummary,
  instrumentedPage,
  loadEnabled,
  loadedAndShown,
  longMainThreadTasks,
  openGeneratorAsDemo,
  pasteIntoOutput,
  percentile,
  readyOutputPaste,
  until,
  type TraceEvent,
} from './support';

const DOC = process.env.BENCH_DOC ?? '/tmp/bigdocs/github.json';
const TYPED = ' typed';
/** Quiet time after the last key in which the form's follow-up (sync, checks, record) counts. */
const SETTLE_MS = 3000;
/** Tasks longer than this are listed (a frame at 60 Hz). */
const LONG_MS = 16;
const CPU_PROFILE = process.env.BENCH_CPU_PROFILE !== '0';

/** A message between the page and a worker, as recorded in the page (sizes computed after). */
interface Wire {
  /** Page clock, ms. */
  t: number;
  dir: 'out' | 'in';
  /** The worker's script (its file name). */
  worker: string;
  /** The worker's number in the page (order of creation). */
  instance: number;
  /** Comlink's message type (GET, APPLY…) and path (`apply`), or '' for an answer. */
  type: string;
  path: string;
  /** Comlink's message id (an answer carries its request's). */
  id: string;
  size: number;
  /** `apply`: its commands (kind, size) and options. */
  commands?: { kind: string; size: number }[];
  options?: unknown;
  /** An answer to `apply`: the worker's own time over the call (ApplyWire.workerMs). */
  workerMs?: number;
}

interface WireWindow {
  __wire: {
    on: boolean;
    workers: string[];
    records: { t: number; dir: 'out' | 'in'; instance: number; data: unknown }[];
  };
}

/** Before the app loads: every Worker made is recorded; its messages are, while `on`. */
function hookWorkers(): void {
  const wire: WireWindow['__wire'] = { on: false, workers: [], records: [] };
  (window as unknown as WireWindow).__wire = wire;
  const Original = window.Worker;
  const instances = new WeakMap<Worker, number>();
  const post = Original.prototype.postMessage as (this: Worker, ...args: unknown[]) => void;
  Original.prototype.postMessage = function (this: Worker, ...args: unknown[]) {
    // Only a reference is kept: sizing a 13 MB message here would be a long task of its own.
    if (wire.on)
      wire.records.push({
        t: performance.now(),
        dir: 'out',
        instance: instances.get(this) ?? -1,
        data: args[0],
      });
    post.apply(this, args);
  } as Worker['postMessage'];
  window.Worker = class extends Original {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      const instance = wire.workers.push(String(url)) - 1;
      instances.set(this, instance);
      this.addEventListener('message', (event: MessageEvent) => {
        if (wire.on)
          wire.records.push({ t: performance.now(), dir: 'in', instance, data: event.data });
      });
    }
  };
}

/** In the page, after recording: each message summarised (the data let go). */
function summariseWire(): Wire[] {
  const wire = (window as unknown as WireWindow).__wire;
  const sizeOf = (data: unknown): number => {
    let binary = 0;
    const json = JSON.stringify(data, (_key, value: unknown) => {
      if (value instanceof Blob) {
        binary += value.size;
        return null;
      }
      if (value instanceof ArrayBuffer) {
        binary += value.byteLength;
        return null;
      }
      if (ArrayBuffer.isView(value)) {
        binary += value.byteLength;
        return null;
      }
      return value;
    }) as string | undefined;
    return (json?.length ?? 0) + binary;
  };
  const out = wire.records.map((r) => {
    const data = (r.data ?? {}) as {
      id?: string;
      type?: string;
      path?: string[];
      argumentList?: { value?: unknown }[];
    };
    const url = wire.workers[r.instance] ?? '?';
    const path = r.dir === 'out' ? (data.path ?? []).join('.') : '';
    const item: Wire = {
      t: r.t,
      dir: r.dir,
      worker: url.split('/').pop() ?? url,
      instance: r.instance,
      type: r.dir === 'out' ? String(data.type ?? '') : '',
      path,
      id: String(data.id ?? ''),
      size: sizeOf(r.data),
    };
    if (path === 'apply' && Array.isArray(data.argumentList?.[0]?.value)) {
      const commands = data.argumentList[0].value as { kind?: string }[];
      item.commands = commands.map((c) => ({ kind: String(c.kind), size: sizeOf(c) }));
      item.options = data.argumentList[2]?.value;
    }
    const answer = (r.data as { value?: { ok?: boolean; value?: { workerMs?: unknown } } })?.value;
    if (r.dir === 'in' && answer?.ok && typeof answer.value?.workerMs === 'number') {
      item.workerMs = answer.value.workerMs;
    }
    return item;
  });
  wire.records = [];
  return out;
}

/** The `apply` commands posted while typing, as sent (for the Node run). */
function applyBatches(): { commands: unknown[]; options: unknown }[] {
  const wire = (window as unknown as WireWindow).__wire;
  return wire.records.flatMap((r) => {
    const data = r.data as { path?: string[]; argumentList?: { value?: unknown }[] } | undefined;
    if (r.dir !== 'out' || data?.path?.join('.') !== 'apply') return [];
    return [
      {
        commands: data.argumentList?.[0]?.value as unknown[],
        options: data.argumentList?.[2]?.value,
      },
    ];
  });
}

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number };
  }[];
  startTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

type SourceMaps = typeof TraceMapping;
/**
 * Source maps are read with @jridgewell/trace-mapping (installed with the build tools, not a
 * dependency of ours): without it, the functions keep their minified names.
 */
let traceMapping: SourceMaps | undefined;
const sourceMaps = new Map<string, InstanceType<SourceMaps['TraceMap']> | undefined>();

/**
 * `file:line` in the sources of a place in a built chunk, when the build has source maps
 * (`vite build --sourcemap`): minified names say little.
 */
function sourceOf(file: string, line: number, column: number): string | undefined {
  const mapping = traceMapping;
  if (mapping === undefined) return undefined;
  if (!sourceMaps.has(file)) {
    const mapFile = path.join(DIST, 'assets', `${file}.map`);
    sourceMaps.set(
      file,
      existsSync(mapFile) ? new mapping.TraceMap(readFileSync(mapFile, 'utf8')) : undefined,
    );
  }
  const map = sourceMaps.get(file);
  if (map === undefined) return undefined;
  const original = mapping.originalPositionFor(map, { line: line + 1, column });
  if (original.source === null) return undefined;
  const where = `${original.source.replace(/^(\.\.\/)+/, '')}:${original.line}`;
  return original.name ? `${original.name} ${where}` : where;
}

/** The functions that ran most (self time, ms) between `from` and `to` (µs, trace clock). */
function topFunctions(
  profile: CpuProfile | undefined,
  from: number,
  to: number,
  count = 4,
): string {
  if (!profile?.samples || !profile.timeDeltas) return '';
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    const next = t + (profile.timeDeltas[i + 1] ?? 0);
    if (t < from || t > to) continue;
    const frame = frames.get(profile.samples[i]!);
    if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') continue;
    const file = frame.url.split('/').pop() || '';
    // Line and column: a minified chunk is a few long lines (a source map names the function).
    const at = `${frame.lineNumber + 1}:${(frame.columnNumber ?? 0) + 1}`;
    const source = file ? sourceOf(file, frame.lineNumber, frame.columnNumber ?? 0) : undefined;
    const key = source ?? `${frame.functionName || '(anonymous)'}${file ? ` ${file}:${at}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + (next - t) / 1000);
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([what, ms]) => `${what} ${ms.toFixed(1)}`)
    .join('; ');
}

const KEY_EVENTS = new Set(['keydown', 'keypress', 'keyup', 'textInput', 'input', 'beforeinput']);

/** CPU ms of each top-level main-thread task that dispatched a key or input event. */
function keyTaskCpu(events: TraceEvent[]): number[] {
  const all = longMainThreadTasks(events, 0);
  const keyed = events.filter(
    (e) => e.ph === 'X' && e.name === 'EventDispatch' && KEY_EVENTS.has(e.args?.data?.type ?? ''),
  );
  return all
    .filter((task) =>
      keyed.some(
        (e) =>
          `${e.pid}:${e.tid}` === task.thread && e.ts >= task.ts && e.ts < task.ts + task.ms * 1000,
      ),
    )
    .map((task) => task.cpuMs ?? 0);
}

interface RunResult {
  run: number;
  load: string;
  wire: Wire[];
  tasks: ReturnType<typeof longMainThreadTasks>;
  /** Every top-level main-thread task of the window: how many, their wall and CPU time (ms). */
  mainThread: { tasks: number; wallMs: number; cpuMs: number };
  /** The main thread's tasks that handled a key (keydown…input), CPU ms each. */
  keyTasks: number[];
  profile?: CpuProfile;
  batches: { commands: unknown[]; options: unknown }[];
  keys: number;
  summary: string;
}

async function typeAndMeasure(page: Page, run: number, text: string): Promise<RunResult> {
  const browser = page.context().browser()!;
  await openGeneratorAsDemo(page, server());
  await page.waitForTimeout(1500); // the page's own start settles
  await readyOutputPaste(page, text);
  let started = await page.evaluate(() => performance.now());
  await pasteIntoOutput(page, true);
  await until(page, started, loadEnabled);
  started = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Load YAML' }).click();
  const loadMs = await until(page, started, loadedAndShown);
  await page.waitForTimeout(3000); // what follows Load (checks, record) is not typing
  await focusFirstSummary(page);
  await page.waitForTimeout(1000);

  const cdp = await page.context().newCDPSession(page);
  if (CPU_PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'],
  });
  await page.evaluate(() => ((window as unknown as WireWindow).__wire.on = true));
  for (const key of TYPED) {
    await page.keyboard.type(key);
    await page.waitForTimeout(40 + Math.random() * 40);
  }
  await page.waitForTimeout(SETTLE_MS);
  await page.evaluate(() => ((window as unknown as WireWindow).__wire.on = false));
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as
    TraceEvent[] | { traceEvents: TraceEvent[] };
  const profile = CPU_PROFILE
    ? ((await cdp.send('Profiler.stop')).profile as CpuProfile)
    : undefined;
  await cdp.detach();
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  // BENCH_PROFILE_OUT=file: the CPU profile kept (open it in DevTools' Performance panel).
  if (profile && process.env.BENCH_PROFILE_OUT) {
    await writeFile(`${process.env.BENCH_PROFILE_OUT}.${run}.cpuprofile`, JSON.stringify(profile));
  }
  const batches = await page.evaluate(applyBatches);
  const wire = await page.evaluate(summariseWire);
  const summary = await page
    .getByTestId('endpoint-panel')
    .first()
    .getByLabel('Summary', { exact: true })
    .inputValue();
  return {
    run,
    load: `${(loadMs / 1000).toFixed(1)} s`,
    wire,
    tasks: longMainThreadTasks(events, LONG_MS),
    mainThread: longMainThreadTasks(events, 0).reduce(
      (sum, task) => ({
        tasks: sum.tasks + 1,
        wallMs: sum.wallMs + task.ms,
        cpuMs: sum.cpuMs + (task.cpuMs ?? 0),
      }),
      { tasks: 0, wallMs: 0, cpuMs: 0 },
    ),
    keyTasks: keyTaskCpu(events),
    profile,
    batches,
    keys: TYPED.length,
    summary,
  };
}

let started: Awaited<ReturnType<typeof startServer>> | undefined;
const server = () => started!;

const isDocumentWorker = (w: Wire) => /^index-[\w-]+\.js$/.test(w.worker);
const kb = (n: number) =>
  n < 1024
    ? `${n} B`
    : n < 1024 * 1024
      ? `${(n / 1024).toFixed(1)} KB`
      : `${(n / 1024 / 1024).toFixed(1)} MB`;
const ms = (n: number) => n.toFixed(1);

/**
 * The same `apply` batches through the core in Node, after openDocument: one round as the page
 * sent them, then three more (each builds on the last answer's revision). The first round is
 * apart: its first edit pays what the session builds once after an open (in the page, the sync
 * of Load paid it before typing began). Times (ms) apart for the batches that ask for the text
 * (`text: true` renders the whole document) and those that do not.
 */
function nodeApply(
  text: string,
  batches: RunResult['batches'],
): { first: number[]; edits: number[]; withText: number[] } {
  const core = createCoreApi();
  const opened = core.openDocument(text);
  if (!opened.ok) throw new Error(opened.error.message);
  const state = core.syncState();
  if (!state.ok) throw new Error(state.error.message);
  let revision = state.value.revision;
  const times = { first: [] as number[], edits: [] as number[], withText: [] as number[] };
  for (let round = 0; round < 4; round++) {
    for (const batch of batches) {
      const options = batch.options as Parameters<typeof core.apply>[2];
      const t0 = performance.now();
      const answer = core.apply(batch.commands as DocumentCommand[], revision, options);
      const elapsed = performance.now() - t0;
      if (round === 0) times.first.push(elapsed);
      else (options?.text ? times.withText : times.edits).push(elapsed);
      if (!answer.ok) throw new Error(`apply: ${answer.error.message}`);
      revision = answer.value.revision;
    }
  }
  return times;
}

/** `median m ms, max n ms (k)` of some times, or '–'. */
const spread = (times: number[]) =>
  times.length === 0
    ? '–'
    : `median ${ms(percentile(times, 50))} ms, max ${ms(Math.max(...times))} ms (${times.length})`;

function report(result: RunResult, text: string): void {
  const { wire } = result;
  console.log(
    `\n### Run ${result.run} (Load ${result.load}; the Summary now reads "${result.summary}")`,
  );
  console.log(
    `Load average at the end of the run: ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}`,
  );

  // 1–2: messages, per worker.
  const out = wire.filter((w) => w.dir === 'out');
  const inn = wire.filter((w) => w.dir === 'in');
  console.log(
    '\n| worker | messages to it (paths) | largest sent | messages back | largest back |',
  );
  console.log('|---|---|---|---|---|');
  const workers = [...new Set(wire.map((w) => `${w.worker}#${w.instance}`))];
  for (const id of workers) {
    const mine = (w: Wire) => `${w.worker}#${w.instance}` === id;
    const sent = out.filter(mine);
    const back = inn.filter(mine);
    const paths = new Map<string, number>();
    for (const w of sent) {
      const key = w.path || w.type;
      paths.set(key, (paths.get(key) ?? 0) + 1);
    }
    const pathText = [...paths].map(([p, n]) => `${p} ×${n}`).join(', ');
    const largest = (xs: Wire[]) =>
      xs.length === 0 ? '–' : kb(Math.max(...xs.map((w) => w.size)));
    console.log(
      `| ${id} | ${sent.length} (${pathText}) | ${largest(sent)} | ${back.length} | ${largest(back)} |`,
    );
  }

  const applies = out.filter((w) => isDocumentWorker(w) && w.path === 'apply');
  console.log(
    '\nDocument worker `apply` calls while typing (round trip: the page posts → the answer arrives):',
  );
  console.log(
    '| # | at ms | commands (kind size) | options | sent | answer | round trip ms | in the worker ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  const t0 = wire[0]?.t ?? 0;
  const trips = { edits: [] as number[], withText: [] as number[] };
  const inWorker = { edits: [] as number[], withText: [] as number[] };
  applies.forEach((w, i) => {
    const answer = inn.find((x) => x.instance === w.instance && x.id === w.id);
    const trip = answer ? answer.t - w.t : NaN;
    const withText = (w.options as { text?: unknown } | undefined)?.text;
    if (answer) (withText ? trips.withText : trips.edits).push(trip);
    const worker = answer?.workerMs;
    if (worker !== undefined) (withText ? inWorker.withText : inWorker.edits).push(worker);
    const commands = (w.commands ?? []).map((c) => `${c.kind} ${kb(c.size)}`).join(', ');
    console.log(
      `| ${i + 1} | ${Math.round(w.t - t0)} | ${commands || '–'} | ${JSON.stringify(w.options)} | ${kb(w.size)} | ${answer ? kb(answer.size) : '–'} | ${ms(trip)} | ${worker === undefined ? '–' : ms(worker)} |`,
    );
  });
  const docOut = out.filter(isDocumentWorker);
  const docIn = inn.filter(isDocumentWorker);
  const biggestOut = docOut.reduce<Wire | undefined>(
    (a, b) => (a && a.size >= b.size ? a : b),
    undefined,
  );
  const biggestIn = docIn.reduce<Wire | undefined>(
    (a, b) => (a && a.size >= b.size ? a : b),
    undefined,
  );
  const request =
    biggestIn && docOut.find((w) => w.instance === biggestIn.instance && w.id === biggestIn.id);
  const commandSizes = applies.flatMap((w) => (w.commands ?? []).map((c) => c.size));

  // 3: the same commands in Node.
  let node = { first: '(no apply while typing)', edits: '–', withText: '–' };
  if (result.batches.length > 0) {
    try {
      const times = nodeApply(text, result.batches);
      node = {
        first: times.first.map((x) => ms(x)).join(', '),
        edits: spread(times.edits),
        withText: spread(times.withText),
      };
    } catch (error) {
      node = { first: `failed: ${String(error)}`, edits: '–', withText: '–' };
    }
  }

  // 4: long tasks.
  const tasks = result.tasks;
  const longest = [...tasks].sort((a, b) => b.ms - a.ms);

  console.log('\n| measure (typing + 3 s settle) | figure | issue 29.5 asks |');
  console.log('|---|---|---|');
  console.log(
    `| messages to the document worker | ${docOut.length} (${applies.length} apply) | – |`,
  );
  console.log(
    `| largest message to it | ${biggestOut ? `${kb(biggestOut.size)} (${biggestOut.path || biggestOut.type})` : '–'} | – |`,
  );
  console.log(
    `| largest command in an apply | ${commandSizes.length ? kb(Math.max(...commandSizes)) : '–'} | < 1 KB |`,
  );
  console.log(
    `| largest answer from it | ${biggestIn ? `${kb(biggestIn.size)} (to ${request?.path || request?.type || '?'})` : '–'} | – |`,
  );
  console.log(`| apply round trip (page), edits | ${spread(trips.edits)} | – |`);
  console.log(`| apply round trip (page), asking the text | ${spread(trips.withText)} | – |`);
  console.log(
    `| apply in the worker (its own clock), edits | ${spread(inWorker.edits)} | ≤ 5 ms |`,
  );
  console.log(
    `| apply in the worker (its own clock), asking the text | ${spread(inWorker.withText)} | – |`,
  );
  console.log(
    `| apply in the core (Node), first round after open, each batch | ${node.first} | – |`,
  );
  console.log(`| apply in the core (Node), edits, 3 more rounds | ${node.edits} | ≤ 5 ms |`);
  console.log(
    `| apply in the core (Node), asking the text, 3 more rounds | ${node.withText} | – |`,
  );
  console.log(
    `| main-thread tasks > ${LONG_MS} ms | ${tasks.length}${longest[0] ? `, longest ${ms(longest[0].ms)} ms (CPU ${longest[0].cpuMs === undefined ? '?' : ms(longest[0].cpuMs)} ms)` : ''} | 0 |`,
  );
  const main = result.mainThread;
  console.log(
    `| main thread, every task of the window | ${main.tasks} tasks, CPU ${ms(main.cpuMs)} ms (${ms(main.cpuMs / result.keys)} ms a key), wall ${ms(main.wallMs)} ms | – |`,
  );
  const keyCpu = result.keyTasks;
  console.log(
    `| main thread, the tasks that handled a key | ${keyCpu.length} tasks, CPU ${keyCpu.length ? `median ${ms(percentile(keyCpu, 50))} ms, max ${ms(Math.max(...keyCpu))} ms, total ${ms(keyCpu.reduce((a, b) => a + b, 0))} ms` : '–'} | – |`,
  );
  const top = topFunctions(result.profile, -Infinity, Infinity, 12);
  if (top) console.log(`\nMain thread, most self time over the window (CPU profile, ms): ${top}`);
  if (longest.length > 0) {
    console.log(`\nMain-thread tasks over ${LONG_MS} ms (longest first):`);
    console.log(
      '| wall ms | CPU ms | largest trace events inside (ms) | most self time (CPU profile, ms) |',
    );
    console.log('|---|---|---|---|');
    for (const task of longest.slice(0, 8)) {
      const inside = task.inside.map((x) => `${x.what} ${ms(x.ms)}`).join(', ');
      const top = topFunctions(result.profile, task.ts, task.ts + task.ms * 1000);
      console.log(
        `| ${ms(task.ms)} | ${task.cpuMs === undefined ? '?' : ms(task.cpuMs)} | ${inside || '–'} | ${top || '–'} |`,
      );
    }
  }
}

async function main(): Promise<void> {
  if (!existsSync(DOC)) {
    console.log(`bench:typing: ${DOC} is missing (BENCH_DOC names another document); skipped.`);
    return;
  }
  const text = await readFile(DOC, 'utf8');
  traceMapping = await import('@jridgewell/trace-mapping').catch(() => undefined);
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? '1'));
  started = await startServer();
  const browser = await launchBrowser();
  try {
    console.log(
      `Typing "${TYPED}" into the first endpoint's Summary of ${DOC} (${(Buffer.byteLength(text) / 1e6).toFixed(1)} MB), production build ${DIST}, Chromium ${browser.version()}, ${os.cpus().length} cores; load average at the start ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(', ')}`,
    );
    for (let run = 1; run <= runs; run++) {
      const { context, page } = await instrumentedPage(browser, server(), {
        width: 1440,
        height: 900,
      });
      await page.addInitScript(hookWorkers);
      try {
        report(await typeAndMeasure(page, run, text), text);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server().stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
