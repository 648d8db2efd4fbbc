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

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { type?: string; functionName?: string } };
}

const [file, minimum = '40'] = process.argv.slice(2);
if (file === undefined) {
  console.error('usage: tsx bench/trace-tasks.ts <file.trace.json> [minimum ms]');
  process.exit(2);
}
const parsed = JSON.parse(readFileSync(file, 'utf8')) as
  TraceEvent[] | { traceEvents: TraceEvent[] };
const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
const minUs = Number(minimum) * 1000;
const thread = (e: TraceEvent) => `${e.pid}:${e.tid}`;
const mains = new Set(
  events
    .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map(thread),
);
const isTask = (e: TraceEvent) =>
  e.ph === 'X' && (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask');

for (const main of mains) {
  const onThread = events.filter((e) => thread(e) === main && e.ph === 'X');
  const tasks = onThread.filter(isTask).sort((a, b) => a.ts - b.ts);
  // Top-level tasks only (a RunTask may nest another).
  const top: TraceEvent[] = [];
  let end = -1;
  for (const task of tasks) {
    if (task.ts >= end) {
      top.push(task);
      end = task.ts + (task.dur ?? 0);
    }
  }
  const long = top.filter((task) => (task.dur ?? 0) >= minUs);
  if (long.length === 0) continue;
  console.log(`main thread ${main}: ${top.length} tasks, ${long.length} of ${minimum} ms or more`);
  console.log('wall ms | CPU ms | largest events inside (wall ms)');
  for (const task of long) {
    const taskEnd = task.ts + (task.dur ?? 0);
    const largest = new Map<string, number>();
    for (const e of onThread) {
      if (e === task || isTask(e) || e.ts < task.ts || e.ts + (e.dur ?? 0) > taskEnd) continue;
      if ((e.dur ?? 0) < 3000) continue;
      const detail = e.args?.data?.functionName || e.args?.data?.type;
      const key = detail ? `${e.name}(${detail})` : e.name;
      largest.set(key, Math.max(largest.get(key) ?? 0, e.dur ?? 0));
    }
    const inside = [...largest]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([name, us]) => `${name} ${Math.round(us / 1000)}`)
      .join(', ');
    const cpu = task.tdur === undefined ? '?' : String(Math.round(task.tdur / 1000));
    console.log(`${Math.round((task.dur ?? 0) / 1000)} | ${cpu} | ${inside}`);
  }
}
