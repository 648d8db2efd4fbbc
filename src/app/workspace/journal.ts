/**
 * The workspace record written synchronously when the page goes away (a reload, a closed tab,
 * `pagehide`). An IndexedDB write started then is aborted with the page, so the last 400 ms of
 * work (the record's debounce) would be lost; localStorage is written at once.
 *
 * An entry over a stored record holds the commands the page made since it (`base`: the
 * record's `savedAt`; `commands`: what the document's worker applied since, then what was still
 * queued), with what only the page knows (the collapsed panels by id, the output editor's text
 * when it changed). A restore opens the record and applies them as the editor applies any
 * command; an entry whose base is not the stored record is older than it and dropped. An entry
 * that would not fit ({@link JOURNAL_MAX_CHARS}) is written as before: the view state with the
 * form's drafts whole over the record, which older releases wrote too and which is still read.
 *
 * Without commands, an entry holds the view state, and the text only when it is not the one the
 * store already holds (`base`: the `savedAt` of the store's record whose text it goes with). It
 * is removed once the store has a record at least as new. Since the document's core stores the record itself,
 * an entry holds the form's drafts over it, never the text of a large document; a text is
 * journaled only while the store has no record of it (an adopted text), and not when too large
 * (the store's write is then all there is). Entries of the previous release may carry `patch`
 * (one span replaced in the store's text): they are still read.
 */
import type { DocumentCommand } from '../../shared/openapi';
import type { KeptJournal } from './recorder';
import type { WorkspaceViewState } from './view-state';
import type { WorkspaceRecord, WorkspaceStore } from './workspace-store';
import { textOfBlob } from '../util/slices';

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

/**
 * Keeps a workspace's entry as the page goes away (recorder.ts `journalNow`): the view state
 * over the store's record, or over its own text while the store has not got it (a project's
 * entry is a change the server has not got, on its `baseRevision`). Answers whether it was kept.
 */
export function writeKeptJournal(name: string, kept: KeptJournal, now = Date.now()): boolean {
  // Newer than its base even within the same millisecond (the newer of the two is restored).
  const savedAt = Math.max(now, (kept.base ?? 0) + 1);
  const entry: JournalEntry = { savedAt, viewState: kept.viewState };
  if (kept.base !== undefined) {
    entry.base = kept.base;
    if (kept.outputOfBase) entry.outputOfBase = true;
  } else entry.text = kept.text ?? '';
  if (kept.baseRevision !== undefined) entry.baseRevision = kept.baseRevision;
  if (kept.commands !== undefined && putCommands(name, entry, kept.commands)) return true;
  if ((entry.text?.length ?? 0) > JOURNAL_MAX_CHARS) return false;
  let json = JSON.stringify(entry);
  if (json.length > JOURNAL_MAX_CHARS && entry.viewState.output !== undefined) {
    // The editor's text is too large to journal: its change stays the store's record's.
    const { output: _large, ...viewState } = entry.viewState;
    entry.viewState = viewState;
    if (entry.base !== undefined) entry.outputOfBase = true;
    json = JSON.stringify(entry);
  }
  return putEntry(name, json);
}

/**
 * Puts the entry as the commands since its base (see the module comment); answers false when
 * it does not fit, or the base is not the record's it was built on (then the drafts are kept).
 */
function putCommands(
  name: string,
  entry: JournalEntry,
  kept: NonNullable<KeptJournal['commands']>,
): boolean {
  if (entry.base === undefined || kept.base !== entry.base) return false;
  const viewState: WorkspaceViewState = { v: 2, collapsed: kept.collapsed };
  if (entry.viewState.output !== undefined) viewState.output = entry.viewState.output;
  const commands: JournalEntry = {
    savedAt: entry.savedAt,
    viewState,
    base: entry.base,
    commands: kept.commands,
  };
  if (entry.outputOfBase === true) commands.outputOfBase = true;
  if (entry.baseRevision !== undefined) commands.baseRevision = entry.baseRevision;
  if (kept.built !== undefined) commands.built = kept.built;
  let json = JSON.stringify(commands);
  if (json.length > JOURNAL_MAX_CHARS && viewState.output !== undefined) {
    // The editor's text is too large to journal: its change stays the store's record's.
    delete viewState.output;
    commands.outputOfBase = true;
    json = JSON.stringify(commands);
  }
  return json.length <= JOURNAL_MAX_CHARS && putEntry(name, json);
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
    if (
      entry.commands !== undefined &&
      (!Array.isArray(entry.commands) || typeof entry.base !== 'number')
    ) {
      return undefined;
    }
    if (entry.built !== undefined && !isBuilt(entry.built)) delete entry.built;
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
  // Commands are applied by the page over the record they build on ({@link commandJournal}).
  if (entry.commands !== undefined) return record;
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
  // The entry's output is the editor's whole text (recorder.ts journalNow): over the newer
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
  // The editor's whole text as it was (journalNow), unless the record's stands.
  const output = entry.viewState.output;
  if (entry.outputOfBase !== true && output !== undefined) replay.output = output.text;
  return replay;
}
