/**
 * The workspace record written synchronously when the page goes away (a reload, a closed tab,
 * `pagehide`). An IndexedDB write started then is aborted with the page, so the last 400 ms of
 * work (the record's debounce) would be lost; localStorage is written at once.
 *
 * An entry is the commands made since the stored record (`base`: the record's `savedAt`;
 * `commands`: what the document's worker applied since, then what was still queued, whatever
 * made them), with what only the page knows (the collapsed panels by id, the output editor's
 * text when it changed). A restore opens the record and replays them as the editor applies any
 * command; an entry whose base is not the stored record is older than it and dropped. While no
 * record of the open document is stored (a Load's store in flight), the entry has no `base`: its
 * commands start from an empty document, a `load` of the text first, and a restore makes that
 * text the stored record before replaying the rest.
 *
 * The page has the record stored at once when its commands near the entry's budget
 * ({@link JOURNAL_STORE_AT_CHARS}), so an entry practically always fits. One that does not is a
 * marker (`lost`: since when the edits could not be kept): the next open says so.
 *
 * Entries of earlier releases (the view state with the form's drafts over the record, or over
 * their own text; `patch`: one span replaced in the store's text) are still read.
 */
import type { DocumentCommand } from '../../shared/openapi';
import type { JournalCommands } from '../core/generator-client';
import type { WorkspaceViewState } from './view-state';
import type { WorkspaceRecord, WorkspaceStore } from './workspace-store';
import { textOfBlob } from '../util/slices';

const PREFIX = 'specform.workspace.journal:';

/** Characters an entry may take (localStorage holds about 5 M per origin). */
export const JOURNAL_MAX_CHARS = 1_500_000;

/**
 * Commands this large since the stored record have the page store the record at once (the log
 * is cut), leaving room in an entry for the output editor's text.
 */
export const JOURNAL_STORE_AT_CHARS = JOURNAL_MAX_CHARS / 3;

export interface JournalEntry {
  savedAt: number;
  viewState: WorkspaceViewState;
  /** The document text, when it is not the store's record's. */
  text?: string;
  /** The `savedAt` of the store's record whose text this view state goes with. */
  base?: number;
  /** The text as the change of `base`'s text: the span `start`–`end` replaced by `insert`. */
  patch?: TextPatch;
  /** A project's change the server has not got: the server revision it was made on. */
  baseRevision?: number;
  /** The output editor's change is `base`'s record's (it did not change since). */
  outputOfBase?: true;
  /**
   * The commands made since `base`'s record, in order (the view state then holds only the
   * collapsed panels, by id, and the output editor's text when it changed).
   */
  commands?: DocumentCommand[];
  /**
   * The core that stored `base` and the revision each of the first commands was applied at: a
   * newer record of that core (a store in flight as the page went away) holds those up to its
   * revision, and the rest are replayed over it ({@link recordWithJournal}).
   */
  built?: { keeper: string; revisions: number[] };
  /** Without a base: the ids the `load`ed text was opened with. */
  ids?: Record<string, string>;
  /**
   * The edits since this time (the stored record's, or the document's open) could not be kept:
   * too large for the entry (a marker, without commands), or the output editor's text was.
   */
  lost?: number;
}

export interface TextPatch {
  start: number;
  end: number;
  insert: string;
}

export function applyPatch(text: string, patch: TextPatch): string {
  return text.slice(0, patch.start) + patch.insert + text.slice(patch.end);
}

function isPatch(value: unknown): value is TextPatch {
  const p = value as Partial<TextPatch> | undefined;
  return (
    typeof p === 'object' &&
    p !== null &&
    Number.isInteger(p.start) &&
    Number.isInteger(p.end) &&
    typeof p.insert === 'string' &&
    (p.start as number) >= 0 &&
    (p.end as number) >= (p.start as number)
  );
}

function isBuilt(value: unknown): value is NonNullable<JournalEntry['built']> {
  const b = value as Partial<NonNullable<JournalEntry['built']>> | undefined;
  return (
    typeof b === 'object' &&
    b !== null &&
    typeof b.keeper === 'string' &&
    Array.isArray(b.revisions) &&
    b.revisions.every((revision) => Number.isInteger(revision))
  );
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** What the page journals as it goes away. */
export interface PageJournal {
  /** The commands since the stored record (the client's); undefined when none can be said. */
  journal: JournalCommands | undefined;
  /** The collapsed panels by id. */
  collapsed: string[];
  /** The output editor's whole text, when it changed since the core last got it. */
  output?: string;
  /** A project's: the server revision its record is based on. */
  baseRevision?: number;
}

/**
 * Keeps a workspace's entry as the page goes away (see the module comment); what does not fit
 * is a marker that says since when the edits could not be kept. Answers whether all was kept.
 */
export function writeJournal(name: string, page: PageJournal, now = Date.now()): boolean {
  const journal = page.journal;
  if (journal === undefined) {
    putEntry(name, JSON.stringify(lostEntry(now, now, page.baseRevision)));
    return false;
  }
  // Newer than its base even within the same millisecond (the newer of the two is restored).
  const savedAt = Math.max(now, (journal.base ?? 0) + 1);
  const viewState: WorkspaceViewState = { v: 2, collapsed: page.collapsed };
  const entry: JournalEntry = { savedAt, viewState, commands: journal.commands };
  if (journal.base !== undefined) entry.base = journal.base;
  if (journal.ids !== undefined) entry.ids = journal.ids;
  if (journal.built !== undefined) entry.built = journal.built;
  if (page.baseRevision !== undefined) entry.baseRevision = page.baseRevision;
  // The editor's text replaces its whole text on a replay (only `text` is read).
  if (page.output !== undefined) viewState.output = { start: 0, end: 0, text: page.output };
  else entry.outputOfBase = true;
  let json = JSON.stringify(entry);
  if (json.length > JOURNAL_MAX_CHARS && viewState.output !== undefined) {
    // The editor's text is too large to journal: the form's commands are kept, and the next
    // open says the editor's own text was not.
    delete viewState.output;
    entry.outputOfBase = true;
    entry.lost = journal.since;
    json = JSON.stringify(entry);
  }
  if (json.length > JOURNAL_MAX_CHARS) {
    json = JSON.stringify(lostEntry(savedAt, journal.since, page.baseRevision));
    putEntry(name, json);
    return false;
  }
  return putEntry(name, json) && entry.lost === undefined;
}

/** A marker: the edits since `since` could not be kept. */
function lostEntry(savedAt: number, since: number, baseRevision?: number): JournalEntry {
  const entry: JournalEntry = { savedAt, viewState: { v: 2 }, lost: since };
  if (baseRevision !== undefined) entry.baseRevision = baseRevision;
  return entry;
}

/** Puts an entry's JSON for `name`; answers whether it was kept (not too large, not refused). */
function putEntry(name: string, json: string): boolean {
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
    if (entry.patch !== undefined && !isPatch(entry.patch)) return undefined;
    if (entry.base !== undefined && typeof entry.base !== 'number') return undefined;
    if (entry.commands !== undefined && !Array.isArray(entry.commands)) return undefined;
    if (entry.built !== undefined && !isBuilt(entry.built)) delete entry.built;
    if (entry.lost !== undefined && typeof entry.lost !== 'number') delete entry.lost;
    if (entry.ids !== undefined && (typeof entry.ids !== 'object' || entry.ids === null)) {
      delete entry.ids;
    }
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
  // Commands are applied by the page over the record they build on ({@link commandJournal}); a
  // marker holds nothing to restore ({@link journalLoss}).
  if (entry.commands !== undefined || entry.lost !== undefined) return record;
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
  if (
    record !== undefined &&
    entry.base !== undefined &&
    entry.base < record.savedAt &&
    entry.patch === undefined
  ) {
    // The store moved on from the entry's base: a write in flight as the page went away landed
    // after the entry. Its text holds what the page had sent then, and the entry (newer) holds
    // as drafts every view that differed from the base's, so it is laid over the newer text.
    return movedOn(record, entry, base);
  }
  if (record !== undefined && entry.base === record.savedAt) {
    if (entry.outputOfBase === true) {
      const { output: _none, ...viewState } = base.viewState;
      base.viewState =
        record.viewState.output === undefined
          ? viewState
          : { ...viewState, output: record.viewState.output };
      if (record.outputText !== undefined) base.outputText = record.outputText;
    }
    if (entry.patch === undefined) return { ...base, text: record.text };
    if (typeof record.text === 'string')
      return { ...base, text: applyPatch(record.text, entry.patch) };
  }
  return record;
}

/** An entry laid over a record stored after its base (see {@link newerRecord}). */
function movedOn(
  record: WorkspaceRecord,
  entry: JournalEntry,
  base: Omit<WorkspaceRecord, 'text'>,
): WorkspaceRecord {
  const { output, ...viewState } = base.viewState;
  if (entry.outputOfBase === true || output === undefined) {
    // The output editor's change is the newer record's.
    base.viewState =
      record.viewState.output === undefined
        ? viewState
        : { ...viewState, output: record.viewState.output };
    if (record.outputText !== undefined) base.outputText = record.outputText;
    return { ...base, text: record.text };
  }
  // The entry's output is the editor's whole text (as the page journaled it): over the newer
  // text it spans that text whole. Its length is known once the text is read (a Blob is read
  // by recordWithJournal first); unread, the newer record's own output stands.
  if (typeof record.text !== 'string')
    return movedOn(record, { ...entry, outputOfBase: true }, base);
  base.viewState = { ...viewState, output: { ...output, start: 0, end: record.text.length } };
  return { ...base, text: record.text };
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
  let kept = await store.get(name).catch(() => undefined);
  const entry = readJournal(name);
  if (entry?.commands !== undefined && entry.base === undefined) {
    return fromScratch(store, name, entry as JournalEntry & { commands: DocumentCommand[] }, kept);
  }
  if (entry?.commands === undefined && entry?.lost !== undefined) {
    // A marker: the page reads it ({@link journalLoss}) unless the store is newer.
    if (kept !== undefined && entry.savedAt <= kept.savedAt) {
      clearJournal(name, Number.POSITIVE_INFINITY);
    }
    return kept;
  }
  if (entry?.commands !== undefined) {
    // Kept while it builds on the stored record (the page applies it), or on one the same core
    // stored before it (rebased); else it is older.
    if (kept === undefined || (entry.base !== kept.savedAt && !rebased(name, entry, kept))) {
      clearJournal(name, Number.POSITIVE_INFINITY);
    }
    return kept;
  }
  const spansNewer =
    entry?.base !== undefined &&
    entry.viewState.output !== undefined &&
    entry.outputOfBase !== true &&
    kept !== undefined &&
    entry.base < kept.savedAt &&
    entry.savedAt > kept.savedAt;
  if (
    (entry?.patch !== undefined || spansNewer) &&
    kept !== undefined &&
    typeof kept.text !== 'string'
  ) {
    // The patch applies to the store's text, kept as a Blob when large: read it once.
    kept = { ...kept, text: await textOfBlob(kept.text) };
  }
  const record = newerRecord(kept, entry);
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

/**
 * An entry of commands with no stored record under them (the page went away before the first
 * store of a Load, a new workspace or a project shown): newer than the store's record, its `load`
 * (or an empty document) becomes the stored record and the rest builds on it, replayed by the
 * page as any journal ({@link journalReplay}).
 */
async function fromScratch(
  store: WorkspaceStore,
  name: string,
  entry: JournalEntry & { commands: DocumentCommand[] },
  kept: WorkspaceRecord | undefined,
): Promise<WorkspaceRecord | undefined> {
  if (kept !== undefined && entry.savedAt <= kept.savedAt) {
    clearJournal(name, Number.POSITIVE_INFINITY);
    return kept;
  }
  const [first, ...rest] = entry.commands;
  const loaded = first?.kind === 'load' ? first : undefined;
  const viewState: WorkspaceViewState = { v: 2 };
  if (loaded !== undefined && entry.ids !== undefined) viewState.ids = entry.ids;
  const record: WorkspaceRecord = {
    text: loaded?.text ?? '',
    viewState,
    baseRevision: entry.baseRevision ?? null,
    savedAt: entry.savedAt - 1,
  };
  // A project's commands are a change the server has not got.
  if (entry.baseRevision !== undefined) record.pending = true;
  const { ids: _ids, ...over } = entry;
  const next: JournalEntry = {
    ...over,
    base: record.savedAt,
    commands: loaded === undefined ? entry.commands : rest,
  };
  try {
    await store.put(name, record);
  } catch (failure) {
    // The journal stays the only copy; the store's record is shown meanwhile.
    console.warn('The journaled record was not stored', failure);
    return kept;
  }
  putEntry(name, JSON.stringify(next));
  return record;
}

/**
 * A marker newer than the stored `record`: the time since which the edits made before the page
 * went away could not be kept (the page says so once; the marker is then removed).
 */
export function journalLoss(name: string, record: WorkspaceRecord | undefined): number | undefined {
  const entry = readJournal(name);
  if (entry?.lost === undefined) return undefined;
  if (record !== undefined && entry.savedAt <= record.savedAt) return undefined;
  if (entry.commands === undefined) clearJournal(name, Number.POSITIVE_INFINITY);
  else {
    // The commands are kept (replayed until a store); only the message goes.
    const { lost: _said, ...rest } = entry;
    putEntry(name, JSON.stringify(rest));
  }
  return entry.lost;
}

/**
 * A journal of commands over an older record of the core that stored `record` (a store in flight
 * as the page went away landed after the entry): `record` holds the commands applied up to the
 * revision it was built at, so the entry keeps those after it, over `record`. Answers whether the
 * entry was rebased (and written so).
 */
function rebased(name: string, entry: JournalEntry, record: WorkspaceRecord): boolean {
  const built = entry.built;
  const at = record.built;
  const commands = entry.commands;
  if (built === undefined || at === undefined || commands === undefined) return false;
  if (built.keeper !== at.keeper || entry.base === undefined) return false;
  if (!(entry.base < record.savedAt && record.savedAt < entry.savedAt)) return false;
  const after = (i: number) =>
    i >= built.revisions.length || (built.revisions[i] as number) > at.revision;
  const next: JournalEntry = {
    ...entry,
    base: record.savedAt,
    commands: commands.filter((_, i) => after(i)),
    built: { keeper: built.keeper, revisions: built.revisions.filter((_, i) => after(i)) },
  };
  return putEntry(name, JSON.stringify(next));
}

/**
 * The journal's commands over the stored `record` (the page applies them once the record is
 * shown): only an entry built on that very record, and newer than it.
 */
export function commandJournal(
  name: string,
  record: WorkspaceRecord | undefined,
): (JournalEntry & { commands: DocumentCommand[] }) | undefined {
  const entry = readJournal(name);
  if (entry?.commands === undefined || record === undefined) return undefined;
  if (entry.base !== record.savedAt || entry.savedAt <= record.savedAt) return undefined;
  return entry as JournalEntry & { commands: DocumentCommand[] };
}

/**
 * What a page replays over a shown record: the journal's commands (made over the record saved at
 * `base`), the collapsed panels by id, and the output editor's whole text when it changed since.
 */
export interface JournalReplay {
  base: number;
  commands: DocumentCommand[];
  collapsed: string[];
  output?: string;
}

/** The replay of {@link commandJournal}'s entry over `record` (undefined: nothing to replay). */
export function journalReplay(
  name: string,
  record: WorkspaceRecord | undefined,
): JournalReplay | undefined {
  const entry = commandJournal(name, record);
  if (entry === undefined) return undefined;
  const replay: JournalReplay = {
    base: entry.base as number,
    commands: entry.commands,
    collapsed: entry.viewState.collapsed ?? [],
  };
  // The editor's whole text as it was when the page went away, unless the record's stands.
  const output = entry.viewState.output;
  if (entry.outputOfBase !== true && output !== undefined) replay.output = output.text;
  return replay;
}
