import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createCoreApi } from '/work/wt-typing/src/shared/openapi/core-api';
import type { DocumentCommand } from '/work/wt-typing/src/shared/openapi/document/session';

const text = readFileSync('/tmp/bigdocs/github.json', 'utf8');
const core = createCoreApi();
let t = performance.now();
const opened = core.openDocument(text);
if (!opened.ok) throw new Error('open');
console.log('open', (performance.now() - t).toFixed(1));
const state = core.syncState();
if (!state.ok) throw new Error('state');
let revision = state.value.revision;
const views = core.views(0, 1);
if (!views.ok) throw new Error('views');
const ep = views.value[0]!;
const mode = process.argv[2] ?? 'fresh';
if (mode === 'fresh') {
  t = performance.now();
  const a = core.apply([], revision, { problems: 'all' });
  if (!a.ok) throw new Error('fresh');
  revision = a.value.revision;
  console.log('fresh sync apply', (performance.now() - t).toFixed(1));
}
let summary = ep.summary ?? '';
for (let round = 0; round < 3; round++) {
  const times: string[] = [];
  for (const ch of ' typed') {
    summary += ch;
    const cmd = { kind: 'setField', endpointId: ep.id, field: 'summary', value: summary } as DocumentCommand;
    t = performance.now();
    const a = core.apply([cmd], revision, {});
    times.push((performance.now() - t).toFixed(1));
    if (process.env.MARK) console.log(`apply ${round}.${times.length} ${times[times.length - 1]}`);
    if (!a.ok) throw new Error(a.error.message);
    revision = a.value.revision;
  }
  console.log('round', round, times.join(' '));
}
