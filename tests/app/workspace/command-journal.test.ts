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
  JOURNAL_STORE_AT_CHARS,
  journalReplay,
  readJournal,
  recordWithJournal,
  writeJournal,
} from '../../../src/app/workspace/journal';
import { DocumentEditor } from '../../../src/app/document-editor/document-editor';
import { JobRunner } from '../../../src/app/jobs/job-runner';
import { pendingRecords } from '../../../src/app/projects/project-sync';
import { restoreWorkspace } from '../../../src/app/workspace/restore';
import { EMPTY_VIEW_STATE, readViewState } from '../../../src/app/workspace/view-state';
import {
  MemoryWorkspaceStore,
  projectWorkspace,
  type WorkspaceRecord,
} from '../../../src/app/workspace/workspace-store';
import type { Endpoint } from '../../../src/shared/openapi';
import { petsDocument } from '../../shared/support/pets-document';
import { NAME, pageOf, restore, set, started as startedIn } from './support/journal-page';

afterEach(() => localStorage.clear());

/** A page that opened `text` and stored its first record. */
async function started(text: string) {
  const store = new MemoryWorkspaceStore();
  return { store, ...(await startedIn(store, text)) };
}

describe('the journal of commands since the stored record', () => {
  it('replayed on a reload, gives the live session’s text byte for byte', async () => {
    const { store, client, page } = await started(petsDocument(3));
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
    const stored = await page.keep();
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
    expect(page.leave()).toBe(true);
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
    expect(reloaded.page.leave()).toBe(true);
    const again = await restore(store);
    expect(await again.client.render()).toBe(live);
    // Once the core stores a record, the journal is behind it: cleared by the next restore.
    await again.page.keep();
    const third = await restore(store);
    expect(third.journal).toBeUndefined();
    expect(readJournal(NAME)).toBeUndefined();
    expect(await third.client.render()).toBe(live);
  });

  it('rebases a journal on the record a store in flight landed after it', async () => {
    const { store, client, page } = await started(petsDocument(3));
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
    const keeping = page.keep();
    await writing;
    page.apply([set(second, 'summary', 'Typed while storing')]);
    await client.sync();
    page.apply([set(third, 'summary', 'Typed last')]);
    // A millisecond on: the entry is written after the record was built.
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect(page.leave()).toBe(true);
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
    const { store, page } = await started(petsDocument(2));
    const [first] = page.form.map((e) => e.id) as [string];
    page.apply([set(first, 'summary', 'Journaled')]);
    expect(page.leave()).toBe(true);
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
    const { store, page } = await started(petsDocument(2));
    const [first] = page.form.map((e) => e.id) as [string];
    page.apply([set(first, 'summary', 'Journaled')]);
    expect(page.leave()).toBe(true);
    // A newer record lands after the journal was written (another write of the store).
    const record = (await store.get(NAME)) as WorkspaceRecord;
    await store.put(NAME, { ...record, savedAt: record.savedAt + 10_000 });
    const reloaded = await restore(store);
    expect(reloaded.journal).toBeUndefined();
    expect(readJournal(NAME)).toBeUndefined();
    expect(reloaded.page.form.map((e) => e.summary)).toEqual(['', '']);
  });

  it('still restores an entry of the previous release (drafts as views over the record)', async () => {
    const { store, page } = await started(petsDocument(2));
    const record = (await store.get(NAME)) as WorkspaceRecord;
    const form = record.viewState.form!;
    const edited = { ...page.form[1]!, summary: 'Old format' };
    // No commands: the form's drafts over the stored record, as earlier releases wrote it.
    localStorage.setItem(
      `specform.workspace.journal:${NAME}`,
      JSON.stringify({
        savedAt: record.savedAt + 5,
        base: record.savedAt,
        outputOfBase: true,
        viewState: { v: 2, form: { order: [form.order[0], edited.id], drafts: [edited] } },
      }),
    );
    const reloaded = await restore(store);
    expect(reloaded.page.form.map((e) => e.summary)).toEqual(['', 'Old format']);
    // Taken into the store, and read once.
    expect(readJournal(NAME)).toBeUndefined();
  });

  it('stores at once before the commands outgrow the budget; what still does not fit is said, not dropped silently', async () => {
    const { store, client, page } = await started(petsDocument(2));
    const [first] = page.form.map((e) => e.id) as [string];
    const since = readJournal(NAME)?.base ?? (await store.get(NAME))!.savedAt;
    // Many keystrokes of a long summary with no pause: their commands near the entry's budget,
    // and the page has the record stored at once (useWorkspace), which cuts the log.
    const long = 'x'.repeat(20_000);
    for (let i = 0; i < 30; i += 1) page.apply([set(first, 'summary', `${long}${i}`)]);
    expect(client.journalChars()).toBeGreaterThan(JOURNAL_STORE_AT_CHARS);
    await page.keep();
    expect(client.journalChars()).toBe(0);
    // Should it still not fit (no store could land), the entry is a marker of the loss.
    for (let i = 30; i < 110; i += 1) page.apply([set(first, 'summary', `${long}${i}`)]);
    expect(page.leave()).toBe(false);
    const stored = (await store.get(NAME))!;
    expect(readJournal(NAME)).toMatchObject({ lost: stored.savedAt });
    expect(readJournal(NAME)?.commands).toBeUndefined();
    expect(stored.savedAt).toBeGreaterThan(since);
    const reloaded = await restore(store);
    expect(reloaded.lost).toBe(stored.savedAt);
    expect(reloaded.page.form[0]?.summary).toBe(`${long}29`);
    // Said once.
    expect((await restore(store)).lost).toBeUndefined();
  });

  it('trims the log once a record is stored, and a restarted worker opens that record', async () => {
    const { store, client, page } = await started(petsDocument(3));
    const [first, second, third] = page.form.map((e) => e.id) as [string, string, string];
    page.apply([set(first, 'path', '/animals'), set(second, 'summary', 'Second')]);
    await client.sync();
    expect(client.journalCommands()?.commands).toHaveLength(2);
    await page.keep();
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
    page.baseRevision = 1;
    client.keepRecord({ name, baseRevision: 1, pending: true }, store);
    const stored = await page.keep(name);
    await client.recordSent(1, stored?.savedAt);
    expect((await store.get(name))?.pending).toBeUndefined();
    // Typed, and the page left before the debounced store.
    const [first] = page.form.map((e) => e.id) as [string];
    page.apply([set(first, 'summary', 'Project typed then left')]);
    page.collapsed.add(first);
    expect(page.leave(name)).toBe(true);
    const entry = readJournal(name);
    expect(entry?.commands).toEqual([set(first, 'summary', 'Project typed then left')]);
    expect(entry?.baseRevision).toBe(1);
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
      since: stored?.savedAt,
      commands: [set(first, 'summary', 'Project typed then left')],
    });
  });

  it('journals a schema renamed in the whole document, and the editor replays it by the worker', async () => {
    const { store, client, page } = await started(petsDocument(2));
    /** The page's editor object over a client showing the stored record (useWorkspace's). */
    const editorOf = async (on: GeneratorClient) => {
      const jobs = new JobRunner({
        checkSubscription: () => Promise.resolve({ status: 'active' }),
        describe: (failure) => String(failure),
        checkFailed: () => 'check failed',
      });
      const record = await recordWithJournal(store, NAME);
      const shown = await restoreWorkspace(on, record!.text, readViewState(record!.viewState), {
        hold: true,
      });
      markLoaded(shown.opened);
      on.releaseHold();
      const editor = new DocumentEditor(on, jobs, []);
      editor.store.setAll(shown.opened, []);
      editor.apply(shown.drafts);
      on.keepRecord({ name: NAME, baseRevision: null }, store);
      on.recordBase(record!.savedAt);
      return { editor, journal: journalReplay(NAME, record) };
    };
    // The live page: a field typed, the schema renamed by the worker, another field typed.
    const live = new GeneratorClient({ createWorker: undefined });
    const { editor } = await editorOf(live);
    const [first, second] = editor.store.list().map((e) => e.id) as [string, string];
    editor.apply(set(first, 'summary', 'Before the rename'));
    await editor.renameSchema('Pet', 'Animal');
    editor.apply(set(second, 'summary', 'After the rename'));
    const commands = live.journalCommands()?.commands.map((command) => command.kind);
    expect(commands).toEqual(['setField', 'renameSchema', 'setField']);
    expect(writeJournal(NAME, { journal: live.journalCommands(), collapsed: [] })).toBe(true);
    const text = await live.render();
    expect(text).toContain('#/components/schemas/Animal');
    expect(text).not.toContain('#/components/schemas/Pet');
    expect(page.form).toHaveLength(2);
    client.terminate();

    const again = new GeneratorClient({ createWorker: undefined });
    const reopened = await editorOf(again);
    expect(reopened.journal?.commands).toHaveLength(3);
    await reopened.editor.replay(reopened.journal!.commands);
    expect(await again.render()).toBe(text);
    expect(reopened.editor.store.list().map((e) => e.summary)).toEqual([
      'Before the rename',
      'After the rename',
    ]);
  });
});
