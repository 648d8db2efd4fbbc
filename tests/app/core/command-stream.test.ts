/**
 * The command is the edit (issue 29.1): the client sends exactly the commands the page queued,
 * in order, on the revision the last answer gave; no view is diffed. A restarted worker opens
 * the document again and replays what it had applied; a command made on a document the form
 * replaced is dropped; a CONFLICT or a refused command refills the page's cache from the worker.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { coreWorker, type CoreMessage } from './core-worker';
import {
  GeneratorClient,
  type DocumentChange,
  type Refill,
} from '../../../src/app/core/generator-client';
import { baseDialect } from '../../../src/shared/openapi/versions';
import { applyToView, type Endpoint, type EndpointCommand } from '../../../src/shared/openapi';

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

let client: GeneratorClient | undefined;
afterEach(() => client?.terminate());

function commandKinds(messages: CoreMessage[]): string[] {
  return messages.flatMap((m) => (m.commands ?? []).map((c) => c.kind));
}

/** A client on a worker that opened TEXT, and a page cache that applies and queues commands. */
async function opened(text = TEXT) {
  const worker = coreWorker();
  const opened = new GeneratorClient({ createWorker: worker.create });
  client = opened;
  const { endpoints } = await opened.openDocument(text);
  let views = endpoints;
  /** The page: the view changes at once by the session's function, the command is queued. */
  const edit = (command: EndpointCommand) => {
    const before = views.find((view) => view.id === command.endpointId) as Endpoint;
    const after = applyToView(before, command, baseDialect());
    views = views.map((view) => (view === before ? after : view));
    opened.queue({ command, before, after });
  };
  await opened.validateLatest();
  worker.messages.length = 0;
  return { worker, client: opened, edit, views: () => views };
}

const summary = (endpointId: string, value: string): EndpointCommand => ({
  kind: 'setField',
  endpointId,
  field: 'summary',
  value,
});

describe('GeneratorClient: one ordered command stream', () => {
  it('a keystroke is one apply with its one command, and the lint is told its route', async () => {
    const { worker, client, edit, views } = await opened();
    const changes: DocumentChange[] = [];
    client.onDocumentChange((change) => changes.push(change));
    const owners = views()[1]!.id;
    for (const value of ['O', 'Ow', 'Own']) {
      edit(summary(owners, value));
      await client.validateLatest();
    }
    expect(worker.messages.map((m) => m.name)).toEqual(['apply', 'apply', 'apply']);
    expect(commandKinds(worker.messages)).toEqual(['setField', 'setField', 'setField']);
    expect(Math.max(...worker.messages.map((m) => m.bytes))).toBeLessThan(1024);
    expect(changes.at(-1)).toEqual({ opened: false, touchedPaths: ['/owners'] });
    expect(await client.render()).toBe(TEXT.replace('summary: Owners', 'summary: Own'));
  });

  it('hands out the same report while no issue changed, a new one when one did', async () => {
    const { client, edit, views } = await opened();
    const toys = views()[2]!.id;
    edit(summary(toys, 'G'));
    const first = await client.validateLatest();
    edit(summary(toys, 'Ga'));
    const same = await client.validateLatest();
    // Nothing in it changed: the very same object (the page then renders nothing).
    expect(same).toBe(first);
    edit({ kind: 'setField', endpointId: toys, field: 'path', value: '/toys x' });
    const changed = await client.validateLatest();
    expect(changed).not.toBe(first);
    expect(changed?.issues[toys]?.length).toBeGreaterThan(0);
    // The report handed out before is not changed by later answers.
    expect(first?.issues[toys] ?? []).toHaveLength(0);
    edit({ kind: 'setField', endpointId: toys, field: 'path', value: '/toys' });
    const fixed = await client.validateLatest();
    expect(fixed).not.toBe(changed);
    expect(fixed?.issues[toys] ?? []).toHaveLength(0);
    expect(changed?.issues[toys]?.length).toBeGreaterThan(0);
  });

  it('tells the lint of a batch that changed the form’s issues but not the text', async () => {
    const { client, edit, views } = await opened();
    const changes: DocumentChange[] = [];
    client.onDocumentChange((change) => changes.push(change));
    const toys = views()[2]!.id;
    // An edited path the form does not offer: the form's error (the text changes).
    edit({ kind: 'setField', endpointId: toys, field: 'path', value: '/toys x' });
    await client.validateLatest();
    const before = await client.render();
    expect(changes).toHaveLength(1);
    // As loaded again: a warning now, and not a character of the text changed.
    client.queue({ command: { kind: 'markLoaded', endpointIds: [toys] } });
    await client.validateLatest();
    expect(await client.render()).toBe(before);
    expect(changes.at(-1)).toEqual({ opened: false, touchedPaths: [] });
  });

  it('sends the commands in order, in one batch per sync, with nothing diffed', async () => {
    const { worker, client, edit, views } = await opened();
    const [pets, , toys] = views().map((view) => view.id) as [string, string, string];
    edit(summary(pets, 'A pet'));
    edit(summary(toys, 'Games'));
    edit(summary(pets, 'The pet'));
    await client.render();
    const applies = worker.messages.filter((m) => m.name === 'apply');
    expect(applies).toHaveLength(1);
    expect(applies[0]!.commands).toEqual([
      summary(pets, 'A pet'),
      summary(toys, 'Games'),
      summary(pets, 'The pet'),
    ]);
  });

  it('lets the latest validation win without running the superseded one', async () => {
    const { worker, client, edit, views } = await opened();
    edit(summary(views()[0]!.id, 'First'));
    const a = client.validateLatest();
    edit(summary(views()[0]!.id, 'Second'));
    const b = client.validateLatest();
    expect(await a).toBeUndefined();
    expect(await b).toBeDefined();
    // One batch: both commands, in order.
    expect(commandKinds(worker.messages)).toEqual(['setField', 'setField']);
    expect(await client.render()).toContain('summary: Second');
  });

  it('drops the commands made on a document the form replaced (a Load taken)', async () => {
    const { worker, client, edit, views } = await opened();
    edit(summary(views()[0]!.id, 'Edited'));
    // Load: the new text opens in a core of its own; the form takes it before any sync.
    const next = TEXT.replace('/toys', '/games');
    await client.openDocument(next, { hold: true });
    client.releaseHold();
    worker.messages.length = 0;
    expect(await client.render()).toBe(next);
    expect(commandKinds(worker.messages)).toEqual([]);
  });

  it('keeps sending to the open document while a Load waits for the form', async () => {
    const { client, edit, views } = await opened();
    await client.openDocument(TEXT.replace('/toys', '/games'), { hold: true });
    edit(summary(views()[0]!.id, 'Edited'));
    expect(await client.render()).toContain('summary: Edited');
    client.dropCandidate();
    expect(await client.render()).toContain('summary: Edited');
  });

  it('a restarted worker opens the document again and replays the commands, then the queue', async () => {
    const { worker, client, edit, views } = await opened();
    const [pets, owners] = views().map((view) => view.id) as [string, string];
    edit(summary(pets, 'A pet'));
    await client.validateLatest();
    client.terminate();
    worker.messages.length = 0;
    edit(summary(owners, 'People'));
    const text = await client.render();
    expect(worker.started).toBe(2);
    expect(text).toBe(
      TEXT.replace('summary: One pet', 'summary: A pet').replace(
        'summary: Owners',
        'summary: People',
      ),
    );
    // The log first (what the old worker had), then the queue: no view goes whole.
    const applies = worker.messages.filter((m) => m.name === 'apply');
    expect(applies.map((m) => m.commands)).toEqual([
      [summary(pets, 'A pet')],
      [summary(owners, 'People')],
    ]);
  });

  it('a batch cut short by a crash stays queued and goes to the restarted worker', async () => {
    const { worker, client, edit, views } = await opened();
    edit(summary(views()[2]!.id, 'Games'));
    const lost = client.validateLatest();
    client.terminate();
    await lost.catch(() => undefined);
    worker.messages.length = 0;
    expect(await client.render()).toBe(TEXT.replace('summary: Toys', 'summary: Games'));
  });

  it('after a CONFLICT the commands go on the new revision and the cache is refilled', async () => {
    const { client, edit, views } = await opened();
    const refills: Refill[] = [];
    client.setRefill((refill) => refills.push(refill));
    const [, owners, toys] = views().map((view) => view.id) as [string, string, string];
    // A batch behind the stream's back (another caller): the next one is stale.
    const behind = await client.call('revision', []);
    await client.call('apply', [[{ kind: 'moveEndpoint', endpointId: owners, index: 0 }], behind]);
    edit(summary(toys, 'Games'));
    const report = await client.validateLatest();
    expect(report).toBeDefined();
    expect(refills).toHaveLength(1);
    expect(refills[0]!.endpoints.map((view) => view.id)).toEqual([owners, views()[0]!.id, toys]);
    expect(refills[0]!.endpoints[2]!.summary).toBe('Games');
    expect(await client.render()).toContain('summary: Games');
  });

  it('a command the document refuses is dropped, the others applied, the cache refilled', async () => {
    const { client, edit, views } = await opened();
    const refills: Refill[] = [];
    client.setRefill((refill) => refills.push(refill));
    edit(summary(views()[0]!.id, 'A pet'));
    client.queue({ command: summary('no-such-endpoint', 'x') });
    edit(summary(views()[2]!.id, 'Games'));
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      await client.validateLatest();
    } finally {
      console.warn = warn;
    }
    expect(refills).toHaveLength(1);
    const text = await client.render();
    expect(text).toContain('summary: A pet');
    expect(text).toContain('summary: Games');
  });
});
