/**
 * Issue 30.2: on every corpus document, our lint with the default ruleset finds what
 * @stoplight/spectral-cli finds with `extends: spectral:oas` — the same {rule code, JSON path,
 * severity} set. The CLI side is the CLI's own `lint` (its ruleset loading, resolver and
 * document reading), called in process; ours is lintText with the default ruleset, whose own
 * `specform` rules are left out of the comparison (the CLI does not have them).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { lintText, readRuleset } from '../../../src/shared/openapi/lint';
import { CORPUS_DIR, corpusAvailable } from '../support/corpus';

const FOLDERS = ['openapi', 'openapi-versions'];
const available = FOLDERS.every((folder) => corpusAvailable(folder));
const files = available
  ? FOLDERS.flatMap((folder) =>
      readdirSync(resolve(CORPUS_DIR, folder))
        .filter((name) => /\.(ya?ml|json)$/.test(name))
        .sort()
        .map((name) => resolve(CORPUS_DIR, folder, name)),
    )
  : [];
const SEVERITY = ['error', 'warning', 'info', 'hint'];
const rows: string[] = [];
let dir = '';
let rulesetFile = '';

function key(code: string | number, path: readonly (string | number)[], severity: string): string {
  return `${severity} ${String(code)} ${JSON.stringify(path.map(String))}`;
}

/** The CLI's own `lint` (its ruleset loading, resolver and reading) on one file, in a thread. */
const CLI_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { lint } = require('@stoplight/spectral-cli/dist/services/linter/linter');
const started = performance.now();
lint([workerData.file], {
  ruleset: workerData.ruleset,
  format: ['stylish'],
  encoding: 'utf8',
  ignoreUnknownFormat: false,
  failOnUnmatchedGlobs: true,
}).then(
  (out) => parentPort.postMessage({
    ms: performance.now() - started,
    results: out.results.map((d) => ({ code: d.code, path: d.path, severity: d.severity })),
  }),
  (error) => parentPort.postMessage({ error: String(error && error.stack || error) }),
);
`;

interface CliResult {
  code: string | number;
  path: (string | number)[];
  severity: number;
}

function cliInThread(file: string, ruleset: string): Promise<{ results: CliResult[]; ms: number }> {
  return new Promise((done, fail) => {
    const worker = new Worker(CLI_THREAD, { eval: true, workerData: { file, ruleset } });
    worker.once('message', (message: { results?: CliResult[]; ms?: number; error?: string }) => {
      void worker.terminate();
      if (message.error !== undefined) fail(new Error(message.error));
      else done({ results: message.results ?? [], ms: message.ms ?? 0 });
    });
    worker.once('error', fail);
  });
}

describe.skipIf(!available)('Spectral parity with spectral-cli (spectral:oas)', () => {
  afterAll(() => {
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
    console.log(
      ['| document | findings | cli ms | ours ms |', '|---|---:|---:|---:|', ...rows].join('\n'),
    );
  });

  it.each(files)(
    '%s',
    async (file) => {
      if (dir === '') {
        dir = mkdtempSync(join(tmpdir(), 'specform-parity-'));
        rulesetFile = join(dir, '.spectral.yaml');
        writeFileSync(rulesetFile, 'extends: ["spectral:oas"]\n');
      }
      // The CLI runs in a thread of its own while ours runs here: the two take a core each.
      const cli = cliInThread(file, rulesetFile);
      const started = performance.now();
      const ours = await lintText(readFileSync(file, 'utf8'), readRuleset(''));
      const oursMs = performance.now() - started;
      const { results, ms: cliMs } = await cli;
      const theirs = results.map((d) => key(d.code, d.path, SEVERITY[d.severity] ?? '?')).sort();
      const mine = ours
        .filter((finding) => finding.source !== 'specform')
        .map((finding) => key(finding.code, finding.path, finding.severity))
        .sort();
      rows.push(
        `| ${file.split('/').slice(-2).join('/')} | ${theirs.length} | ${Math.round(cliMs)} | ${Math.round(oursMs)} |`,
      );
      expect(mine).toEqual(theirs);
    },
    240_000,
  );
});
