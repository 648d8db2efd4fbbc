/**
 * The journal holds the commands made since the record the core stored (the client's log, then
 * its queue): a reload opens the stored record and applies them as the editor does, which gives
 * the live session's text byte for byte. A journal built on another record is older than the
 * store's and dropped; the entries of the previous release (drafts as views) are still read; the
 * log keeps only what came after the stored record, and a restarted worker opens that record.
 * Played as useWorkspace plays it, on the main-thread core, with the store in memory.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GeneratorClient } from '../../../src/app/core/generator-client';
import { createEndpoint, markLoaded } from '../../../src/app/model/endpoint-ops';
import {
  commandJournal,
  readJournal,
  recordWithJournal,
  writeKeptJournal,
} from '../../../src/app/workspace/journal';
import { WorkspaceRecorder } from '../../../src/app/workspace/recorder';
import { pendingRecords } from '../../../src/app/projects/project-sync';
import { restoreWorkspace } from '../../../src/app/workspace/restore';
import { EMPTY_VIEW_STATE, readViewState } from '../../../src/app/workspace/view-state';
import {
  MemoryWorkspaceStore,
  projectWorkspace,
  type WorkspaceRecord,
} from '../../../src/app/workspace/workspace-store';
import {
  applyToView,
  type DocumentCommand,
  type Endpoint,
  type EndpointCommand,
} from '../../../src/shared/openapi';
import { newDocumentMeta } from '../../../src/shared/openapi/document/meta';
import { baseDialect } from '../../../src/shared/openapi/versions';
import { petsDocument } from '../../shared/support/pets-document';

const NAME = 'local';

afterEach(() => localStorage.clear());

/** A page over `client`: its form changes by commands (as the editor applies them) and queues them. */
function pageOf(client: GeneratorClient, views: Endpoint[]) {
  const page = {
    form: views,
    collapsed: new Set<string>(),
    /** The editor object's `apply`: the form changes at once, the command is queued. */
    apply(commands: readonly DocumentCommand[]) {
      for (const command of commands) {
        if (command.kind === 'addEndpoint') {
          const index = command.index ?? page.form.length;
          page.form = [...page.form.slice(0, index), command.endpoint, ...page.form.slice(index)];
          client.queue({ command, after: command.endpoint });
        } else if (command.kind === 'putEndpoint') {
          page.form = page.form.map((e) => (e.id === command.endpoint.id ? command.endpoint : e));
          client.queue({ command });
        } else if (command.kind === 'removeEndpoint' || command.kind === 'moveEndpoint') {
          const moved = page.form.find((e) => e.id === command.endpointId) as Endpoint;
          page.form = page.form.filter((e) => e !== moved);
          if (command.kind === 'moveEndpoint') page.form.splice(command.index, 0, moved);
          client.queue({ command });
        } else {
          const edit = command as EndpointCommand;
          const before = page.form.find((e) => e.id === edit.endpointId);
          if (before === undefined) continue;
          const after = applyToView(before, edit, baseDialect());
          page.form = page.form.map((e) => (e === before ? after : e));
          client.queue({ command, before, after });
        }
      }
    },
  };
  return page;
}

/** The page's recorder over `page`, as useWorkspace connects it, with the shown text adopted. */
function recorderOf(
  client: GeneratorClient,
  page: ReturnType<typeof pageOf>,
  shown: Awaited<ReturnType<typeof restoreWorkspace>>,
) {
  const recorder = new WorkspaceRecorder();
  recorder.connect({
    endpoints: () => page.form,
    isCollapsed: (id) => page.collapsed.has(id),
    meta: () => shown.meta ?? newDocumentMeta(),
    schemas: () => ({}),
    readOutput: () => Promise.resolve(undefined),
    outputNow: () => undefined,
    keep: async (_endpoints, view) => {
      const answer = await client.sync();
      return { revision: answer?.revision, stored: await client.flushRecord(view) };
    },
  });
  recorder.adopt(shown.text, shown.opened, shown.meta, {});
  return recorder;
}

/** Shows the stored record as useWorkspace's restore does; answers the page and its recorder. */
async function restore(store: MemoryWorkspaceStore, text?: string) {
  const client = new GeneratorClient({ createWorker: undefined });
  const record = await recordWithJournal(store, NAME);
  const journal = commandJournal(NAME, record);
  const shown = await restoreWorkspace(
    client,
    record?.text ?? text ?? '',
    record === undefined ? EMPTY_VIEW_STATE : readViewState(record.viewState),
    { hold: true },
  );
  markLoaded(shown.opened);
  client.releaseHold();
  const page = pageOf(client, shown.opened);
  page.apply(shown.drafts);
  const recorder = recorderOf(client, page, shown);
  client.keepRecord({ name: NAME, baseRevision: null }, store);
  if (record !== undefined) {
    recorder.adoptStored(record.savedAt, shown.text.length);
    client.recordBase(record.savedAt);
  }
  if (journal !== undefined) {
    page.apply(journal.commands);
    for (const id of journal.viewState.collapsed ?? []) page.collapsed.add(id);
  }
  return { client, page, recorder, journal };
}

/** A page that opened `text` and stored its first record. */
async function started(text: string) {
  const store = new MemoryWorkspaceStore();
  const opened = await restore(store, text);
  await opened.recorder.keep();
  return { store, ...opened };
}

const set = (endpointId: string, field: 'summary' | 'path', value: string): EndpointCommand =>
  ({ kind: 'setField', endpointId, field, value }) as EndpointCommand;

/** Leaves the page as useWorkspace's pagehide does: the journal is written at once. */
function leave(recorder: WorkspaceRecorder, client: GeneratorClient): void {
  const entry = recorder.journalNow(client.journalCommands());
  expect(entry).toBeDefined();
  expect(writeKeptJournal(NAME, entry!)).toBe(true);
}

describe('the journal of commands since the stored record', () => {
  it('replayed on a reload, gives the live session’s text byte for byte', async () => {
    const { store, client, page, recorder } = await started(petsDocument(3));
    const [first, second] = page.form.map((e) => e.id) as [string, string];
    const added: Endpoint = {
      ...createEndpoint(false),
      path: '/owners',
      summary: 'Owners',
      responses: [{ statusCode: 200, description: 'ok', body: { name: '', customerJson: '' } }],
    };
    // A path edited and an endpoint added: the stored text holds them under keys that are not
    // their ids in this session.
    page.apply([set(first, 'path', '/animals'), { kind: 'addEndpoint', endpoint: added }]);
    const stored = await recorder.keep();
    expect(stored?.current).toBe(true);
    const record = (await store.get(NAME)) as WorkspaceRecord;
    expect(record.viewState.ids).toBeDefined();
    // Synced, not stored yet; then typed, not even synced.
    page.apply([set(first, 'summary', 'Animals'), set(added.id, 'summary', 'People')]);
    await client.sync();
    page.apply([
      set(second, 'summary', 'Second, typed last'),
      { kind: 'moveEndpoint', endpointId: added.id, index: 0 },
    ]);
    page.collapsed.add(added.id);
    leave(recorder, client);
    const entry = readJournal(NAME);
    expect(entry?.base).toBe(stored?.savedAt);
    expect(entry?.commands?.map((command) => command.kind)).toEqual([
      'setField',
      'setField',
      'setField',
      'moveEndpoint',
    ]);
    expect(entry?.viewState.form).toBeUndefined();
    const live = await client.render();

    const reloaded = await restore(store);
    expect(reloaded.journal).toBeDefined();
    expect(await reloaded.client.render()).toBe(live);
    expect(reloaded.page.form.map((e) => e.summary)).toEqual(page.form.map((e) => e.summary));
    expect([...reloaded.page.collapsed]).toEqual([added.id]);
    // A second reload before anything is stored replays the same journal over the same record.
    leave(reloaded.recorder, reloaded.client);
    const again = await restore(store);
    expect(await again.client.render()).toBe(live);
    // Once the core stores a record, the journal is behind it: cleared by the next restore.
    await again.recorder.keep();
    const third = await restore(store);
    expect(third.journal).toBeUndefined();
    expect(readJournal(NAME)).toBeUndefined();
    expect(await third.client.render()).toBe(live);
  });

  it('rebases a journal on the record a store in flight landed after it', async () => {
    const { store, client, page, recorder } = await started(petsDocument(3));
    const [first, second, third] = page.form.map((e) => e.id) as [string, string, string];
    page.apply([set(first, 'summary', 'In the record in flight')]);
    await client.sync();
    // A store starts, and its write waits; the page types more and goes away before it lands.
    const put = store.put.bind(store);
    let land = () => undefined as void;
    const gate = new Promise<void>((resolve) => (land = resolve));
    let built = () => undefined as void;
    const writing = new Promise<void>((resolve) => (built = resolve));
    store.put = async (name, record) => {
      built();
      await gate;
      return put(name, record);
    };
    const keeping = recorder.keep();
    await writing;
    page.apply([set(second, 'summary', 'Typed while storing')]);
    await client.sync();
    page.apply([set(third, 'summary', 'Typed last')]);
    // A millisecond on: the entry is written after the record was built.
    await new Promise((resolve) => setTimeout(resolve, 2));
    leave(recorder, client);
    const entry = readJournal(NAME);
    const base = entry?.base;
    expect(entry?.commands).toHaveLength(3);
    expect(entry?.built?.revisions).toHaveLength(2);
    const live = await client.render();
    // The store lands after the entry was written.
    land();
    const landed = await keeping;
    store.put = put;
    expect(landed?.savedAt).toBeGreaterThan(base!);

    const reloaded = await restore(store);
    expect(reloaded.journal?.base).toBe(landed?.savedAt);
    // The record holds the first command: only those after it are replayed.
    expect(reloaded.journal?.commands).toEqual([
      set(second, 'summary', 'Typed while storing'),
      set(third, 'summary', 'Typed last'),
    ]);
    expect(await reloaded.client.render()).toBe(live);
  });

  it('drops a journal over an older record of another core (not rebased)', async () => {
    const { store, client, page, recorder } = await started(petsDocument(2));
    const [first] = page.form.map((e) => e.id) as [string];
    page.apply([set(first, 'summary', 'Journaled')]);
    leave(recorder, client);
    const record = (await store.get(NAME)) as WorkspaceRecord;
    await store.put(NAME, {
      ...record,
      savedAt: record.savedAt + 1,
      built: { keeper: 'another core', revision: 99 },
    });
    expect((await restore(store)).journal).toBeUndefined();
    expect(readJournal(NAME)).toBeUndefined();
  });

  it('drops a journal built on another record than the stored one (older)', async () => {
    const { store, client, page, recorder } = await started(petsDocument(2));
    const [first] = page.form.map((e) => e.id) as [string];
    page.apply([set(first, 'summary', 'Journaled')]);
    leave(recorder, client);
    // A newer record lands after the journal was written (another write of the store).
    const record = (await store.get(NAME)) as WorkspaceRecord;
    await store.put(NAME, { ...record, savedAt: record.savedAt + 10_000 });
    const reloaded = await restore(store);
    expect(reloaded.journal).toBeUndefined();
    expect(readJournal(NAME)).toBeUndefined();
    expect(reloaded.page.form.map((e) => e.summary)).toEqual(['', '']);
  });

  it('still restores an entry of the previous release (drafts as views over the record)', async () => {
    const { store, page, recorder } = await started(petsDocument(2));
    page.form = page.form.map((e, i) => (i === 1 ? { ...e, summary: 'Old format' } : e));
    // No commands: the entry is the form's drafts over the stored record, as before.
    const entry = recorder.journalNow();
    expect(entry?.commands).toBeUndefined();
    expect(writeKeptJournal(NAME, entry!)).toBe(true);
    expect(readJournal(NAME)?.viewState.form?.drafts).toHaveLength(1);
    const reloaded = await restore(store);
    expect(reloaded.page.form.map((e) => e.summary)).toEqual(['', 'Old format']);
  });

  it('falls back to the drafts when the commands do not fit the budget', async () => {
    const { store, client, page, recorder } = await started(petsDocument(2));
    const [first] = page.form.map((e) => e.id) as [string];
    // Many keystrokes of a long summary: their commands outgrow the entry's budget.
    const long = 'x'.repeat(20_000);
    for (let i = 0; i < 80; i += 1) page.apply([set(first, 'summary', `${long}${i}`)]);
    leave(recorder, client);
    const entry = readJournal(NAME);
    expect(entry?.commands).toBeUndefined();
    expect(entry?.viewState.form?.drafts.map((e) => e.summary)).toEqual([`${long}79`]);
    const reloaded = await restore(store);
    expect(reloaded.page.form[0]?.summary).toBe(`${long}79`);
  });

  it('trims the log once a record is stored, and a restarted worker opens that record', async () => {
    const { store, client, page, recorder } = await started(petsDocument(3));
    const [first, second, third] = page.form.map((e) => e.id) as [string, string, string];
    page.apply([set(first, 'path', '/animals'), set(second, 'summary', 'Second')]);
    await client.sync();
    expect(client.journalCommands()?.commands).toHaveLength(2);
    await recorder.keep();
    expect(client.journalCommands()?.commands).toEqual([]);
    page.apply([set(first, 'summary', 'Animals')]);
    await client.sync();
    expect(client.journalCommands()?.commands).toEqual([set(first, 'summary', 'Animals')]);
    const live = await client.render();
    // The worker goes (a crash, an idle stop): the next sync opens the stored record, whose
    // views keep this session's ids, and applies the one command after it.
    const reads = vi.spyOn(store, 'get');
    client.terminate();
    page.apply([set(third, 'summary', 'Third')]);
    const text = await client.render();
    expect(text).toContain('summary: Animals');
    expect(text.replace('\n      summary: Third', '')).toBe(live);
    expect(reads).toHaveBeenCalledWith(NAME);
    expect(client.journalCommands()?.commands).toEqual([
      set(first, 'summary', 'Animals'),
      set(third, 'summary', 'Third'),
    ]);
  });

  it('a project’s page journals its commands too; its open replays them after the record', async () => {
    const store = new MemoryWorkspaceStore();
    const name = projectWorkspace('p1');
    // The project as the server has it, stored (not pending) once the page showed it.
    const client = new GeneratorClient({ createWorker: undefined });
    const shown = await restoreWorkspace(client, petsDocument(2), EMPTY_VIEW_STATE, {
      hold: true,
    });
    markLoaded(shown.opened);
    client.releaseHold();
    const page = pageOf(client, shown.opened);
    const recorder = recorderOf(client, page, shown);
    recorder.basedOn(1);
    client.keepRecord({ name, baseRevision: 1, pending: true }, store);
    const stored = await recorder.keep();
    await client.recordSent(1, stored?.savedAt);
    expect((await store.get(name))?.pending).toBeUndefined();
    // Typed, and the page left before the debounced store.
    const [first] = page.form.map((e) => e.id) as [string];
    page.apply([set(first, 'summary', 'Project typed then left')]);
    page.collapsed.add(first);
    const entry = recorder.journalNow(client.journalCommands());
    expect(entry?.commands?.commands).toEqual([set(first, 'summary', 'Project typed then left')]);
    expect(entry?.baseRevision).toBe(1);
    expect(writeKeptJournal(name, entry!)).toBe(true);
    const live = await client.render();

    // The project opens: the record the server has, with the journal to replay over it.
    const kept = await pendingRecords(store).get('p1');
    expect(kept?.journal?.base).toBe(stored?.savedAt);
    const again = new GeneratorClient({ createWorker: undefined });
    again.keepRecord({ name, baseRevision: 1, pending: true }, store);
    const reopened = await restoreWorkspace(
      again,
      kept!.content,
      readViewState(kept!.viewStateJson),
      {
        hold: true,
      },
    );
    markLoaded(reopened.opened);
    again.releaseHold();
    const shownAgain = pageOf(again, reopened.opened);
    shownAgain.apply(reopened.drafts);
    again.recordBase(kept!.journal!.base);
    shownAgain.apply(kept!.journal!.commands);
    expect(kept!.journal!.collapsed).toEqual([first]);
    expect(await again.render()).toBe(live);
    // Left again before a store: the journal still builds on the same record.
    expect(again.journalCommands()).toEqual({
      base: stored?.savedAt,
      commands: [set(first, 'summary', 'Project typed then left')],
    });
  });
});
