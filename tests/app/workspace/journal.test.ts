/** The synchronous journal of a workspace record written as the page goes away (journal.ts). */
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearJournal,
  JOURNAL_MAX_CHARS,
  newerRecord,
  readJournal,
  journalLoss,
  journalReplay,
  recordWithJournal,
  writeJournal,
  type JournalEntry,
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

/** An entry as earlier releases wrote it (the view state over the record, or over its text). */
function writeOld(name: string, entry: JournalEntry): void {
  localStorage.setItem(`specform.workspace.journal:${name}`, JSON.stringify(entry));
}

function memoryStore(records: [string, WorkspaceRecord][] = []) {
  const stored = new Map<string, WorkspaceRecord>(records);
  return {
    stored,
    get: (name: string) => Promise.resolve(stored.get(name)),
    put: (name: string, value: WorkspaceRecord) => {
      stored.set(name, value);
      return Promise.resolve();
    },
  };
}

describe('workspace journal', () => {
  it('keeps the commands since the stored record, the panels and the changed output', () => {
    const commands = [{ kind: 'setMeta' as const, meta: {} }];
    expect(
      writeJournal('local', { journal: { base: 5, commands, since: 5 }, collapsed: ['a'] }, 9),
    ).toBe(true);
    expect(readJournal('local')).toEqual({
      savedAt: 9,
      viewState,
      base: 5,
      commands,
      outputOfBase: true,
    });
    writeJournal(
      'local',
      { journal: { base: 5, commands, since: 5 }, collapsed: ['a'], output: '# mine' },
      10,
    );
    expect(readJournal('local')?.viewState.output?.text).toBe('# mine');
    expect(readJournal('local')?.outputOfBase).toBeUndefined();
    // One entry per workspace.
    writeJournal('project:1', { journal: { commands: [], since: 1 }, collapsed: [] }, 11);
    expect(readJournal('local')?.savedAt).toBe(10);
  });

  it('says what it could not keep: the output first, then the whole entry (a marker)', async () => {
    const commands = [{ kind: 'setMeta' as const, meta: {} }];
    const journal = { base: 5, commands, since: 5 };
    const large = 'x'.repeat(JOURNAL_MAX_CHARS);
    // The editor's text too large: the commands are kept, the loss is said.
    expect(writeJournal('local', { journal, collapsed: [], output: large }, 9)).toBe(false);
    expect(readJournal('local')).toMatchObject({ commands, lost: 5, outputOfBase: true });
    expect(readJournal('local')?.viewState.output).toBeUndefined();
    // The commands too large: a marker of the time since which the edits were not kept.
    const huge = [{ kind: 'load' as const, text: large }];
    expect(writeJournal('local', { journal: { commands: huge, since: 7 }, collapsed: [] }, 9)).toBe(
      false,
    );
    expect(readJournal('local')).toEqual({ savedAt: 9, viewState: { v: 2 }, lost: 7 });
    const store = memoryStore([['local', record('doc', 5)]]);
    const kept = await recordWithJournal(store as never, 'local');
    // The store's record is shown, and the page says once since when the edits were lost.
    expect(kept?.text).toBe('doc');
    expect(journalReplay('local', kept)).toBeUndefined();
    expect(journalLoss('local', kept)).toBe(7);
    expect(journalLoss('local', kept)).toBeUndefined();
    expect(readJournal('local')).toBeUndefined();
  });

  it('an entry with no stored record under it makes its loaded text the record, then replays the rest', async () => {
    const commands = [
      { kind: 'load' as const, text: 'openapi: 3.0.1\n' },
      { kind: 'setMeta' as const, meta: {} },
    ];
    writeJournal(
      'local',
      { journal: { commands, since: 3, ids: { a: 'b' } }, collapsed: ['a'] },
      9,
    );
    const store = memoryStore([['local', record('older', 2)]]);
    const kept = await recordWithJournal(store as never, 'local');
    expect(kept).toMatchObject({ text: 'openapi: 3.0.1\n', savedAt: 8, baseRevision: null });
    expect(kept?.viewState).toEqual({ v: 2, ids: { a: 'b' } });
    expect(store.stored.get('local')).toBe(kept);
    expect(journalReplay('local', kept)).toEqual({
      base: 8,
      commands: [{ kind: 'setMeta', meta: {} }],
      collapsed: ['a'],
    });
    // Older than the store's record: dropped.
    writeJournal('local', { journal: { commands, since: 3 }, collapsed: [] }, 1);
    expect((await recordWithJournal(store as never, 'local'))?.savedAt).toBe(8);
    expect(readJournal('local')).toBeUndefined();
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

  it('is cleared once the store is as new, and reads nothing from what is not an entry', () => {
    writeJournal('local', { journal: { base: 5, commands: [], since: 5 }, collapsed: [] }, 9);
    clearJournal('local', 8);
    expect(readJournal('local')).toBeDefined();
    clearJournal('local', 9);
    expect(readJournal('local')).toBeUndefined();
    localStorage.setItem('specform.workspace.journal:local', '{not json');
    expect(readJournal('local')).toBeUndefined();
  });

  it("a project's entry of an earlier release is a change the server has not got, on the revision it was made on", async () => {
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
    writeOld('project:7', { savedAt: 9, viewState, base: 5, outputOfBase: true, baseRevision: 3 });
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
