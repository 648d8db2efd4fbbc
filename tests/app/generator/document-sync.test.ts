/**
 * The page's form synced to the worker's document session by commands (issue 18.1,
 * app/core/document-sync.ts and GeneratorClient.sync): a keystroke is one setField, an
 * unchanged order sends no order command, a CONFLICT re-syncs, and the session's problems are
 * the old whole-form validation's exactly (issue 20.5's "loaded and untouched" included).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expose } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { GeneratorClient, type DocumentChange } from '../../../src/app/core/generator-client';
import { planSync, type SessionMirror } from '../../../src/app/core/document-sync';
import {
  createEndpoint,
  createParameter,
  createResponse,
  isLoadedAsIs,
  markLoaded,
  updateResponse,
  validationView,
  withPath,
} from '../../../src/app/model/endpoint-ops';
import { createCoreApi } from '../../../src/shared/openapi/core-api';
import {
  validateEndpoints,
  type DocumentCommand,
  type DocumentMeta,
  type Endpoint,
} from '../../../src/shared/openapi';
import { CORPUS_DIR, corpusAvailable } from '../../shared/support/corpus';
import { MISFIT_EXAMPLE_DOCUMENT } from '../../shared/support/misfit-example';

const TEXT = [
  'openapi: 3.0.3',
  'info: {title: Pets, version: v1}',
  'paths:',
  '  /pets/{id}:',
  '    get:',
  '      summary: One pet',
  "      responses: {'200': {description: OK}}",
  '  /owners:',
  '    get:',
  '      summary: Owners',
  "      responses: {'200': {description: OK}}",
  '  /toys:',
  '    get:',
  '      summary: Toys',
  "      responses: {'200': {description: OK}}",
  '',
].join('\n');

interface Message {
  name: string;
  bytes: number;
  commands?: DocumentCommand[];
}

/** A "worker" over a MessageChannel running the real core API; every call is recorded. */
function coreWorker() {
  const messages: Message[] = [];
  let started = 0;
  const create = () => {
    started += 1;
    const channel = new MessageChannel();
    expose(createCoreApi(), channel.port2);
    channel.port1.start();
    const post = channel.port1.postMessage.bind(channel.port1);
    channel.port1.postMessage = ((message: {
      path?: string[];
      argumentList?: { value?: unknown }[];
    }) => {
      const name = String(message.path?.[0] ?? '');
      const args = (message.argumentList ?? []).map((a) => a.value);
      const entry: Message = { name, bytes: JSON.stringify(args).length };
      if (name === 'apply') entry.commands = args[0] as DocumentCommand[];
      messages.push(entry);
      post(message);
    }) as MessagePort['postMessage'];
    return Object.assign(channel.port1, {
      terminate: () => channel.port1.close(),
    }) as unknown as Worker;
  };
  return {
    create,
    messages,
    get started() {
      return started;
    },
  };
}

let client: GeneratorClient | undefined;
afterEach(() => client?.terminate());

/** The old page's validation: every view's projection, validated whole. */
function wholeFormReport(endpoints: Endpoint[], dialect: '3.0' | '3.1' = '3.0') {
  return validateEndpoints(endpoints.map(validationView), dialect);
}

function commandKinds(messages: Message[]): string[] {
  return messages.flatMap((m) => (m.commands ?? []).map((c) => c.kind));
}

describe('planSync', () => {
  const meta = { openapi: '3.0.3', info: { title: 'T', version: '1' } } as unknown as DocumentMeta;
  const views = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ ...createEndpoint(false), id }));
  const mirror: SessionMirror = {
    revision: 1,
    ids: views.map((v) => v.id),
    meta,
    edited: new Set(),
  };
  const sent = new Map(views.map((v) => [v.id, v]));
  const loaded = () => true;

  it('sends nothing for an unchanged form, one setField for one changed field', () => {
    expect(planSync(mirror, views, meta, sent, loaded).commands).toEqual([]);
    const edited = views.map((v, i) => (i === 2 ? { ...v, summary: 'x' } : v));
    const plan = planSync(mirror, edited, meta, sent, (e) => sent.get(e.id) === e);
    expect(plan.commands).toEqual([
      { kind: 'setField', endpointId: 'c', field: 'summary', value: 'x' },
    ]);
    expect([...plan.edited]).toEqual(['c']);
  });

  it('sends an edit inside a view (a body, a response) as a path command, not the view', () => {
    const response = { ...createResponse(), statusCode: 404 };
    const edited = views.map((v, i) =>
      i === 1 ? { ...v, responses: [...v.responses, response] } : v,
    );
    const plan = planSync(mirror, edited, meta, sent, (e) => sent.get(e.id) === e);
    const at = views[1]!.responses.length;
    expect(plan.commands).toEqual([
      { kind: 'insertAt', endpointId: 'b', path: ['responses', at], value: response },
    ]);
  });

  it('sends parameter edits by index: added, removed, changed, moved', () => {
    const p = (name: string) => ({ ...createParameter('query'), id: name, name });
    const base = { ...views[0]!, parameters: [p('a'), p('b'), p('c')] };
    const known = new Map([[base.id, base]]);
    const m: SessionMirror = { ...mirror, ids: [base.id] };
    const after = {
      ...base,
      summary: 'S',
      parameters: [base.parameters[0]!, { ...base.parameters[2]!, description: 'd' }, p('n')],
    };
    const commands = planSync(m, [after], meta, known, () => false).commands;
    expect(commands).toHaveLength(4);
    expect(commands).toEqual(
      expect.arrayContaining([
        { kind: 'removeParameter', endpointId: base.id, index: 1 },
        { kind: 'setField', endpointId: base.id, field: 'summary', value: 'S' },
        { kind: 'setParameter', endpointId: base.id, index: 1, change: { description: 'd' } },
        { kind: 'addParameter', endpointId: base.id, parameter: after.parameters[2], index: 2 },
      ]),
    );
    // The removal goes before the parameters' places are counted.
    expect(commands.findIndex((c) => c.kind === 'removeParameter')).toBeLessThan(
      commands.findIndex((c) => c.kind === 'setParameter'),
    );
    // A parameter moved is removed and added at its new place; the others stay.
    const [a, b, c] = base.parameters;
    const moved = { ...base, parameters: [c!, a!, b!] };
    expect(planSync(m, [moved], meta, known, () => false).commands).toEqual([
      { kind: 'removeParameter', endpointId: base.id, index: 2 },
      { kind: 'addParameter', endpointId: base.id, parameter: c, index: 0 },
    ]);
  });

  it('changes the order by the fewest commands, never by the full id list', () => {
    const byId = (ids: string) => [...ids].map((id) => views.find((v) => v.id === id)!);
    // The last moved to the front: one move, not five.
    expect(planSync(mirror, byId('eabcd'), meta, sent, loaded).commands).toEqual([
      { kind: 'moveEndpoint', endpointId: 'e', index: 0 },
    ]);
    const added = { ...createEndpoint(false), id: 'n' };
    const form = [...byId('ab'), added, ...byId('ce')];
    const plan = planSync(mirror, form, meta, sent, (e) => e !== added);
    expect(plan.commands).toEqual([
      { kind: 'removeEndpoint', endpointId: 'd' },
      { kind: 'addEndpoint', endpoint: added, index: 2 },
    ]);
    // Applying the plan's commands to the order gives the page's order.
    for (const target of ['edcba', 'badce', 'cdeab', 'aecbd']) {
      const order = [...mirror.ids];
      for (const command of planSync(mirror, byId(target), meta, sent, loaded).commands) {
        if (command.kind !== 'moveEndpoint') continue;
        order.splice(order.indexOf(command.endpointId), 1);
        order.splice(command.index, 0, command.endpointId);
      }
      expect(order.join('')).toBe(target);
    }
  });

  it('sends the panel fields that changed, and tells the session which views are as loaded', () => {
    const next = { ...meta, info: { title: 'New', version: '1' } } as DocumentMeta;
    expect(planSync(mirror, views, next, sent, loaded).commands).toEqual([
      { kind: 'setMeta', meta: { info: { title: 'New', version: '1' } } },
    ]);
    const edited = { ...mirror, edited: new Set(['b']) };
    expect(planSync(edited, views, meta, sent, loaded).commands).toEqual([
      { kind: 'markLoaded', endpointIds: ['b'] },
    ]);
  });
});

/** A client on a worker that opened TEXT, its views as loaded and synced once. */
async function loadedClient() {
  const worker = coreWorker();
  const opened = new GeneratorClient({ createWorker: worker.create });
  client = opened;
  opened.setLoadedTest(isLoadedAsIs);
  const { endpoints, meta } = await opened.openDocument(TEXT);
  markLoaded(endpoints);
  await opened.validateLatest(endpoints, meta);
  worker.messages.length = 0;
  return { worker, endpoints, meta, client: opened };
}

describe('GeneratorClient.sync', () => {
  it('a keystroke is one apply with one setField; the order is not sent again', async () => {
    const { worker, endpoints, meta, client } = await loadedClient();
    let form = endpoints;
    for (const summary of ['O', 'Ow', 'Own']) {
      form = form.map((e, i) => (i === 1 ? { ...e, summary } : e));
      await client.validateLatest(form, meta);
    }
    expect(worker.messages.map((m) => m.name)).toEqual(['apply', 'apply', 'apply']);
    expect(commandKinds(worker.messages)).toEqual(['setField', 'setField', 'setField']);
    expect(await client.render(form, meta)).toBe(TEXT.replace('summary: Owners', 'summary: Own'));
  });

  it('a keystroke in a response is one small setAt, and the lint is told its route only', async () => {
    const { worker, endpoints, meta, client } = await loadedClient();
    const changes: DocumentChange[] = [];
    client.onDocumentChange((change) => changes.push(change));
    const form = endpoints.map((e, i) =>
      i === 2 ? updateResponse(e, 0, (r) => ({ ...r, description: 'OK!' })) : e,
    );
    await client.validateLatest(form, meta);
    expect(commandKinds(worker.messages)).toEqual(['setAt']);
    expect(worker.messages[0]!.bytes).toBeLessThan(300);
    expect(changes).toEqual([{ opened: false, touchedPaths: ['/toys'] }]);
    const lines = TEXT.split('\n');
    const toys = lines.lastIndexOf("      responses: {'200': {description: OK}}");
    lines[toys] = "      responses: {'200': {description: OK!}}";
    expect(await client.render(form, meta)).toBe(lines.join('\n'));
  });

  it('never writes the old form into a document opened for Load before the form takes it', async () => {
    const worker = coreWorker();
    client = new GeneratorClient({ createWorker: worker.create });
    client.setLoadedTest(isLoadedAsIs);
    const { endpoints, meta } = await client.openDocument(TEXT);
    markLoaded(endpoints);
    const old = endpoints.map((e, i) => (i === 0 ? { ...e, summary: 'Edited' } : e));
    await client.validateLatest(old, meta);
    // Load: the new text is opened while "Replace the endpoints?" waits for the user.
    const next = TEXT.replace('/toys', '/games').replace('summary: Owners', 'summary: People');
    const opened = await client.openDocument(next, { hold: true });
    // Issue 29.3: the text opens in a document worker of its own, so the open document still
    // answers the old form meanwhile, and none of it reaches the opened one.
    expect(await client.validateLatest(old, meta)).toBeDefined();
    // Replace: the form takes the opened views; the document is the loaded text exactly.
    markLoaded(opened.endpoints);
    expect(await client.validateLatest(opened.endpoints, opened.meta)).toEqual(
      wholeFormReport(opened.endpoints),
    );
    expect(await client.render(opened.endpoints, opened.meta)).toBe(next);
    // Cancel instead: the previous text comes back, and the old form syncs onto it again.
    await client.openDocument(next, { hold: true });
    client.setSource(TEXT);
    expect(await client.render(old, meta)).toBe(
      TEXT.replace('summary: One pet', 'summary: Edited'),
    );
  });

  it('checks examples in the worker with each sync: all at first, then only what changed', async () => {
    // A second endpoint after the misfit one.
    const text = `${MISFIT_EXAMPLE_DOCUMENT}  /owners:\n    get:\n      responses: {'200': {description: OK}}\n`;
    const worker = coreWorker();
    client = new GeneratorClient({ createWorker: worker.create });
    client.setLoadedTest(isLoadedAsIs);
    const { endpoints, meta } = await client.openDocument(text);
    markLoaded(endpoints);
    await client.validateLatest(endpoints, meta);
    const found = client.exampleProblems(endpoints);
    expect(found.map((p) => [p.endpointId, p.body, p.rule])).toEqual([
      [endpoints[0]!.id, 200, 'type'],
    ]);
    // An edit elsewhere: the old answer stays (the same objects), nothing else is checked.
    let form = endpoints.map((e, i) => (i === 1 ? { ...e, summary: 'Owners' } : e));
    await client.validateLatest(form, meta);
    expect(client.exampleProblems(form)).toEqual(found);
    expect(client.exampleProblems(form)[0]).toBe(found[0]);
    // The example fixed: its problem goes.
    form = form.map((e, i) =>
      i === 0
        ? {
            ...e,
            responses: e.responses.map((r) => ({
              ...r,
              body: { ...r.body, customerJson: '{"age": 3}' },
            })),
          }
        : e,
    );
    await client.validateLatest(form, meta);
    expect(client.exampleProblems(form)).toEqual([]);
  });

  it('lets the latest validation win without running the superseded one', async () => {
    const worker = coreWorker();
    client = new GeneratorClient({ createWorker: worker.create });
    const first = createEndpoint(true);
    const second = { ...first, path: '/b' };
    const a = client.validateLatest([first]);
    const b = client.validateLatest([second]);
    expect(await a).toBeUndefined();
    expect((await b)?.canGenerate).toBe(true);
    // Only the latest form reached the worker.
    const added = worker.messages.flatMap((m) => m.commands ?? []);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ kind: 'addEndpoint', endpoint: { path: '/b' } });
  });

  it('re-syncs every view after a CONFLICT and after a worker restart', async () => {
    const worker = coreWorker();
    client = new GeneratorClient({ createWorker: worker.create });
    client.setLoadedTest(isLoadedAsIs);
    const { endpoints, meta } = await client.openDocument(TEXT);
    markLoaded(endpoints);
    const form = endpoints.map((e, i) => (i === 2 ? { ...e, summary: 'Games' } : e));
    const expected = TEXT.replace('summary: Toys', 'summary: Games');
    expect(await client.render(form, meta)).toBe(expected);
    // A batch behind the sync's back: the next one is stale.
    const behind = await client.call('revision', []);
    await client.call('apply', [
      [{ kind: 'moveEndpoint', endpointId: form[1]!.id, index: 0 }],
      behind,
    ]);
    worker.messages.length = 0;
    const report = await client.validateLatest(form, meta);
    expect(worker.messages.filter((m) => m.name === 'apply')).toHaveLength(2); // CONFLICT, again
    expect(report).toEqual(wholeFormReport(form));
    expect(await client.render(form, meta)).toBe(expected);

    // A restarted worker re-opens the kept text; the edited view goes again, loaded ones not.
    client.terminate();
    worker.messages.length = 0;
    expect(await client.render(form, meta)).toBe(expected);
    expect(worker.started).toBe(2);
    expect(commandKinds(worker.messages)).toEqual(['putEndpoint']);
    expect(await client.validateLatest(form, meta)).toEqual(wholeFormReport(form));
  });

  it('answers the old whole-form validation on a new form with errors', async () => {
    const worker = coreWorker();
    client = new GeneratorClient({ createWorker: worker.create });
    client.setLoadedTest(isLoadedAsIs);
    const a = withPath(createEndpoint(true), '/users/{id}');
    const b = { ...createEndpoint(false), path: 'no-slash' };
    const c = { ...a, id: 'copy' }; // a duplicate of a
    let form = [a, b, c];
    expect(await client.validateLatest(form)).toEqual(wholeFormReport(form));
    form = [a, { ...b, path: '/fixed' }, { ...c, method: 'POST' as const }];
    expect(await client.validateLatest(form)).toEqual(wholeFormReport(form));
    form = [form[2]!, form[0]!];
    expect(await client.validateLatest(form)).toEqual(wholeFormReport(form));
    const kinds = commandKinds(worker.messages);
    expect(kinds.filter((k) => k === 'addEndpoint')).toHaveLength(3);
    expect(kinds).toContain('removeEndpoint');
  });

  it('keeps restored views recognised as loaded warnings in the session (issue 20.5)', async () => {
    const worker = coreWorker();
    client = new GeneratorClient({ createWorker: worker.create });
    client.setLoadedTest(isLoadedAsIs);
    client.setSource(TEXT);
    // A reload: the form read back as JSON, no identity with the worker's views.
    const local = new GeneratorClient({ createWorker: undefined });
    const restored = JSON.parse(
      JSON.stringify((await local.openDocument(TEXT)).endpoints),
    ) as Endpoint[];
    const first = await client.validateLatest(restored);
    expect(first).toEqual(wholeFormReport(restored));
    expect(first?.issues[restored[0]!.id]?.[0]?.code).toBe('PATH_PARAM_UNDEFINED');
    markLoaded(restored.slice(0, 1));
    const second = await client.validateLatest(restored);
    expect(second).toEqual(wholeFormReport(restored));
    expect(second?.issues[restored[0]!.id]?.[0]?.code).toBe('PATH_PARAM_UNDEFINED_AS_LOADED');
  });
});

const corpus = corpusAvailable('openapi');

describe.skipIf(!corpus)('GeneratorClient.sync on a corpus document', () => {
  it('answers the old whole-form validation on Stripe, loaded and edited', async () => {
    const text = readFileSync(resolve(CORPUS_DIR, 'openapi/stripe__spec3.yaml'), 'utf8');
    const worker = coreWorker();
    client = new GeneratorClient({ createWorker: worker.create });
    client.setLoadedTest(isLoadedAsIs);
    const { endpoints, meta, dialect } = await client.openDocument(text);
    markLoaded(endpoints);
    const d = dialect === '3.0' ? '3.0' : '3.1';
    expect(await client.validateLatest(endpoints, meta)).toEqual(wholeFormReport(endpoints, d));
    // An edit that breaks a loaded endpoint's path: its problems are errors now.
    const index = endpoints.findIndex((e) => e.path.includes('{'));
    const form = endpoints.map((e, i) =>
      i === index ? { ...e, path: e.path.replace(/\{[^}]*\}/, '{nope}') } : e,
    );
    worker.messages.length = 0;
    const report = await client.validateLatest(form, meta);
    expect(report).toEqual(wholeFormReport(form, d));
    // One message of one view, not the form's 500 projections.
    expect(worker.messages.map((m) => m.name)).toEqual(['apply']);
    expect(commandKinds(worker.messages)).toEqual(['setField']);
    console.info(
      `Stripe keystroke: ${worker.messages.length} message, ${worker.messages[0]!.bytes} bytes; ` +
        `the old validation sent ${JSON.stringify(form.map(validationView)).length} bytes`,
    );
  }, 60_000);
});
