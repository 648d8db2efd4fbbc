/**
 * bench:lint's page: the app's lint client (its worker, as Vite bundles it for the app), driven
 * by bench/lint.ts through `window.lintBench`. Main-thread long tasks are counted meanwhile.
 */
import { LintClient } from '../../src/app/core/lint-client';

const client = new LintClient();
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
  const source = () => Promise.resolve({ text, revision: at });
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
