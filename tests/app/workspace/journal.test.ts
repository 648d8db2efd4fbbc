/** The synchronous journal of a workspace record written as the page goes away (journal.ts). */
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearJournal,
  JOURNAL_MAX_CHARS,
  newerRecord,
  readJournal,
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
});
