/** The synchronous journal of a workspace record written as the page goes away (journal.ts). */
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearJournal,
  JOURNAL_MAX_CHARS,
  newerRecord,
  readJournal,
  recordWithJournal,
  writeKeptJournal,
} from '../../../src/app/workspace/journal';
import type { WorkspaceRecord } from '../../../src/app/workspace/workspace-store';

const viewState = { v: 2 as const, collapsed: ['a'] };
const record = (text: string, savedAt: number): WorkspaceRecord => ({
  text,
  viewState: { v: 2 },
  baseRevision: null,
  savedAt,
});

afterEach(() => localStorage.clear());

describe('workspace journal', () => {
  it("keeps only the view state over the store's record, the text too while it has none", () => {
    expect(writeKeptJournal('local', { viewState, base: 5, outputOfBase: false }, 9)).toBe(true);
    expect(readJournal('local')).toEqual({ savedAt: 9, viewState, base: 5 });
    expect(writeKeptJournal('local', { viewState, text: 'new doc', outputOfBase: true }, 10)).toBe(
      true,
    );
    expect(readJournal('local')).toEqual({ savedAt: 10, viewState, text: 'new doc' });
    // One entry per workspace.
    writeKeptJournal('project:1', { viewState, text: 'p', outputOfBase: true }, 11);
    expect(readJournal('local')?.text).toBe('new doc');
  });

  it('restores the newer of the store and the journal, never a view state on the wrong text', () => {
    const kept = record('doc', 5);
    expect(newerRecord(kept, undefined)).toBe(kept);
    expect(newerRecord(kept, { savedAt: 4, viewState, text: 'old' })).toBe(kept);
    expect(newerRecord(kept, { savedAt: 9, viewState, base: 5 })).toEqual({
      text: 'doc',
      viewState,
      baseRevision: null,
      savedAt: 9,
    });
    expect(newerRecord(undefined, { savedAt: 9, viewState, text: 'x' })?.text).toBe('x');
    // Based on a text the store no longer holds, and no store's record: nothing to lay it on.
    expect(newerRecord(undefined, { savedAt: 9, viewState, base: 3 })).toBeUndefined();
  });

  it('lays an entry over a record the store got after its base (a write in flight as the page went away)', () => {
    // Stored at 5 while the page went away at 9 with an entry on the record of 3: the record of 5
    // holds what the page had sent; the entry's drafts hold every view that differed from 3's.
    const landed: WorkspaceRecord = {
      text: 'openapi: 3.0.1 # edit one\n',
      viewState: { v: 2, output: { start: 0, end: 0, text: '# mine\n' } },
      baseRevision: null,
      savedAt: 5,
    };
    const drafts = { v: 2 as const, form: { order: ['x'], drafts: [] }, collapsed: [] };
    expect(
      newerRecord(landed, { savedAt: 9, viewState: drafts, base: 3, outputOfBase: true }),
    ).toEqual({
      text: landed.text,
      viewState: { ...drafts, output: landed.viewState.output },
      baseRevision: null,
      savedAt: 9,
    });
    // The entry's own output (the editor's whole text) spans the newer text whole.
    const output = { start: 0, end: 12, text: 'the editor' };
    expect(
      newerRecord(landed, { savedAt: 9, viewState: { ...drafts, output }, base: 3 }),
    ).toMatchObject({
      text: landed.text,
      viewState: { output: { start: 0, end: (landed.text as string).length, text: 'the editor' } },
    });
    // An entry older than the store's record is not laid over it.
    expect(newerRecord(landed, { savedAt: 4, viewState: drafts, base: 3 })).toBe(landed);
  });

  it('is cleared once the store is as new, and refuses what localStorage cannot hold', () => {
    writeKeptJournal('local', { viewState, text: 'doc', outputOfBase: true }, 9);
    clearJournal('local', 8);
    expect(readJournal('local')).toBeDefined();
    clearJournal('local', 9);
    expect(readJournal('local')).toBeUndefined();
    const large = { viewState, text: 'x'.repeat(JOURNAL_MAX_CHARS), outputOfBase: true };
    expect(writeKeptJournal('local', large)).toBe(false);
    expect(readJournal('local')).toBeUndefined();
    localStorage.setItem('specform.workspace.journal:local', '{not json');
    expect(readJournal('local')).toBeUndefined();
  });

  it("a project's entry is a change the server has not got, on the revision it was made on", async () => {
    const stored = new Map<string, WorkspaceRecord>([
      ['project:7', { ...record('openapi: 3.0.1\n', 5), baseRevision: 3 }],
    ]);
    const store = {
      get: (name: string) => Promise.resolve(stored.get(name)),
      put: (name: string, value: WorkspaceRecord) => {
        stored.set(name, value);
        return Promise.resolve();
      },
    };
    writeKeptJournal('project:7', { viewState, base: 5, outputOfBase: true, baseRevision: 3 }, 9);
    const restored = await recordWithJournal(store as never, 'project:7');
    expect(restored).toMatchObject({ text: 'openapi: 3.0.1\n', baseRevision: 3, pending: true });
    expect(restored?.viewState).toEqual(viewState);
    expect(readJournal('project:7')).toBeUndefined();
  });

  it("still reads an entry of the previous release that patched the store's large text", async () => {
    const big = `openapi: 3.0.1\n${'x: yes\n'.repeat(JOURNAL_MAX_CHARS / 4)}summary: Get a repo\n`;
    const edited = big.replace('summary: Get a repo', 'summary: Get one repository');
    const start = big.indexOf('Get a repo');
    const patch = { start, end: start + 'Get a repo'.length, insert: 'Get one repository' };
    localStorage.setItem(
      'specform.workspace.journal:local',
      JSON.stringify({ savedAt: 9, viewState, base: 5, patch }),
    );
    // The store keeps the large text as a Blob: it is read once to apply the change.
    const stored = new Map<string, WorkspaceRecord>([
      ['local', { ...record('', 5), text: new Blob([big]) }],
    ]);
    const store = {
      get: (name: string) => Promise.resolve(stored.get(name)),
      put: (name: string, value: WorkspaceRecord) => {
        stored.set(name, value);
        return Promise.resolve();
      },
    };
    const restored = await recordWithJournal(store as never, 'local');
    expect(restored?.text).toBe(edited);
    expect(restored?.viewState).toEqual(viewState);
    expect(readJournal('local')).toBeUndefined();
  });
});
