/**
 * bench:lint's page: the app's lint client (its worker, as Vite bundles it for the app), driven
 * by bench/lint.ts through `window.lintBench`. Main-thread long tasks are counted meanwhile.
 */
import { expose } from 'comlink';
import { LintClient } from '../../src/app/core/lint-client';
import type { DocumentTextRef } from '../../src/shared/openapi/lint/types';

const client = new LintClient();
/** The text to lint now (the bench's stand-in for the document worker, on this page). */
let current = { text: '', revision: 0 };
// The lint worker reads the text over its own line, as from the document worker in the app.
client.linkDocument(() => {
  const { port1, port2 } = new MessageChannel();
  expose(
    {
      text: (ref: DocumentTextRef) => (ref.revision === current.revision ? current.text : 'stale'),
    },
    port1,
  );
  return Promise.resolve(port2);
});
const longTasks: number[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push(entry.duration);
}).observe({ type: 'longtask', buffered: true });

let revision = 0;

async function lint(text: string, touchedPaths?: string[]) {
  longTasks.length = 0;
  const started = performance.now();
  revision += 1;
  const at = revision;
  current = { text, revision: at };
  const source = () =>
    Promise.resolve({ revision: at, document: { instance: 'bench', revision: at } });
  let answer;
  if (touchedPaths === undefined) answer = await client.lintNow(source);
  else {
    answer = await new Promise<Awaited<ReturnType<typeof client.lintNow>>>((done) => {
      const stop = client.subscribe((value) => {
        stop();
        done(value);
      });
      client.schedule(source, touchedPaths);
    });
  }
  await new Promise((done) => setTimeout(done, 100));
  return {
    wallMs: Math.round(performance.now() - started),
    workerMs: answer?.ms,
    mode: answer?.mode,
    findings: answer?.findings.length,
    counts: answer?.counts,
    longestTaskMs: Math.round(Math.max(0, ...longTasks)),
    longTasks: longTasks.length,
  };
}

(window as unknown as { lintBench: unknown }).lintBench = { lint };
document.title = 'bench:lint ready';
