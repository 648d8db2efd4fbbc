/**
 * Traffic benchmark (`npm run bench:traffic`, issue 14): a script that prints tables, never a
 * test.
 *
 * 1. Inference over the corpus, split into several examples: inferSchemaFromValues(samples) vs
 *    genson-js createCompoundSchema(samples) on the same parsed samples (a file's top-level
 *    array, or the arrays of its top-level object, else the file as one sample). Median CPU ms
 *    of several runs after a warm-up, a full GC before each; target ratio < 1.
 * 2. A generated Chrome-shaped HAR of 1,000 entries (~20 MB): importHar wall time (target
 *    < 2,000 ms), plus the structured clone of its answer, the part of a worker call that the
 *    main thread pays when the answer arrives (target < 50 ms).
 * 3. A 50 MB HAR: importHar refuses it with HAR_TOO_LARGE before parsing.
 * 4. cURL (issue 21.8): 1 MiB of "Copy all as cURL" commands (the limit) is read within
 *    500 ms; 20 MB is refused with CURL_TOO_LARGE before parsing (it took 5.6 s and 531 MB).
 *
 * BENCH_TRAFFIC_PARTS=2,4 runs only some tables.
 */
import { createCompoundSchema } from 'genson-js';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CoreError } from '../src/shared/openapi/errors';
import { inferSchemaFromValues } from '../src/shared/openapi/inference/infer-values';
import { importCurl, importHar, MAX_CURL_CHARS } from '../src/shared/openapi/traffic';
import { generateHar } from './generate-har';

const CORPUS = resolve(process.cwd(), '../shared/corpus/json');
const RUNS = Number(process.env.BENCH_SAMPLE_RUNS ?? 7);

setFlagsFromString('--expose_gc');
const collect = runInNewContext('gc') as () => void;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function cpuMs(fn: () => unknown): number {
  collect();
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function wallMs(fn: () => unknown): number {
  collect();
  const start = performance.now();
  fn();
  return performance.now() - start;
}

function table(header: string[], rows: string[][], rightFrom: number): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (cells: string[]) =>
    '| ' +
    cells
      .map((c, i) =>
        i >= rightFrom ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number),
      )
      .join(' | ') +
    ' |';
  console.log(fmt(header));
  console.log(
    '|' +
      widths
        .map((w, i) => (i >= rightFrom ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2)))
        .join('|') +
      '|',
  );
  for (const row of rows) console.log(fmt(row));
  console.log('');
}

function size(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.round(bytes / 1024)} KB`;
}

function samplesOf(value: unknown): unknown[] {
  if (Array.isArray(value) && value.length >= 2) return value;
  if (value !== null && typeof value === 'object') {
    const arrays = Object.values(value).filter(
      (v): v is unknown[] => Array.isArray(v) && v.length >= 2,
    );
    if (arrays.length > 0) return arrays.flat();
  }
  return [value];
}

function inferenceTable(): void {
  if (!existsSync(CORPUS)) {
    console.log(`Corpus not found at ${CORPUS}; inference not measured.\n`);
    return;
  }
  console.log(`1. Inference over the corpus split into samples (median CPU ms of ${RUNS} runs)\n`);
  const rows: string[][] = [];
  let oursTotal = 0;
  let refTotal = 0;
  for (const file of readdirSync(CORPUS)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const path = resolve(CORPUS, file);
    const samples = samplesOf(JSON.parse(readFileSync(path, 'utf8')));
    const ours: number[] = [];
    const reference: number[] = [];
    inferSchemaFromValues(samples);
    createCompoundSchema(samples);
    for (let i = 0; i < RUNS; i++) {
      ours.push(cpuMs(() => inferSchemaFromValues(samples)));
      reference.push(cpuMs(() => createCompoundSchema(samples)));
    }
    const a = median(ours);
    const b = median(reference);
    oursTotal += a;
    refTotal += b;
    rows.push([
      file.length > 48 ? `${file.slice(0, 45)}…` : file,
      size(statSync(path).size),
      String(samples.length),
      a.toFixed(2),
      b.toFixed(2),
      `${(a / b).toFixed(2)}×`,
    ]);
  }
  rows.push([
    'all files',
    '',
    '',
    oursTotal.toFixed(1),
    refTotal.toFixed(1),
    `${(oursTotal / refTotal).toFixed(2)}×`,
  ]);
  table(['file', 'size', 'samples', 'ours ms', 'genson ms', 'ratio'], rows, 1);
}

function harTable(): void {
  console.log('2. HAR import (importHar runs in the worker in the app)\n');
  const har = generateHar(1000, 20 * 1000 * 1000);
  const runs: number[] = [];
  const cpu: number[] = [];
  let result = importHar(har);
  for (let i = 0; i < 3; i++) {
    runs.push(wallMs(() => (result = importHar(har))));
    cpu.push(cpuMs(() => (result = importHar(har))));
  }
  const clone = median([0, 1, 2].map(() => cpuMs(() => structuredClone(result))));
  const big = ' '.repeat(50 * 1000 * 1000);
  let code = '';
  const refuse = wallMs(() => {
    try {
      importHar(big);
    } catch (error) {
      code = error instanceof CoreError ? error.code : 'other';
    }
  });
  const ms = median(cpu);
  const wall = median(runs);
  console.log(
    `importHar wall time ${wall.toFixed(0)} ms (median of 3; the machine's load shows here, CPU time below)\n`,
  );
  table(
    ['input', 'size', 'result', 'CPU ms', 'target', 'met'],
    [
      [
        'generated HAR, 1,000 entries',
        size(har.length),
        `${result.endpoints.length} endpoints, ${result.warnings.length} warnings`,
        ms.toFixed(0),
        '< 2000',
        ms < 2000 ? 'yes' : 'NO',
      ],
      [
        'its answer, structured clone (both sides)',
        size(JSON.stringify(result).length),
        '',
        clone.toFixed(1),
        '< 50',
        clone < 50 ? 'yes' : 'NO',
      ],
      [
        '50 MB HAR',
        size(big.length),
        code,
        refuse.toFixed(2),
        '< 50',
        refuse < 50 && code === 'HAR_TOO_LARGE' ? 'yes' : 'NO',
      ],
    ],
    3,
  );
}

function curlTable(): void {
  console.log('\n4. cURL import (issue 21.8)\n');
  const body = JSON.stringify({
    items: Array.from({ length: 40 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b'] })),
  });
  const command = (i: number) =>
    `curl 'https://api.example.com/v1/items/${i}?page=2' -H 'content-type: application/json' ` +
    `-H 'authorization: Bearer abc${i}' --data-raw '${body}'\n`;
  let text = '';
  for (let i = 0; text.length + command(i).length <= MAX_CURL_CHARS; i++) text += command(i);
  let result = importCurl(text);
  const cpu = median([0, 1, 2].map(() => cpuMs(() => (result = importCurl(text)))));
  const big = `curl https://api.example.com/a -d '${'x'.repeat(20 * 1000 * 1000)}'`;
  let code = '';
  const refuse = wallMs(() => {
    try {
      importCurl(big);
    } catch (error) {
      code = error instanceof CoreError ? error.code : 'other';
    }
  });
  table(
    ['input', 'size', 'result', 'CPU ms', 'target', 'met'],
    [
      [
        `${text.split('\n').length - 1} cURL commands (the limit)`,
        size(text.length),
        `${result.endpoints.length} endpoints, ${result.redacted} secrets`,
        cpu.toFixed(0),
        '< 500',
        cpu < 500 ? 'yes' : 'NO',
      ],
      [
        '20 MB cURL',
        size(big.length),
        code,
        refuse.toFixed(2),
        '< 50',
        refuse < 50 && code === 'CURL_TOO_LARGE' ? 'yes' : 'NO',
      ],
    ],
    3,
  );
}

const parts = new Set((process.env.BENCH_TRAFFIC_PARTS ?? '1,2,4').split(','));
console.log(`Node ${process.version}\n`);
if (parts.has('1')) inferenceTable();
if (parts.has('2') || parts.has('3')) harTable();
if (parts.has('4')) curlTable();
