/**
 * What ran in each long task of a `bench:flows` trace taken with its JavaScript samples
 * (BENCH_TRACE=1 BENCH_TRACE_JS=1):
 * `npx tsx bench/trace-samples.ts <file.trace.json> [minimum CPU ms, default 40] [dist dir]`.
 *
 * For each top-level task of the page's main thread whose CPU time is at least the minimum, it
 * prints the functions with the most samples in it (self time, and the deepest frame of our own
 * code under it), mapped to their sources when the build has source maps (`vite build
 * --sourcemap`; DIST_DIR or the third argument names the build).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { longMainThreadTasks, type TraceEvent } from './support';

interface CpuNode {
  id: number;
  parent?: number;
  callFrame: {
    functionName: string;
    url: string;
    lineNumber: number;
    columnNumber: number;
    codeType?: string;
  };
}

interface ChunkEvent extends TraceEvent {
  id?: string;
  args?: TraceEvent['args'] & {
    data?: {
      cpuProfile?: { nodes?: CpuNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

const [file, minimum = '40', distArg] = process.argv.slice(2);
if (file === undefined) {
  console.error('usage: tsx bench/trace-samples.ts <file.trace.json> [minimum CPU ms] [dist]');
  process.exit(2);
}
const dist = distArg ?? process.env.DIST_DIR ?? 'dist';
const parsed = JSON.parse(readFileSync(file, 'utf8')) as
  TraceEvent[] | { traceEvents: TraceEvent[] };
const events = (Array.isArray(parsed) ? parsed : parsed.traceEvents) as ChunkEvent[];

// The samples: a Profile event starts each profile (its startTime), ProfileChunks add nodes,
// samples and time deltas.
const nodes = new Map<string, CpuNode>();
const samples: { ts: number; node: string; thread: string }[] = [];
const clock = new Map<string, number>();
// The samples are the thread's that started the profile (chunks come from a profiler thread).
const profiled = new Map<string, string>();
for (const e of events) {
  if (e.name === 'Profile') {
    const data = e.args?.data as { startTime?: number } | undefined;
    clock.set(String(e.id), data?.startTime ?? e.ts);
    profiled.set(String(e.id), `${e.pid}:${e.tid}`);
  }
}
for (const e of events.filter((x) => x.name === 'ProfileChunk').sort((a, b) => a.ts - b.ts)) {
  const key = String(e.id);
  const profile = e.args?.data?.cpuProfile;
  for (const node of profile?.nodes ?? []) nodes.set(`${key}:${node.id}`, node);
  let ts = clock.get(key) ?? e.ts;
  const deltas = e.args?.data?.timeDeltas ?? [];
  (profile?.samples ?? []).forEach((id, i) => {
    ts += deltas[i] ?? 0;
    samples.push({ ts, node: `${key}:${id}`, thread: profiled.get(key) ?? '' });
  });
  clock.set(key, ts);
}
samples.sort((a, b) => a.ts - b.ts);

const maps = new Map<string, SourceMapConsumer | undefined>();
function mapped(frame: CpuNode['callFrame']): string {
  const name = frame.functionName || '(anonymous)';
  const base = (frame.url ?? '').split('/').pop() ?? '';
  if (!base) return name;
  if (!maps.has(base)) {
    const mapFile = path.join(dist, 'assets', `${base}.map`);
    maps.set(
      base,
      existsSync(mapFile)
        ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')) as RawSourceMap)
        : undefined,
    );
  }
  const map = maps.get(base);
  const at = map?.originalPositionFor({
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  });
  if (!at?.source) return `${name} ${base}:${frame.lineNumber + 1}`;
  const source = at.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  return `${at.name ?? name} ${source}:${at.line}`;
}

/** TRACE_FROM=<function name>: stacks from under that function; TRACE_DEPTH frames of them. */
const FROM = process.env.TRACE_FROM;
const DEPTH = Number(process.env.TRACE_DEPTH ?? '6');

const ours = (frame: CpuNode['callFrame']) => (frame.url ?? '').includes('/assets/');

const long = longMainThreadTasks(events, 0).filter(
  (task) => (task.cpuMs ?? task.ms) >= Number(minimum),
);
for (const task of long) {
  const end = task.ts + task.ms * 1000;
  const inside = samples.filter((s) => s.thread === task.thread && s.ts >= task.ts && s.ts <= end);
  const self = new Map<string, number>();
  const stacks = new Map<string, number>();
  for (const s of inside) {
    const node = nodes.get(s.node);
    if (!node) continue;
    const top = mapped(node.callFrame);
    self.set(top, (self.get(top) ?? 0) + 1);
    // The path of the stack through named frames, outermost first (the first few).
    const chain: string[] = [];
    let at: CpuNode | undefined = node;
    while (at) {
      if (at.callFrame.url && ours(at.callFrame)) chain.push(mapped(at.callFrame));
      at = at.parent === undefined ? undefined : nodes.get(`${s.node.split(':')[0]}:${at.parent}`);
    }
    const outermost = chain.reverse().filter((f) => !/^\S+ (react-dom|scheduler)\//.test(f));
    // TRACE_FROM=<function>: the frames under the outermost call of that function instead.
    const from = FROM === undefined ? -1 : outermost.findIndex((f) => f.startsWith(`${FROM} `));
    const key = outermost.slice(from + 1, from + 1 + DEPTH).join(' > ') || top;
    stacks.set(key, (stacks.get(key) ?? 0) + 1);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([what, count]) => `    ${count} ${what}`)
      .join('\n');
  const cpu = task.cpuMs === undefined ? '?' : Math.round(task.cpuMs);
  console.log(
    `\ntask at ${Math.round(task.ts / 1000)} ms: wall ${Math.round(task.ms)}, CPU ${cpu}, ${inside.length} samples; ${task.inside.map((x) => `${x.what} ${Math.round(x.ms)}`).join(', ')}`,
  );
  console.log(`  self:\n${top(self, 8)}`);
  console.log(`  stacks (our frames, outermost first):\n${top(stacks, 8)}`);
}
