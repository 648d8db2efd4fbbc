/**
 * The browser's own workspace is kept by the document's core: the page syncs the form and asks
 * the core to store the record (the text never crosses to the page), and leaving the page
 * journals the form's drafts over the record the core stored last. Played as useWorkspace plays
 * it, on the main-thread core (the worker's API object), with the store in memory.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { GeneratorClient } from '../../../src/app/core/generator-client';
import { markLoaded } from '../../../src/app/model/endpoint-ops';
import {
  readJournal,
  recordWithJournal,
  writeKeptJournal,
} from '../../../src/app/workspace/journal';
import { WorkspaceRecorder } from '../../../src/app/workspace/recorder';
import { restoreWorkspace } from '../../../src/app/workspace/restore';
import { formEdits } from './support/form-edits';
import { EMPTY_VIEW_STATE, readViewState } from '../../../src/app/workspace/view-state';
import {
  MemoryWorkspaceStore,
  recordText,
  type WorkspaceRecord,
} from '../../../src/app/workspace/workspace-store';
import type { Endpoint } from '../../../src/shared/openapi';
import type { PageView } from '../../../src/shared/workspace/record-keeper';
import { newDocumentMeta } from '../../../src/shared/openapi/document/meta';
import { petsDocument } from '../../shared/support/pets-document';

const NAME = 'local';

afterEach(() => localStorage.clear());

/** The page of the browser's own workspace, as useWorkspace connects the recorder. */
async function openPage(text: string) {
  const store = new MemoryWorkspaceStore();
  const client = new GeneratorClient({ createWorker: undefined });
  const shown = await restoreWorkspace(client, text, EMPTY_VIEW_STATE, { hold: true });
  markLoaded(shown.opened);
  client.releaseHold();
  let form = shown.endpoints;
  const page = {
    /** The form: a change goes to the worker as whole-view commands, as a control's would. */
    get form(): Endpoint[] {
      return form;
    },
    set form(next: Endpoint[]) {
      for (const command of formEdits(form, next)) client.queue({ command });
      form = next;
    },
    collapsed: new Set<string>(),
    output: undefined as string | undefined,
    syncs: 0,
    views: [] as PageView[],
    /** Reads of the output editor's text (a large one is read in slices). */
    reads: 0,
  };
  const recorder = new WorkspaceRecorder();
  recorder.connect({
    endpoints: () => page.form,
    isCollapsed: (id) => page.collapsed.has(id),
    meta: () => shown.meta ?? newDocumentMeta(),
    schemas: () => ({}),
    readOutput: () => {
      page.reads += 1;
      return Promise.resolve(page.output);
    },
    outputNow: () => page.output,
    keep: async (_endpoints, view) => {
      page.syncs += 1;
      page.views.push(view);
      const answer = await client.sync();
      return { revision: answer?.revision, stored: await client.flushRecord(view) };
    },
  });
  recorder.adopt(shown.text, shown.opened, shown.meta, {});
  client.keepRecord({ name: NAME, baseRevision: null }, store);
  return { store, client, recorder, page };
}

function withSummary(endpoint: Endpoint, summary: string): Endpoint {
  return { ...endpoint, summary };
}

async function reopened(store: MemoryWorkspaceStore) {
  const record = (await recordWithJournal(store, NAME)) as WorkspaceRecord;
  const client = new GeneratorClient({ createWorker: undefined });
  return restoreWorkspace(client, record.text, readViewState(record.viewState));
}

describe('the browser workspace kept by the document core', () => {
  it('stores the form written by the core, with no drafts, and the page knows what it holds', async () => {
    const { store, recorder, page } = await openPage(petsDocument(3));
    page.form = page.form.map((e, i) => (i === 1 ? withSummary(e, 'Second pets') : e));
    page.collapsed.add(page.form[2]!.id);
    const stored = await recorder.keep();
    expect(stored?.current).toBe(true);
    const record = store.records.get(NAME) as WorkspaceRecord;
    expect(record.savedAt).toBe(stored?.savedAt);
    const text = await recordText(record);
    expect(text).toContain('summary: Second pets');
    expect(stored?.textLength).toBe(text.length);
    expect(record.viewState.form?.drafts).toEqual([]);
    expect(record.viewState.collapsed).toHaveLength(1);
    // Nothing changed since: leaving journals nothing (the store's record is all there is).
    expect(recorder.journalNow()).toBeUndefined();
    // A panel collapsed since: the entry is the form over the stored record, with no draft.
    page.collapsed.add(page.form[0]!.id);
    const entry = recorder.journalNow();
    expect(entry).toMatchObject({ base: stored?.savedAt, outputOfBase: true });
    expect(entry?.viewState.form?.drafts).toEqual([]);
  });

  it('journals an edit not yet stored as a draft over the stored record, and a reload shows it', async () => {
    const { store, recorder, page } = await openPage(petsDocument(3));
    page.form = page.form.map((e, i) => (i === 0 ? withSummary(e, 'First') : e));
    await recorder.keep();
    // Typed just before the page goes away: not synced, not stored.
    page.form = page.form.map((e, i) => (i === 2 ? withSummary(e, 'Third, unsaved') : e));
    const entry = recorder.journalNow();
    expect(entry?.viewState.form?.drafts.map((e) => e.summary)).toEqual(['Third, unsaved']);
    expect(writeKeptJournal(NAME, entry!)).toBe(true);
    expect(readJournal(NAME)?.text).toBeUndefined();
    const restored = await reopened(store);
    expect(restored.endpoints.map((e) => e.summary)).toEqual(['First', '', 'Third, unsaved']);
    // The journaled record went to the store, the journal is cleared.
    expect(readJournal(NAME)).toBeUndefined();
  });

  it('keeps an edit journaled while a record was on its way to the store, which landed after', async () => {
    const { store, recorder, page } = await openPage(petsDocument(3));
    await recorder.keep();
    // The store's next write lands only once the page has gone away.
    const put = store.put.bind(store);
    let land: () => void = () => undefined;
    let building: () => void = () => undefined;
    const built = new Promise<void>((resolve) => (building = resolve));
    store.put = async (name, record) => {
      building();
      await new Promise<void>((resolve) => (land = resolve));
      return put(name, record);
    };
    page.form = page.form.map((e, i) => (i === 0 ? withSummary(e, 'First, sent') : e));
    const keeping = recorder.keep();
    await built;
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Typed after that record was built, then the page goes away.
    page.form = page.form.map((e, i) => (i === 2 ? withSummary(e, 'Third, typed last') : e));
    expect(writeKeptJournal(NAME, recorder.journalNow()!)).toBe(true);
    land();
    await keeping;
    store.put = put;
    const restored = await reopened(store);
    expect(restored.endpoints.map((e) => e.summary)).toEqual([
      'First, sent',
      '',
      'Third, typed last',
    ]);
  });

  it("keeps the stored record's output change when the editor did not change since", async () => {
    const { store, recorder, page } = await openPage(petsDocument(2));
    page.output = `${petsDocument(2)}\n# typed by hand`;
    recorder.outputChanged();
    await recorder.keep();
    const record = store.records.get(NAME) as WorkspaceRecord;
    expect(record.viewState.output?.text).toContain('# typed by hand');
    page.form = page.form.map((e, i) => (i === 0 ? withSummary(e, 'Edited') : e));
    writeKeptJournal(NAME, recorder.journalNow()!);
    const restored = await reopened(store);
    expect(restored.output).toContain('# typed by hand');
    expect(restored.endpoints[0]?.summary).toBe('Edited');
  });

  it('an output changed since the last record goes into the journal whole', async () => {
    const { store, recorder, page } = await openPage(petsDocument(2));
    await recorder.keep();
    page.output = 'openapi: 3.0.1\n# replaced by hand\n';
    recorder.outputChanged();
    writeKeptJournal(NAME, recorder.journalNow()!);
    expect((await reopened(store)).output).toBe('openapi: 3.0.1\n# replaced by hand\n');
  });

  it('journals the adopted text itself until the core has stored a record of it', async () => {
    const { store, recorder, page } = await openPage(petsDocument(2));
    await recorder.keep();
    // A Load: the page adopts the loaded text and its views; nothing stored yet.
    const loaded = petsDocument(4);
    const { client } = await openPage(loaded);
    const opened = (await client.openDocument(loaded)).endpoints;
    recorder.adopt(loaded, opened, undefined, undefined);
    page.form = opened.map((e, i) => (i === 3 ? withSummary(e, 'Fourth') : e));
    const entry = recorder.journalNow();
    expect(entry?.text).toBe(loaded);
    expect(entry?.base).toBeUndefined();
    writeKeptJournal(NAME, entry!);
    const restored = await reopened(store);
    expect(restored.endpoints).toHaveLength(4);
    expect(restored.endpoints[3]?.summary).toBe('Fourth');
  });

  it("sends the output editor's text again to a new core (a restarted worker)", async () => {
    const { store, client, recorder, page } = await openPage(petsDocument(2));
    page.output = `${petsDocument(2)}\n# typed by hand`;
    recorder.outputChanged();
    const first = await recorder.keep();
    // The document's core is replaced under the page (as a restarted worker re-opens it).
    await client.openDocument(petsDocument(2));
    const second = await recorder.keep();
    expect(second?.keeper).not.toBe(first?.keeper);
    expect(recorder.resend).toBe(true);
    recorder.resend = false;
    await recorder.keep();
    const record = store.records.get(NAME) as WorkspaceRecord;
    expect(record.viewState.output?.text).toContain('# typed by hand');
  });

  it('a core restarted or adopted learns the workspace before its first call', async () => {
    const { store, client, recorder, page } = await openPage(petsDocument(2));
    // A Load adopted: a new core holds the document now.
    const loaded = petsDocument(3);
    const opened = (await client.openDocument(loaded)).endpoints;
    recorder.adopt(loaded, opened, undefined, undefined);
    page.form = opened;
    const stored = await recorder.keep();
    expect(stored).toBeDefined();
    expect(await recordText(store.records.get(NAME) as WorkspaceRecord)).toBe(loaded);
    expect(page.syncs).toBe(1);
  });

  it('sends the collapsed panels only when they changed, and the record keeps them', async () => {
    const { store, recorder, page } = await openPage(petsDocument(3));
    page.collapsed.add(page.form[1]!.id);
    await recorder.keep();
    page.form = page.form.map((e, i) => (i === 0 ? withSummary(e, 'First') : e));
    await recorder.keep();
    expect(page.views.map((view) => view.collapsed?.length)).toEqual([1, undefined]);
    const record = (await store.get(NAME)) as WorkspaceRecord;
    expect(record.viewState.collapsed).toHaveLength(1);
    page.collapsed.delete(page.form[1]!.id);
    await recorder.keep();
    expect(page.views.at(-1)?.collapsed).toEqual([]);
    expect(((await store.get(NAME)) as WorkspaceRecord).viewState.collapsed).toEqual([]);
  });

  it("after Generate the record takes the core's answer, not a copy of the editor's text", async () => {
    const { store, client, recorder, page } = await openPage(petsDocument(2));
    page.output = `${petsDocument(2)}\n# typed by hand`;
    recorder.outputChanged();
    await recorder.keep();
    // Generate: the form's text is the answer, and the editor shows it (changing as it goes in).
    page.form = page.form.map((e, i) => (i === 0 ? withSummary(e, 'First pets') : e));
    const synced = await client.sync({ text: 'ifValid' });
    const generated = synced?.text;
    expect(generated).toContain('First pets');
    page.output = generated;
    recorder.outputChanged();
    recorder.outputShowsAnswer();
    const reads = page.reads;
    await recorder.keep();
    expect(page.reads).toBe(reads);
    expect((await reopened(store)).output).toBe(generated);
    // A later form edit, not generated: the editor still shows the generated text.
    page.form = page.form.map((e, i) => (i === 1 ? withSummary(e, 'Second pets') : e));
    await recorder.keep();
    const restored = await reopened(store);
    expect(restored.output).toBe(generated);
    expect(restored.endpoints[1]?.summary).toBe('Second pets');
  });
});
