/**
 * The page's side of a workspace's record (the browser's own, or a project's). The document's
 * core keeps the record (src/shared/workspace/record-keeper.ts): after a pause the form is synced
 * and the core stores the record, the text never crossing to the page
 * ({@link WorkspaceRecorder.keep}); a project's sync then sends the body the core builds from it.
 * The page sends only what it alone knows (collapsed panels, the output editor's text when it
 * changed) and keeps track of which of its views the stored text holds, so that leaving the page
 * journals the rest as drafts over the stored record ({@link WorkspaceRecorder.journalNow}).
 *
 * What a text holds is known by identity: the views written with it (or opened from it) are in
 * `written`; any other view of the form is a draft, kept whole in the view state until a text
 * holds it. No task walks the form, and the output editor is read in slices.
 */
import type { Endpoint, Schema } from '../../shared/openapi';
import type { JournalCommands } from '../core/generator-client';
import { newDocumentMeta, type DocumentMeta } from '../../shared/openapi/document/meta';
import type { PageView, StoredRecord } from '../../shared/workspace/record-keeper';
import { viewKey, type FormDrafts, type WorkspaceViewState } from './view-state';

/**
 * A journal entry as the browser's own workspace writes it (journal.ts): the view state over the
 * store's record (`base`), or over `text` while the store has not got it. `outputOfBase`: the
 * output editor's change is the base record's (it did not change since).
 */
export interface KeptJournal {
  viewState: WorkspaceViewState;
  base?: number;
  text?: string;
  outputOfBase: boolean;
  /** A project's change: the server revision it was made on. */
  baseRevision?: number;
  /**
   * The commands since the stored record saved at `base` (the client's log and queue), and the
   * collapsed panels by id: the entry journal.ts writes when it fits (else the view state).
   */
  commands?: JournalCommands & { collapsed: string[] };
}

/** What a record is made of on the page's side. */
export interface RecordSource {
  endpoints(): Endpoint[];
  isCollapsed(id: string): boolean;
  meta(): DocumentMeta;
  schemas(): Record<string, Schema>;
  /** The output editor's text, read in slices; undefined while there is no editor. */
  readOutput(): Promise<string | undefined>;
  /** The output editor's text in one task (leaving the page); undefined without an editor. */
  outputNow(): string | undefined;
  /**
   * Syncs `endpoints` to the worker's document, whose core then stores the record with `view`
   * as the page's part; answers the sync's revision and what was stored (undefined: nothing).
   */
  keep(
    endpoints: Endpoint[],
    view: PageView,
  ): Promise<{ revision: number | undefined; stored: StoredRecord | undefined }>;
}

/**
 * What the page knows of the record the document's core last stored: when, and whether its
 * text is the one the views in `written` come from.
 */
interface KeptByCore {
  savedAt: number;
  /** The stored text's length (a journal's output change spans it). */
  textLength: number;
  /** A project's record: the server revision it is based on. */
  baseRevision: number | null;
}

export class WorkspaceRecorder {
  /** The views the text holds as they are (opened from it, or written with it). */
  private written = new WeakSet<Endpoint>();
  private writtenMeta: DocumentMeta | undefined;
  private writtenSchemas: Record<string, Schema> | undefined;
  /** The text adopted last, while the store has no record of it. */
  private text = '';
  /** The output editor's text last sent (a new core gets it again). */
  private lastOutput: string | undefined;
  /** A project's: the server revision the form is based on (null: the browser's own). */
  private baseRevision: number | null = null;

  private source: RecordSource = {
    endpoints: () => [],
    isCollapsed: () => false,
    meta: () => newDocumentMeta(),
    schemas: () => ({}),
    readOutput: () => Promise.resolve(undefined),
    outputNow: () => undefined,
    keep: () => Promise.resolve({ revision: undefined, stored: undefined }),
  };
  /**
   * The browser's own workspace, kept by the document's core: the record it stored last, when
   * its text is the one `written` refers to (undefined: the text adopted last is not stored yet).
   */
  private kept: KeptByCore | undefined;
  /** The output editor changed since its text was last sent to the core. */
  private outputDirty = false;
  /**
   * The output editor shows the text the core answered last (Generate): the next record says so
   * instead of carrying the editor's text, which for a 13 MB document was read out of Monaco in
   * slices and cloned to the worker in one task.
   */
  private outputShown = false;
  /** The keeper that answered the last write (a new one has not got the output sent before). */
  private keeper: string | undefined;
  /** The collapsed panels' ids the core got last (undefined: send them next time). */
  private sentCollapsed: string[] | undefined;
  /** The form's view state as the record stored last holds it (JSON), to tell a change. */
  private keptView: string | undefined;
  /** A new core answered the last write: the next one, with the output, should follow soon. */
  resend = false;

  /** What records are built from (the page connects it once mounted). */
  connect(source: RecordSource): void {
    this.source = source;
  }

  /**
   * The text and its views are what the form starts from (a restore, a Load, a project shown):
   * the views, meta and schemas passed are the ones the text holds.
   */
  adopt(
    text: string,
    views: readonly Endpoint[],
    meta: DocumentMeta | undefined,
    schemas: Record<string, Schema> | undefined,
  ): void {
    this.text = text;
    this.written = new WeakSet(views);
    this.writtenMeta = meta;
    this.writtenSchemas = schemas;
    this.lastOutput = undefined;
    this.kept = undefined;
    this.sentCollapsed = undefined;
    this.keptView = undefined;
    this.keeper = undefined;
  }

  /** The record of the text adopted last is the store's (a restore): its `savedAt`. */
  adoptStored(savedAt: number, textLength: number): void {
    this.kept = { savedAt, textLength, baseRevision: this.baseRevision };
  }

  /**
   * A project's form is based on the server's `revision` (null: the browser's own), and so is
   * the record stored last (the core rebases it when the server moves on: RecordKeeper.sent).
   */
  basedOn(revision: number | null): void {
    this.baseRevision = revision;
    if (this.kept !== undefined && this.kept.baseRevision !== null) {
      this.kept = { ...this.kept, baseRevision: revision };
    }
  }

  /** The output editor changed: its text goes to the core with the next record. */
  outputChanged(): void {
    this.outputDirty = true;
    this.outputShown = false;
  }

  /** The output editor now holds exactly the text the core answered with its last batch. */
  outputShowsAnswer(): void {
    this.outputDirty = false;
    this.outputShown = true;
  }

  /**
   * The browser's own workspace: the core stores the record (the text never crosses to the
   * page). The views synced for it are those its text holds when it took the form's text then.
   */
  async keep(): Promise<StoredRecord | undefined> {
    const endpoints = this.source.endpoints();
    const meta = this.source.meta();
    const schemas = this.source.schemas();
    const collapsedIds = endpoints
      .filter((endpoint) => this.source.isCollapsed(endpoint.id))
      .map((endpoint) => endpoint.id);
    // The panels go only when they changed since the core last got them (1,223 ids of a large
    // document are 30 KB a pause).
    const sentCollapsed = this.sentCollapsed;
    const view: PageView =
      sentCollapsed !== undefined && sameIds(sentCollapsed, collapsedIds)
        ? {}
        : { collapsed: collapsedIds };
    const shown = this.outputShown;
    if (shown) {
      // Present and undefined: the core's record takes the text it answered (record-keeper.ts).
      this.outputShown = false;
      view.output = undefined;
      this.lastOutput = undefined;
    } else if (this.outputDirty) {
      this.outputDirty = false;
      const output = await this.source.readOutput();
      if (output !== undefined) {
        view.output = output;
        this.lastOutput = output;
      }
    }
    const notSent = () => {
      if (view.output !== undefined) this.outputDirty = true;
      else if (shown && !this.outputDirty) this.outputShown = true;
    };
    let answer: Awaited<ReturnType<RecordSource['keep']>>;
    try {
      answer = await this.source.keep(endpoints, view);
    } catch (failure) {
      notSent();
      this.sentCollapsed = undefined;
      throw failure;
    }
    const { revision, stored } = answer;
    if (stored === undefined) {
      notSent();
      this.sentCollapsed = undefined;
      return undefined;
    }
    this.sentCollapsed = collapsedIds;
    if (stored.current && stored.revision === revision) {
      this.written = new WeakSet(endpoints);
      // Read back from the worker meanwhile (adoptMeta): the text holds that one too.
      if (this.source.meta() === meta) this.writtenMeta = meta;
      if (this.source.schemas() === schemas) this.writtenSchemas = schemas;
      this.text = '';
    }
    // The form as this record holds it: leaving with the form still so journals nothing.
    const collapsed = new Set(collapsedIds);
    this.keptView = JSON.stringify(
      this.viewOf(endpoints, meta, schemas, (id) => collapsed.has(id)),
    );
    // The stored text is the one `written` refers to: the core's text changes only when it takes
    // the form's (current) or opens one (the page adopts it then).
    this.kept = {
      savedAt: stored.savedAt,
      textLength: stored.textLength,
      baseRevision: stored.baseRevision,
    };
    if (this.keeper !== undefined && stored.keeper !== this.keeper) {
      // A new core (the worker restarted): what it was not sent this time goes again next time.
      if (view.collapsed === undefined) {
        this.sentCollapsed = undefined;
        this.resend = true;
      }
      if (this.lastOutput !== undefined && view.output === undefined) {
        this.outputDirty = true;
        this.resend = true;
      }
    }
    this.keeper = stored.keeper;
    return stored;
  }

  /**
   * The journal's entry for the browser's own workspace, leaving the page (nothing async
   * finishes): the form's drafts over the store's record, or over the adopted text itself while
   * the store has not got it. `output`: the editor's text, read only when it changed since it was
   * last sent. Undefined when no entry can say it (the store's record then is all there is).
   */
  journalNow(since?: JournalCommands): KeptJournal | undefined {
    const output = this.outputDirty ? this.source.outputNow() : undefined;
    const kept = this.kept;
    const base = kept === undefined ? this.text : undefined;
    const viewState = this.viewOf(
      this.source.endpoints(),
      this.source.meta(),
      this.source.schemas(),
      (id) => this.source.isCollapsed(id),
    );
    // Nothing since the record stored last: the store's record is all there is to keep.
    if (kept !== undefined && output === undefined && JSON.stringify(viewState) === this.keptView) {
      return undefined;
    }
    if (output !== undefined) {
      // The editor's text as a whole: the page does not hold the core's text to diff it with.
      viewState.output = { start: 0, end: kept?.textLength ?? base?.length ?? 0, text: output };
    }
    const entry: KeptJournal =
      kept === undefined
        ? { viewState, text: base ?? '', outputOfBase: output === undefined }
        : { viewState, base: kept.savedAt, outputOfBase: output === undefined };
    const revision = kept === undefined ? this.baseRevision : kept.baseRevision;
    if (revision !== null) entry.baseRevision = revision;
    if (kept !== undefined && since !== undefined && since.base === kept.savedAt) {
      const endpoints = this.source.endpoints();
      entry.commands = {
        ...since,
        collapsed: endpoints
          .filter((endpoint) => this.source.isCollapsed(endpoint.id))
          .map((endpoint) => endpoint.id),
      };
    }
    return entry;
  }

  /** The document panel or schemas the text holds changed without an edit (read back). */
  adoptMeta(meta: DocumentMeta | undefined, schemas?: Record<string, Schema>): void {
    if (meta !== undefined) this.writtenMeta = meta;
    if (schemas !== undefined) this.writtenSchemas = schemas;
  }

  /** The view state of the form as it is, over the text `written` refers to (no output). */
  private viewOf(
    endpoints: Endpoint[],
    meta: DocumentMeta,
    schemas: Record<string, Schema>,
    isCollapsed: (id: string) => boolean,
  ): WorkspaceViewState {
    // The text's views by the id opening it gives them, the drafts by their own. The order is
    // always kept: the text groups a path's operations, the form need not.
    const keys = endpoints.map((endpoint) =>
      this.written.has(endpoint) ? viewKey(endpoint) : endpoint.id,
    );
    const form: FormDrafts = {
      order: keys,
      drafts: endpoints.filter((endpoint) => !this.written.has(endpoint)),
    };
    if (meta !== this.writtenMeta) form.meta = meta;
    if (schemas !== this.writtenSchemas) form.schemas = schemas;
    const viewState: WorkspaceViewState = { v: 2, form };
    const collapsed = endpoints
      .map((endpoint, i) => (isCollapsed(endpoint.id) ? keys[i] : undefined))
      .filter((key): key is string => key !== undefined);
    viewState.collapsed = collapsed;
    return viewState;
  }
}

/** The same ids in the same order. */
function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
