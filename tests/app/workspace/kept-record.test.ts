/**
 * The browser's own workspace is kept by the document's core: the page syncs the form and asks
 * the core to store the record with the page's part (the text never crosses to the page), and
 * leaving the page journals the client's commands since the record the core stored last. Played
 * as useWorkspace plays it (support/journal-page.ts), on the main-thread core, with the store in
 * memory.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readJournal } from '../../../src/app/workspace/journal';
import {
  MemoryWorkspaceStore,
  recordText,
  type WorkspaceRecord,
} from '../../../src/app/workspace/workspace-store';
import type { Endpoint } from '../../../src/shared/openapi';
import type { PageView } from '../../../src/shared/workspace/record-keeper';
import { petsDocument } from '../../shared/support/pets-document';
import { NAME, pageOf, restore, started } from './support/journal-page';

afterEach(() => localStorage.clear());

function withSummary(endpoint: Endpoint, summary: string): Endpoint {
  return { ...endpoint, summary };
}

describe('the browser workspace kept by the document core', () => {
  it('stores the form written by the core, with no drafts; leaving since journals no command', async () => {
    const store = new MemoryWorkspaceStore();
    const { page } = await started(store, petsDocument(3));
    page.set(page.form.map((e, i) => (i === 1 ? withSummary(e, 'Second pets') : e)));
    page.collapsed.add(page.form[2]!.id);
    const stored = await page.keep();
    expect(stored?.current).toBe(true);
    const record = store.records.get(NAME) as WorkspaceRecord;
    expect(record.savedAt).toBe(stored?.savedAt);
    const text = await recordText(record);
    expect(text).toContain('summary: Second pets');
    expect(stored?.textLength).toBe(text.length);
    expect(record.viewState.form?.drafts).toEqual([]);
    expect(record.viewState.collapsed).toHaveLength(1);
    // A panel collapsed since: the entry is no command over the stored record, and the panels.
    page.collapsed.add(page.form[0]!.id);
    expect(page.leave()).toBe(true);
    expect(readJournal(NAME)).toMatchObject({ base: stored?.savedAt, commands: [] });
    expect(readJournal(NAME)?.viewState.collapsed).toEqual([page.form[0]!.id, page.form[2]!.id]);
    const again = await restore(store);
    expect([...again.page.collapsed].sort()).toEqual([page.form[0]!.id, page.form[2]!.id].sort());
  });

  it('journals an edit not yet stored as its command over the stored record, and a reload shows it', async () => {
    const store = new MemoryWorkspaceStore();
    const { page } = await started(store, petsDocument(3));
    page.set(page.form.map((e, i) => (i === 0 ? withSummary(e, 'First') : e)));
    await page.keep();
    // Typed just before the page goes away: not synced, not stored.
    page.set(page.form.map((e, i) => (i === 2 ? withSummary(e, 'Third, unsaved') : e)));
    expect(page.leave()).toBe(true);
    expect(readJournal(NAME)?.commands).toHaveLength(1);
    expect(readJournal(NAME)?.text).toBeUndefined();
    const reloaded = await restore(store);
    expect(reloaded.page.form.map((e) => e.summary)).toEqual(['First', '', 'Third, unsaved']);
    // The journal stays until the core stores a record at least as new.
    expect(readJournal(NAME)).toBeDefined();
    await reloaded.page.keep();
    expect(readJournal(NAME)).toBeUndefined();
    expect((await restore(store)).page.form.map((e) => e.summary)).toEqual([
      'First',
      '',
      'Third, unsaved',
    ]);
  });

  it("keeps the stored record's output change when the editor did not change since", async () => {
    const store = new MemoryWorkspaceStore();
    const { page } = await started(store, petsDocument(2));
    page.output = `${petsDocument(2)}\n# typed by hand`;
    page.pageView.outputChanged();
    await page.keep();
    const record = store.records.get(NAME) as WorkspaceRecord;
    expect(record.viewState.output?.text).toContain('# typed by hand');
    page.set(page.form.map((e, i) => (i === 0 ? withSummary(e, 'Edited') : e)));
    page.leave();
    expect(readJournal(NAME)?.outputOfBase).toBe(true);
    const reloaded = await restore(store);
    expect(reloaded.page.output).toContain('# typed by hand');
    expect(reloaded.page.form[0]?.summary).toBe('Edited');
  });

  it('an output changed since the last record goes into the journal whole', async () => {
    const store = new MemoryWorkspaceStore();
    const { page } = await started(store, petsDocument(2));
    page.output = 'openapi: 3.0.1\n# replaced by hand\n';
    page.pageView.outputChanged();
    page.leave();
    expect((await restore(store)).page.output).toBe('openapi: 3.0.1\n# replaced by hand\n');
  });

  it('journals a loaded text as a load command until the core has stored a record of it', async () => {
    const store = new MemoryWorkspaceStore();
    await started(store, petsDocument(2));
    // A Load: the page adopts the loaded text and its views; nothing stored yet.
    const loaded = petsDocument(4);
    const { client } = await restore(store);
    const opened = (await client.openDocument(loaded)).endpoints;
    const page = pageOf(client, opened);
    page.apply([
      { kind: 'setField', endpointId: opened[3]!.id, field: 'summary', value: 'Fourth' },
    ]);
    expect(page.leave()).toBe(true);
    const entry = readJournal(NAME);
    expect(entry?.base).toBeUndefined();
    expect(entry?.commands?.[0]).toEqual({ kind: 'load', text: loaded });
    const reloaded = await restore(store);
    expect(reloaded.page.form).toHaveLength(4);
    expect(reloaded.page.form[3]?.summary).toBe('Fourth');
    // The loaded text became the stored record, the edit replays over it.
    expect(await recordText(store.records.get(NAME) as WorkspaceRecord)).toBe(loaded);
    expect(reloaded.journal?.commands).toHaveLength(1);
  });

  it("sends the output editor's text again to a new core (a restarted worker)", async () => {
    const store = new MemoryWorkspaceStore();
    const { client, page } = await started(store, petsDocument(2));
    page.output = `${petsDocument(2)}\n# typed by hand`;
    page.pageView.outputChanged();
    const first = await page.keep();
    // The document's core is replaced under the page (as a restarted worker re-opens it).
    await client.openDocument(petsDocument(2));
    const second = await page.keep();
    expect(second?.keeper).not.toBe(first?.keeper);
    expect(page.pageView.resend).toBe(true);
    page.pageView.resend = false;
    await page.keep();
    const record = store.records.get(NAME) as WorkspaceRecord;
    expect(record.viewState.output?.text).toContain('# typed by hand');
  });

  it('sends the collapsed panels only when they changed, and the record keeps them', async () => {
    const store = new MemoryWorkspaceStore();
    const { client, page } = await started(store, petsDocument(3));
    const views: PageView[] = [];
    const flush = client.flushRecord.bind(client);
    client.flushRecord = (view, options) => {
      if (view !== undefined) views.push(view);
      return flush(view, options);
    };
    page.collapsed.add(page.form[1]!.id);
    await page.keep();
    page.set(page.form.map((e, i) => (i === 0 ? withSummary(e, 'First') : e)));
    await page.keep();
    expect(views.map((view) => view.collapsed?.length)).toEqual([1, undefined]);
    expect(((await store.get(NAME)) as WorkspaceRecord).viewState.collapsed).toHaveLength(1);
    page.collapsed.delete(page.form[1]!.id);
    await page.keep();
    expect(views.at(-1)?.collapsed).toEqual([]);
    expect(((await store.get(NAME)) as WorkspaceRecord).viewState.collapsed).toEqual([]);
  });

  it("after Generate the record takes the core's answer, not a copy of the editor's text", async () => {
    const store = new MemoryWorkspaceStore();
    const { client, page } = await started(store, petsDocument(2));
    page.output = `${petsDocument(2)}\n# typed by hand`;
    page.pageView.outputChanged();
    await page.keep();
    // Generate: the form's text is the answer, and the editor shows it (changing as it goes in).
    page.set(page.form.map((e, i) => (i === 0 ? withSummary(e, 'First pets') : e)));
    const synced = await client.sync({ text: 'ifValid' });
    const generated = synced?.text;
    expect(generated).toContain('First pets');
    page.output = generated;
    page.pageView.outputChanged();
    page.pageView.outputShowsAnswer();
    const reads = page.reads;
    await page.keep();
    expect(page.reads).toBe(reads);
    expect((await restore(store)).page.output).toBe(generated);
    // A later form edit, not generated: the editor still shows the generated text.
    page.set(page.form.map((e, i) => (i === 1 ? withSummary(e, 'Second pets') : e)));
    await page.keep();
    const reloaded = await restore(store);
    expect(reloaded.page.output).toBe(generated);
    expect(reloaded.page.form[1]?.summary).toBe('Second pets');
  });
});
