/**
 * One document of `bench:directory`, run in a worker thread so that a document that holds the
 * core can be cut off by the bench's timeout: open through the core API, render untouched, then
 * the first summary edit and one keystroke after it, each with the text.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { CHECK_TIME_BUDGET } from '../src/shared/openapi/check-budget';
import { createCoreApi } from '../src/shared/openapi/core-api';
import { parseOpenApi } from '../src/shared/openapi/document/openapi-document';
import { validateMeta } from '../src/shared/openapi/document/validate-meta';
import { EndpointValidator, validationProjection } from '../src/shared/openapi/validate-endpoints';

export interface DirectoryResult {
  file: string;
  bytes: number;
  /** The core's error code when the document did not open. */
  error?: string;
  message?: string;
  operations?: number;
  openMs?: number;
  /** The untouched render equals the text. */
  identical?: boolean;
  firstEditMs?: number;
  keystrokeMs?: number;
  /** Lines of the text the first edit changed (1 expected, 2 where a summary is added). */
  changedLines?: number;
  heapMb?: number;
  /**
   * The checks the document session runs on Load, each slice alone (issue 28.1, the time
   * budgets): the spec §5 rules of every endpoint, every example of every endpoint (and the
   * slowest endpoint's), the document panel's.
   */
  rulesMs?: number;
  metaMs?: number;
  /**
   * CHECK_TIME_BUDGET problems in the session's answer to the page's first sync after Load
   * (every endpoint's rules, with the real budgets): 0 expected.
   */
  budgetCuts?: number;
}

/** Times the session's check slices on the document as Load gives it (a fresh parse). */
function checks(text: string, result: DirectoryResult): void {
  const doc = parseOpenApi(text);
  let start = performance.now();
  new EndpointValidator(doc.dialect).update(
    doc.endpoints.map((endpoint) => validationProjection(endpoint, true)),
    [],
  );
  result.rulesMs = performance.now() - start;
  start = performance.now();
  validateMeta(doc.meta);
  result.metaMs = performance.now() - start;
}

function changedLines(before: string, after: string): number {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length - 1;
  let endB = b.length - 1;
  while (endA >= start && endB >= start && a[endA] === b[endB]) {
    endA--;
    endB--;
  }
  return Math.max(endA - start + 1, endB - start + 1);
}

function run(file: string): DirectoryResult {
  const text = readFileSync(file, 'utf8');
  const result: DirectoryResult = { file, bytes: Buffer.byteLength(text) };
  const core = createCoreApi();
  let start = performance.now();
  const opened = core.openDocument(text);
  result.openMs = performance.now() - start;
  if (!opened.ok) {
    result.error = opened.error.code;
    result.message = opened.error.message.slice(0, 120);
    return result;
  }
  result.operations = opened.value.count;
  const rendered = core.text();
  result.identical = rendered.ok && rendered.value.text === text;
  result.heapMb = process.memoryUsage().heapUsed / 1024 / 1024;
  const views = core.views(0, 1);
  const first = views.ok ? views.value[0] : undefined;
  if (first === undefined) return result;
  const revision = core.revision();
  if (!revision.ok) return result;
  start = performance.now();
  const summary = `${first.summary} edited`;
  const edit = core.apply(
    [{ kind: 'setField', endpointId: first.id, field: 'summary', value: summary }],
    revision.value,
    { text: true },
  );
  result.firstEditMs = performance.now() - start;
  if (!edit.ok) {
    result.error = edit.error.code;
    result.message = edit.error.message.slice(0, 120);
    return result;
  }
  result.changedLines = changedLines(text, edit.value.text ?? '');
  start = performance.now();
  const key = core.apply(
    [{ kind: 'setField', endpointId: first.id, field: 'summary', value: `${summary}!` }],
    edit.value.revision,
    { text: true },
  );
  result.keystrokeMs = performance.now() - start;
  if (!key.ok) {
    result.error = key.error.code;
    result.message = key.error.message.slice(0, 120);
    return result;
  }
  const all = core.apply([], key.value.revision, { problems: 'all' });
  if (all.ok) {
    const issues = Object.values(all.value.problems.issues).flat();
    result.budgetCuts = issues.filter((issue) => issue.code === CHECK_TIME_BUDGET).length;
  }
  return result;
}

parentPort?.on('message', (file: string) => {
  let result: DirectoryResult;
  try {
    result = run(file);
    if (result.error === undefined && process.env.BENCH_CHECKS !== '0') {
      checks(readFileSync(file, 'utf8'), result);
    }
  } catch (error) {
    result = {
      file,
      bytes: 0,
      error: 'THROWN',
      message: error instanceof Error ? error.message.slice(0, 120) : String(error),
    };
  }
  parentPort?.postMessage(result);
});
