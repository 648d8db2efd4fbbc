/**
 * Source-text benchmark (`npm run bench:source`): a script that prints a table, never a test.
 *
 * For the large corpus documents (../shared/corpus/openapi, skipped with a message when absent):
 * - parse:   SourceText.parse(text) vs readDocument(text) (today's reading of a document), CPU ms;
 * - heap:    heap retained by one SourceText (and by readDocument's plain value, for scale);
 * - render:  the text after one scalar edit (target ≤ 10 ms), after one added operation and after
 *            one deleted operation (median wall ms of several runs, after a warm-up).
 * - session: the worker's document session (issue 18): heap retained by a core API with the
 *            document open, and `apply([setField summary], revision)` with and without the text
 *            (target ≤ 20 ms with the text; the first batch also seeds the problems).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createCoreApi, type Result } from '../src/shared/openapi/core-api';
import { SourceText } from '../src/shared/openapi/document';
import { readDocument } from '../src/shared/openapi/yaml-io';

const CORPUS = resolve(process.cwd(), '../shared/corpus/openapi');
const DOCUMENTS = ['stripe__spec3.yaml', 'openai__openapi.yaml', 'paypal__invoicing_v2.json'];
const PARSE_RUNS = Number(process.env.BENCH_DOC_RUNS ?? 3);
const RENDER_RUNS = 21;

setFlagsFromString('--expose_gc');
const collect = runInNewContext('gc') as () => void;

type Json = Record<string, unknown>;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function cpuMs(fn: () => unknown): number {
  collect();
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function wallMs(runs: number, fn: () => unknown): number {
  fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return median(times);
}

function heapOf(make: () => unknown): { mb: number; keep: unknown } {
  collect();
  collect();
  const before = process.memoryUsage().heapUsed;
  const keep = make();
  collect();
  collect();
  const after = process.memoryUsage().heapUsed;
  return { mb: (after - before) / 1024 / 1024, keep };
}

function ok<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** The session rows: heap with the document open, and one summary edit per batch. */
function sessionRows(text: string, row: (task: string, ms: string, note?: string) => void): void {
  const opened = heapOf(() => {
    const api = createCoreApi();
    ok(api.openDocument(text));
    return api;
  });
  const api = opened.keep as ReturnType<typeof createCoreApi>;
  row(
    'session: open (retained heap)',
    `${opened.mb.toFixed(1)} MB`,
    'core API with the document open',
  );
  const views = ok(api.views(0, 100_000));
  const target = views[Math.floor(views.length / 2)];
  if (target === undefined) return;
  let n = 0;
  const edit = (withText: boolean) => {
    n += 1;
    const answer = ok(
      api.apply(
        [{ kind: 'setField', endpointId: target.id, field: 'summary', value: `Edited ${n}` }],
        ok(api.revision()),
        { text: withText },
      ),
    );
    // Flat, as posting it to the page does.
    if (answer.text !== undefined) answer.text.charCodeAt(answer.text.length >> 1);
    return answer;
  };
  const first = performance.now();
  edit(false);
  row('session: first apply (seeds problems)', (performance.now() - first).toFixed(2));
  row('session: apply(setField summary)', wallMs(RENDER_RUNS, () => edit(false)).toFixed(2));
  const withText = wallMs(RENDER_RUNS, () => edit(true));
  row(
    'session: apply(setField summary) + text',
    withText.toFixed(2),
    withText <= 20 ? 'target ≤ 20 ms: met' : 'target ≤ 20 ms: NOT met',
  );
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function main(): void {
  if (!existsSync(CORPUS)) {
    console.log(`Corpus not found at ${CORPUS}; nothing to measure.`);
    return;
  }
  const rows: string[][] = [];
  for (const name of DOCUMENTS) {
    const path = resolve(CORPUS, name);
    if (!existsSync(path)) {
      console.log(`(missing ${name})`);
      continue;
    }
    const text = readFileSync(path, 'utf8');
    const size = mb(statSync(path).size);
    const parseMs = median(
      Array.from({ length: PARSE_RUNS }, () => cpuMs(() => SourceText.parse(text))),
    );
    const readMs = median(
      Array.from({ length: PARSE_RUNS }, () => cpuMs(() => readDocument(text))),
    );
    const heap = heapOf(() => SourceText.parse(text));
    const plainHeap = heapOf(() => readDocument(text));
    const source = heap.keep as SourceText;

    const value = source.value as Json;
    const paths = value.paths as Record<string, Json>;
    const keys = Object.keys(paths);
    const path0 = keys[Math.floor(keys.length / 2)] as string;
    const item = paths[path0] as Json;
    const method = Object.keys(item).find((k) => k !== 'parameters') as string;
    const scalarEdit = {
      ...value,
      paths: {
        ...paths,
        [path0]: { ...item, [method]: { ...(item[method] as Json), summary: 'Edited' } },
      },
    };
    const added = {
      ...value,
      paths: {
        ...paths,
        [path0]: {
          ...item,
          trace: {
            summary: 'New',
            operationId: 'newOp',
            responses: { '200': { description: 'OK' } },
          },
        },
      },
    };
    const { [path0]: _removed, ...rest } = paths;
    const deleted = { ...value, paths: rest };

    const row = (task: string, ms: string, note = ''): void => {
      rows.push([name, size, task, ms, note]);
    };
    row('SourceText.parse (CPU)', parseMs.toFixed(0), `readDocument: ${readMs.toFixed(0)} ms`);
    row(
      'retained heap',
      `${heap.mb.toFixed(1)} MB`,
      `plain value alone: ${plainHeap.mb.toFixed(1)} MB`,
    );
    row('render(value), no edit', wallMs(RENDER_RUNS, () => source.render(value)).toFixed(3));
    const scalarMs = wallMs(RENDER_RUNS, () => source.render(scalarEdit));
    row(
      'render after one scalar edit',
      scalarMs.toFixed(3),
      scalarMs <= 10 ? 'target ≤ 10 ms: met' : 'target ≤ 10 ms: NOT met',
    );
    row(
      'render after adding an operation',
      wallMs(RENDER_RUNS, () => source.render(added)).toFixed(3),
    );
    row(
      'render after deleting a path item',
      wallMs(RENDER_RUNS, () => source.render(deleted)).toFixed(3),
    );
    row(
      'render + flatten (one scalar edit)',
      wallMs(RENDER_RUNS, () => source.render(scalarEdit).charCodeAt(text.length >> 1)).toFixed(2),
      'string made flat, as posting it does',
    );
    void plainHeap.keep;
    heap.keep = undefined;
    sessionRows(text, row);
  }
  const header = ['input', 'size', 'task', 'ms', 'note'];
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((r) => (r[i] as string).length)),
  );
  const fmt = (cells: string[]): string =>
    '| ' +
    cells
      .map((c, i) => (i === 3 ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number)))
      .join(' | ') +
    ' |';
  console.log(
    `Node ${process.version}; parse: median CPU ms of ${PARSE_RUNS}; render: median wall ms of ${RENDER_RUNS}.\n`,
  );
  console.log(fmt(header));
  console.log(
    '|' +
      widths.map((w, i) => (i === 3 ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|') +
      '|',
  );
  for (const r of rows) console.log(fmt(r));
}

main();
