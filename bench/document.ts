/**
 * The lossless document (issue 10), timed the way the worker runs it (`npm run bench:document`,
 * also part of `npm run bench:core`): open a large document, render it untouched, then one
 * endpoint edit → updated text through the core API (apply putEndpoint with its text), one endpoint
 * added, one removed. Prints a table; never fails on a number.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createCoreApi } from '../src/shared/openapi/core-api';
import { renderOpenApi } from '../src/shared/openapi/document/openapi-document';
import type { DocumentSession } from '../src/shared/openapi/document/session';
import { readOpenApi } from '../src/shared/openapi/read-openapi';
import { readDocument } from '../src/shared/openapi/yaml-io';
import { newEndpoint, type Endpoint } from '../src/shared/openapi';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const CORPUS = resolve(process.cwd(), '../shared/corpus/openapi');
const DOCUMENTS = ['stripe__spec3.yaml', 'openai__openapi.yaml'];
const RUNS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function time(fn: () => unknown): number {
  gc();
  const start = performance.now();
  fn();
  return performance.now() - start;
}

function ok<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

interface Row {
  input: string;
  task: string;
  ms: number;
  note?: string;
}

export function documentRows(): Row[] {
  const rows: Row[] = [];
  for (const name of DOCUMENTS) {
    const path = resolve(CORPUS, name);
    if (!existsSync(path)) {
      console.log(`(missing ${name})`);
      continue;
    }
    const text = readFileSync(path, 'utf8');
    const before = median(
      Array.from({ length: RUNS }, () => time(() => readOpenApi(readDocument(text)))),
    );
    rows.push({ input: name, task: 'load as before (read + project, lossy)', ms: before });
    const opens: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const fresh = createCoreApi();
      opens.push(time(() => ok(fresh.openDocument(text))));
    }
    gc();
    const base = process.memoryUsage().heapUsed;
    const held = createCoreApi();
    ok(held.openDocument(text));
    gc();
    const heap = process.memoryUsage().heapUsed - base;
    if (!ok(held.hasDocument())) throw new Error('lost the document');
    rows.push({
      input: name,
      task: 'open (lossless document)',
      ms: median(opens),
      note: `${(heap / 1024 / 1024).toFixed(0)} MB retained`,
    });

    // The keeper hands over the session, so the untouched document is rendered each run
    // (the core API's `text()` renders once per revision).
    let session: DocumentSession | undefined;
    const api = createCoreApi({
      opened: (opened) => {
        session = opened;
      },
      batch: () => undefined,
    });
    const summary = ok(api.openDocument(text));
    const views: Endpoint[] = [];
    for (let start = 0; start < summary.count; start += 24) views.push(...ok(api.views(start, 24)));
    const untouched = median(
      Array.from({ length: RUNS }, () => time(() => renderOpenApi(session!.current()))),
    );
    rows.push({ input: name, task: 'render, no edit', ms: untouched });

    const edits: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const target = views[(i * 37) % views.length] as Endpoint;
      const edited = { ...target, summary: `Edited ${i}` };
      edits.push(
        time(() => {
          const edit = [{ kind: 'putEndpoint' as const, endpoint: edited }];
          ok(api.apply(edit, ok(api.revision()), { text: true }));
        }),
      );
    }
    rows.push({ input: name, task: 'one endpoint edit → text', ms: median(edits) });

    const added = {
      ...newEndpoint(),
      method: 'POST' as const,
      path: '/bench/added',
      responses: [{ statusCode: 201, body: { name: 'BenchAdded', customerJson: '{"id": 1}' } }],
    };
    const ids = views.map((view) => view.id);
    rows.push({
      input: name,
      task: 'add one endpoint → text',
      ms: time(() => {
        const add = [{ kind: 'addEndpoint' as const, endpoint: added }];
        ok(api.apply(add, ok(api.revision()), { text: true }));
      }),
    });
    rows.push({
      input: name,
      task: 'remove one endpoint → text',
      ms: time(() => {
        const remove = [{ kind: 'removeEndpoint' as const, endpointId: ids[0] as string }];
        ok(api.apply(remove, ok(api.revision()), { text: true }));
      }),
      note: 'includes the unused-component sweep',
    });
  }
  return rows;
}

export function printDocumentRows(rows: Row[]): void {
  console.log('\nLossless document (issue 10), median ms of %d runs', RUNS);
  console.log('| input | task | ms | note |\n|---|---|--:|---|');
  for (const row of rows) {
    console.log(`| ${row.input} | ${row.task} | ${row.ms.toFixed(1)} | ${row.note ?? ''} |`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) printDocumentRows(documentRows());
