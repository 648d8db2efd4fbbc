/**
 * The long tasks of a `bench:flows` trace (BENCH_TRACE=1) with their CPU time:
 * `npx tsx bench/trace-tasks.ts <file.trace.json> [minimum ms, default 40]`.
 *
 * On a busy machine a task's wall time (what PerformanceObserver 'longtask' reports) is mostly
 * time the renderer's main thread waited for a core: with a load average of 8 on 2 cores, tasks
 * of 300 ms held 5–20 ms of CPU. The thread time the trace records for each task (`tdur`) is what
 * the task costs on a quiet machine, where wall time and CPU time meet. Prints each top-level
 * task of the page's main thread of at least the minimum wall time: wall, CPU, and its largest
 * trace events (script, style and layout, paint, GC).
 */
import { readFileSync } from 'node:fs';
import { longMainThreadTasks, type TraceEvent } from './support';

const [file, minimum = '40'] = process.argv.slice(2);
if (file === undefined) {
  console.error('usage: tsx bench/trace-tasks.ts <file.trace.json> [minimum ms]');
  process.exit(2);
}
const parsed = JSON.parse(readFileSync(file, 'utf8')) as
  TraceEvent[] | { traceEvents: TraceEvent[] };
const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
const long = longMainThreadTasks(events, Number(minimum));
for (const main of new Set(long.map((task) => task.thread))) {
  const tasks = long.filter((task) => task.thread === main);
  console.log(`main thread ${main}: ${tasks.length} tasks of ${minimum} ms or more`);
  console.log('wall ms | CPU ms | largest events inside (wall ms)');
  for (const task of tasks) {
    const inside = task.inside.map((x) => `${x.what} ${Math.round(x.ms)}`).join(', ');
    const cpu = task.cpuMs === undefined ? '?' : String(Math.round(task.cpuMs));
    console.log(`${Math.round(task.ms)} | ${cpu} | ${inside}`);
  }
}
