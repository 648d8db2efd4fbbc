/**
 * The workspace record written synchronously when the page goes away (a reload, a closed tab,
 * `pagehide`). An IndexedDB write started then is aborted with the page, so the last 400 ms of
 * work (the record's debounce) would be lost; localStorage is written at once.
 *
 * An entry holds the view state, and the text only when it is not the one the store already
 * holds (`base`: the `savedAt` of the store's record whose text it goes with). It is removed once
 * the store has a record at least as new. A text too large for localStorage is not journaled: the
 * store's write is then all there is (as before).
 */
import type { WorkspaceViewState } from './view-state';
import type { WorkspaceRecord, WorkspaceStore } from './workspace-store';

const PREFIX = 'specform.workspace.journal:';

/** Characters an entry may take (localStorage holds about 5 M per origin). */
export const JOURNAL_MAX_CHARS = 1_500_000;

export interface JournalEntry {
  savedAt: number;
  viewState: WorkspaceViewState;
  /** The document text, when it is not the store's record's. */
  text?: string;
  /** The `savedAt` of the store's record whose text this view state goes with. */
  base?: number;
  /** A project's change the server has not got: the server revision it was made on. */
  baseRevision?: number;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Keeps `viewState` (and `text` unless it is `stored`'s) for `name`. Answers whether it was
 * kept (not when too large or when localStorage refuses it).
 */
export function writeJournal(
  name: string,
  text: string,
  viewState: WorkspaceViewState,
  stored: { text: string; savedAt: number } | undefined,
  savedAt = Date.now(),
  baseRevision?: number,
): boolean {
  const entry: JournalEntry =
    stored !== undefined && stored.text === text
      ? { savedAt, viewState, base: stored.savedAt }
      : { savedAt, viewState, text };
  if (baseRevision !== undefined) entry.baseRevision = baseRevision;
  // Not turned into JSON at all when the text alone is too large (leaving the page: no time).
  if ((entry.text?.length ?? 0) > JOURNAL_MAX_CHARS) return false;
  const json = JSON.stringify(entry);
  if (json.length > JOURNAL_MAX_CHARS) return false;
  try {
    storage()?.setItem(PREFIX + name, json);
    return storage() !== undefined;
  } catch {
    return false;
  }
}

export function readJournal(name: string): JournalEntry | undefined {
  let json: string | null | undefined;
  try {
    json = storage()?.getItem(PREFIX + name);
  } catch {
    return undefined;
  }
  if (json === null || json === undefined) return undefined;
  try {
    const entry = JSON.parse(json) as Partial<JournalEntry>;
    if (typeof entry.savedAt !== 'number' || typeof entry.viewState !== 'object') return undefined;
    if (entry.text !== undefined && typeof entry.text !== 'string') return undefined;
    return entry as JournalEntry;
  } catch {
    return undefined;
  }
}

/** Removes `name`'s entry when the store's record (saved at `upTo`) is at least as new. */
export function clearJournal(name: string, upTo: number): void {
  const entry = readJournal(name);
  if (entry !== undefined && entry.savedAt > upTo) return;
  try {
    storage()?.removeItem(PREFIX + name);
  } catch {
    // nothing to remove
  }
}

/**
 * The record to restore: the journal's when it is newer than the store's and complete (its own
 * text, or the store's text it was based on), else the store's.
 */
export function newerRecord(
  record: WorkspaceRecord | undefined,
  entry: JournalEntry | undefined,
): WorkspaceRecord | undefined {
  if (entry === undefined || (record !== undefined && entry.savedAt <= record.savedAt)) {
    return record;
  }
  const base: Omit<WorkspaceRecord, 'text'> =
    entry.baseRevision === undefined
      ? { viewState: entry.viewState, baseRevision: null, savedAt: entry.savedAt }
      : {
          viewState: entry.viewState,
          baseRevision: entry.baseRevision,
          pending: true,
          savedAt: entry.savedAt,
        };
  if (entry.text !== undefined) return { ...base, text: entry.text };
  if (record !== undefined && entry.base === record.savedAt) return { ...base, text: record.text };
  return record;
}

/**
 * The record of `name` as a restore takes it: the store's, or the journal's when that is newer
 * and complete, written to the store. The journal is cleared once the store has it (a store
 * that cannot be read or written leaves the journal as the only copy, kept).
 */
export async function recordWithJournal(
  store: WorkspaceStore,
  name: string,
): Promise<WorkspaceRecord | undefined> {
  const kept = await store.get(name).catch(() => undefined);
  const record = newerRecord(kept, readJournal(name));
  if (record !== undefined && record !== kept) {
    await store.put(name, record).then(
      () => clearJournal(name, record.savedAt),
      (failure: unknown) => console.warn('The journaled record was not stored', failure),
    );
  } else {
    clearJournal(name, kept?.savedAt ?? Number.POSITIVE_INFINITY);
  }
  return record;
}
