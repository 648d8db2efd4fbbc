/**
 * Core benchmark (`npm run bench:core`): a script that prints a table, never a test.
 *
 * - parse:    parseOpenApi(text)               vs  yaml's parse(text) of the same text
 * - generate: generateOpenApi(endpoints, info) vs  yaml's stringify of the same document
 *             (the plain object generateOpenApi serialises, with the same options)
 * - infer:    inferSchema(text)                vs  genson-js createSchema(JSON.parse(text))
 *
 * Each figure is the median CPU time of several runs after one warm-up (a full GC before each
 * run); ratio = ours / reference.
 * Targets: parse ≤ 1.3×, generate ≤ 1.3×, inference < 1× (faster than genson-js).
 * Inputs are the two large corpus documents and the corpus JSON samples over 300 KB, read
 * from ../shared/corpus (skipped with a message when absent).
 */
import { createSchema } from 'genson-js';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parse as parseYaml, stringify } from 'yaml';
import { buildDocument, generateOpenApi } from '../src/shared/openapi/generate-openapi';
import { inferSchema } from '../src/shared/openapi/infer-schema';
import { parseOpenApi } from '../src/shared/openapi';

const CORPUS = resolve(process.cwd(), '../shared/corpus');
const DOCUMENTS = ['stripe__spec3.yaml', 'openai__openapi.yaml'];
const SAMPLE_MIN_BYTES = 300 * 1024;
const DOC_RUNS = Number(process.env.BENCH_DOC_RUNS ?? 5);
const SAMPLE_RUNS = Number(process.env.BENCH_SAMPLE_RUNS ?? 9);

/** The options generateOpenApi passes to stringify. */
const STRINGIFY_OPTIONS = {
  indent: 2,
  lineWidth: 0,
  minContentWidth: 0,
  aliasDuplicateObjects: false,
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

// A full collection before each timed call keeps one side's garbage off the other's clock.
setFlagsFromString('--expose_gc');
const collect = runInNewContext('gc') as () => void;

/**
 * Milliseconds of CPU time (user + system) of one call. CPU time rather than wall time: the
 * machines this runs on (CI, shared dev boxes) are busy, and wall time then measures the
 * neighbours more than the code.
 */
function cpuMs(fn: () => unknown): number {
  collect();
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** Median CPU milliseconds of `runs` calls of each, after one warm-up; calls interleave. */
function pair(runs: number, ours: () => unknown, reference: () => unknown): [number, number] {
  ours();
  reference();
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    a.push(cpuMs(ours));
    b.push(cpuMs(reference));
  }
  return [median(a), median(b)];
}

interface Row {
  input: string;
  size: string;
  task: string;
  ours: number;
  reference: number;
  target: number;
}

function kb(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.round(bytes / 1024)} KB`;
}

function print(rows: Row[]): void {
  const header = [
    'input',
    'size',
    'task (ours vs reference)',
    'ours ms',
    'ref ms',
    'ratio',
    'target',
    'met',
  ];
  const lines = rows.map((r) => {
    const ratio = r.ours / r.reference;
    return [
      r.input,
      r.size,
      r.task,
      r.ours.toFixed(1),
      r.reference.toFixed(1),
      `${ratio.toFixed(2)}×`,
      `≤ ${r.target}×`,
      ratio <= r.target ? 'yes' : 'NO',
    ];
  });
  const widths = header.map((h, i) =>
    Math.max(h.length, ...lines.map((l) => (l[i] as string).length)),
  );
  const fmt = (cells: string[]) =>
    '| ' +
    cells
      .map((c, i) => (i >= 3 ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number)))
      .join(' | ') +
    ' |';
  console.log(fmt(header));
  console.log(
    '|' +
      widths.map((w, i) => (i >= 3 ? '-'.repeat(w + 1) + ':' : '-'.repeat(w + 2))).join('|') +
      '|',
  );
  for (const line of lines) console.log(fmt(line));
}

function main(): void {
  if (!existsSync(CORPUS)) {
    console.log(`Corpus not found at ${CORPUS}; nothing to measure.`);
    return;
  }
  console.log(
    `Node ${process.version}; median CPU ms of ${DOC_RUNS} (documents) / ${SAMPLE_RUNS} (samples) runs.\n`,
  );
  const rows: Row[] = [];
  for (const name of DOCUMENTS) {
    const path = resolve(CORPUS, 'openapi', name);
    if (!existsSync(path)) {
      console.log(`(missing ${name})`);
      continue;
    }
    const text = readFileSync(path, 'utf8');
    const size = kb(statSync(path).size);
    const [parseOurs, parseRef] = pair(
      DOC_RUNS,
      () => parseOpenApi(text),
      () => parseYaml(text),
    );
    rows.push({
      input: name,
      size,
      task: 'parse vs yaml.parse',
      ours: parseOurs,
      reference: parseRef,
      target: 1.3,
    });
    const { endpoints, info } = parseOpenApi(text);
    const document = buildDocument(endpoints, info);
    const [genOurs, genRef] = pair(
      DOC_RUNS,
      () => generateOpenApi(endpoints, info),
      () => stringify(document, STRINGIFY_OPTIONS),
    );
    rows.push({
      input: name,
      size,
      task: 'generate vs yaml.stringify',
      ours: genOurs,
      reference: genRef,
      target: 1.3,
    });
  }
  const jsonDir = resolve(CORPUS, 'json');
  const samples = existsSync(jsonDir)
    ? readdirSync(jsonDir)
        .filter((file) => statSync(resolve(jsonDir, file)).size > SAMPLE_MIN_BYTES)
        .sort()
    : [];
  for (const name of samples) {
    const path = resolve(jsonDir, name);
    const text = readFileSync(path, 'utf8');
    const [ours, reference] = pair(
      SAMPLE_RUNS,
      () => inferSchema(text),
      () => createSchema(JSON.parse(text)),
    );
    rows.push({
      input: name,
      size: kb(statSync(path).size),
      task: 'inferSchema vs genson-js',
      ours,
      reference,
      target: 1,
    });
  }
  print(rows);
}

main();
