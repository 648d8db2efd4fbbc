/**
 * YAML fast-path benchmark (`npm run bench:yaml`; `--quick` for 3 runs): a script that prints
 * tables, never a test.
 *
 * 1. Which corpus YAML documents (../shared/corpus/openapi*, and /tmp/bigdocs/github.yaml where
 *    the machine has it) the block reader (yaml-nodes.ts) reads itself, and which it leaves to
 *    the library.
 * 2. The median CPU time (user + system, a full GC before each run) of `composeYaml` and of
 *    the core's `openDocument` on the documents with comments, and on GitHub's YAML.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadavg } from 'node:os';
import { createCoreApi } from '../src/shared/openapi/core-api';
import { composeYaml } from '../src/shared/openapi/yaml-io';
import { readBlockYaml } from '../src/shared/openapi/yaml-nodes';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const CORPUS = resolve(process.cwd(), '../shared/corpus');
const RUNS = Number(process.env.BENCH_RUNS ?? (process.argv.includes('--quick') ? 3 : 5));

function cpuMs(fn: () => unknown): number {
  gc();
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

const files: string[] = [];
for (const sub of ['openapi', 'openapi-versions']) {
  const dir = resolve(CORPUS, sub);
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir).sort()) {
    if (/\.ya?ml$/.test(name)) files.push(resolve(dir, name));
  }
}
if (existsSync('/tmp/bigdocs/github.yaml')) files.push('/tmp/bigdocs/github.yaml');

console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}, ${RUNS} runs`,
);
console.log('\n| document | size | comments | fast path |\n|---|---:|---|---|');
let fast = 0;
const timed: string[] = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const name = file.split('/').pop() as string;
  const comments = /^\s*#/m.test(text);
  const read = readBlockYaml(text) !== undefined;
  if (read) fast++;
  console.log(
    `| ${name} | ${(text.length / 1024).toFixed(0)} KB | ${comments ? 'yes' : 'no'} | ${read ? 'yes' : 'no'} |`,
  );
  if (comments || name === 'github.yaml') timed.push(file);
}
console.log(`\n${fast} of ${files.length} read by the block reader`);

console.log('\n| document | composeYaml (ms CPU) | core openDocument (ms CPU) |\n|---|---:|---:|');
for (const file of timed) {
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const compose = median(Array.from({ length: RUNS }, () => cpuMs(() => composeYaml(text))));
  const open = median(
    Array.from({ length: RUNS }, () => {
      const api = createCoreApi();
      return cpuMs(() => {
        const result = api.openDocument(text);
        if (!result.ok) throw new Error(result.error.message);
      });
    }),
  );
  console.log(`| ${file.split('/').pop()} | ${compose.toFixed(0)} | ${open.toFixed(0)} |`);
}
console.log(
  `\nload average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
