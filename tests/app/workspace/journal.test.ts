/** The synchronous journal of a workspace record written as the page goes away (journal.ts). */
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearJournal,
  journaledOnServer,
  JOURNAL_MAX_CHARS,
  newerRecord,
  readJournal,
  recordWithJournal,
  SERVER_BASE,
  textPatch,
  writeJournal,
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
  it('keeps only the view state when the store holds the text, the text too otherwise', () => {
    expect(writeJournal('local', 'doc', viewState, { text: 'doc', savedAt: 5 }, 9)).toBe(true);
    expect(readJournal('local')).toEqual({ savedAt: 9, viewState, base: 5 });
    expect(writeJournal('local', 'new doc', viewState, { text: 'doc', savedAt: 5 }, 10)).toBe(true);
    expect(readJournal('local')).toEqual({ savedAt: 10, viewState, text: 'new doc' });
    // One entry per workspace.
    writeJournal('project:1', 'p', viewState, undefined, 11);
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
    // Based on a text the store no longer holds: the store's record stands.
    expect(newerRecord(kept, { savedAt: 9, viewState, base: 3 })).toBe(kept);
    expect(newerRecord(undefined, { savedAt: 9, viewState, base: 3 })).toBeUndefined();
  });

  it('is cleared once the store is as new, and refuses what localStorage cannot hold', () => {
    writeJournal('local', 'doc', viewState, undefined, 9);
    clearJournal('local', 8);
    expect(readJournal('local')).toBeDefined();
    clearJournal('local', 9);
    expect(readJournal('local')).toBeUndefined();
    expect(writeJournal('local', 'x'.repeat(JOURNAL_MAX_CHARS), viewState, undefined)).toBe(false);
    expect(readJournal('local')).toBeUndefined();
    localStorage.setItem('specform.workspace.journal:local', '{not json');
    expect(readJournal('local')).toBeUndefined();
  });

  it("keeps an edit of a text too large for it as the change of the store's text (issue 28.5)", async () => {
    // GitHub's description is 13 MB: an edit made just before a reload is one changed span.
    const big = `openapi: 3.0.1\n${'x: yes\n'.repeat(JOURNAL_MAX_CHARS / 4)}summary: Get a repo\n`;
    const edited = big.replace('summary: Get a repo', 'summary: Get one repository');
    expect(writeJournal('local', edited, viewState, { text: big, savedAt: 5 }, 9)).toBe(true);
    const entry = readJournal('local');
    expect(entry?.text).toBeUndefined();
    expect(entry?.base).toBe(5);
    expect(entry?.patch?.insert.length).toBeLessThan(40);
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

  it('keeps a large project change as a patch of the server text at its revision', async () => {
    const emptyStore = { get: () => Promise.resolve(undefined), put: () => Promise.resolve() };
    const server = `openapi: 3.0.1\n${'y: no\n'.repeat(JOURNAL_MAX_CHARS / 4)}`;
    const edited = `${server}x-added: true\n`;
    writeJournal('project:7', edited, viewState, { text: server, savedAt: SERVER_BASE }, 9, 3);
    // Reading the device's own record first (there is none) leaves it for the server's text.
    await recordWithJournal(emptyStore as never, 'project:7');
    expect(journaledOnServer('project:7', server, 3)).toEqual({
      text: edited,
      viewState,
      savedAt: 9,
    });
    // Another revision on the server: the patch is not applied to a text it was not made on.
    expect(journaledOnServer('project:7', server, 4)).toBeUndefined();
    // The text not written yet, the edit only in the form's drafts: the server's text with them.
    writeJournal('project:7', server, viewState, { text: server, savedAt: SERVER_BASE }, 10, 3);
    expect(journaledOnServer('project:7', server, 3)).toEqual({
      text: server,
      viewState,
      savedAt: 10,
    });
  });

  it('finds the one changed span', () => {
    expect(textPatch('abcdef', 'abXYef')).toEqual({ start: 2, end: 4, insert: 'XY' });
    expect(textPatch('aaa', 'aaaa')).toEqual({ start: 3, end: 3, insert: 'a' });
    expect(textPatch('abc', 'abc')).toEqual({ start: 3, end: 3, insert: '' });
  });
});
