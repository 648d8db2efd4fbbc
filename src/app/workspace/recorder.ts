/**
 * The page's side of a workspace's record.
 * - The browser's own workspace is kept by the document's core (src/shared/workspace/
 *   record-keeper.ts): after a pause the form is synced and the core stores the record, the text
 *   never crossing to the page ({@link WorkspaceRecorder.keep}). The page sends only what it
 *   alone knows (collapsed panels, the output editor's text when it changed) and keeps track of
 *   which of its views the stored text holds, so that leaving the page journals the rest as
 *   drafts over the stored record ({@link WorkspaceRecorder.journalNow}).
 * - A project's record is built here (the text asked of the worker) and handed to project sync,
 *   which pushes exactly that (and keeps it in the same store while the server has not got it).
 *
 * What a text holds is known by identity: the views written with it (or opened from it) are in
 * `written`; any other view of the form is a draft, kept whole in the view state until a text
 * holds it. No task walks the form, and the output editor is read in slices.
 */
import type { Endpoint, Schema } from '../../shared/openapi';
import { newDocumentMeta, type DocumentMeta } from '../../shared/openapi/document/meta';
import { outputChange } from '../../shared/projects';
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
}

/** What a record is built from: the page's state and the worker's text. */
export interface RecordSource {
  endpoints(): Endpoint[];
  /** Changes whenever the form, the document panel or the schemas change (not the output). */
  version(): string;
  isCollapsed(id: string): boolean;
  meta(): DocumentMeta;
  schemas(): Record<string, Schema>;
  /**
   * The session's text for `endpoints` (the form synced to the worker), or undefined when the
   * form cannot be written as it is (a problem blocks generation).
   */
  write(endpoints: Endpoint[]): Promise<string | undefined>;
  /** The output editor's text, read in slices; undefined while there is no editor. */
  readOutput(): Promise<string | undefined>;
  /** The output editor's text in one task (leaving the page); undefined without an editor. */
  outputNow(): string | undefined;
  /**
   * The browser's own workspace: syncs `endpoints` to the worker's document, whose core then
   * stores the record with `view` as the page's part; answers the sync's revision and what was
   * stored (undefined: nothing).
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
}

/** A record as built: the text as a string (compared, pushed) and the view state. */
export interface BuiltRecord {
  text: string;
  viewState: WorkspaceViewState;
}

export class WorkspaceRecorder {
  /** The views the text holds as they are (opened from it, or written with it). */
  private written = new WeakSet<Endpoint>();
  private writtenMeta: DocumentMeta | undefined;
  private writtenSchemas: Record<string, Schema> | undefined;
  private text = '';
  private lastOutput: string | undefined;
  /** The form's version last written (or found not writable): an output edit writes nothing. */
  private triedVersion: string | undefined;
  private last: BuiltRecord | undefined;

  private source: RecordSource = {
    endpoints: () => [],
    version: () => '',
    isCollapsed: () => false,
    meta: () => newDocumentMeta(),
    schemas: () => ({}),
    write: () => Promise.resolve(undefined),
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
    this.triedVersion = undefined;
    this.writtenMeta = meta;
    this.writtenSchemas = schemas;
    this.lastOutput = undefined;
    this.kept = undefined;
    this.keeper = undefined;
  }

  /** The record of the text adopted last is the store's (a restore): its `savedAt`. */
  adoptStored(savedAt: number, textLength: number): void {
    this.kept = { savedAt, textLength };
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
    const view: PageView = {
      collapsed: endpoints
        .filter((endpoint) => this.source.isCollapsed(endpoint.id))
        .map((endpoint) => endpoint.id),
    };
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
      throw failure;
    }
    const { revision, stored } = answer;
    if (stored === undefined) {
      notSent();
      return undefined;
    }
    if (stored.current && stored.revision === revision) {
      this.written = new WeakSet(endpoints);
      this.writtenMeta = meta;
      this.writtenSchemas = schemas;
      this.text = '';
    }
    // The stored text is the one `written` refers to: the core's text changes only when it takes
    // the form's (current) or opens one (the page adopts it then).
    this.kept = { savedAt: stored.savedAt, textLength: stored.textLength };
    if (this.keeper !== undefined && stored.keeper !== this.keeper && view.output === undefined) {
      // A new core (the worker restarted): the output editor's text goes again next time.
      if (this.lastOutput !== undefined) {
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
  journalNow(): KeptJournal | undefined {
    const output = this.outputDirty ? this.source.outputNow() : undefined;
    const kept = this.kept;
    const base = kept === undefined ? this.text : undefined;
    const viewState = this.viewOf(
      this.source.endpoints(),
      this.source.meta(),
      this.source.schemas(),
    );
    if (output !== undefined) {
      // The editor's text as a whole: the page does not hold the core's text to diff it with.
      viewState.output = { start: 0, end: kept?.textLength ?? base?.length ?? 0, text: output };
    }
    return kept === undefined
      ? { viewState, text: base ?? '', outputOfBase: output === undefined }
      : { viewState, base: kept.savedAt, outputOfBase: output === undefined };
  }

  /** The document panel or schemas the text holds changed without an edit (read back). */
  adoptMeta(meta: DocumentMeta | undefined, schemas?: Record<string, Schema>): void {
    if (meta !== undefined) this.writtenMeta = meta;
    if (schemas !== undefined) this.writtenSchemas = schemas;
  }

  /** The last record built (what a project pushes), if any. */
  get latest(): BuiltRecord | undefined {
    return this.last;
  }

  /** Builds the record as the page is now, the text written by the worker when it can be. */
  async build(): Promise<BuiltRecord> {
    const endpoints = this.source.endpoints();
    const meta = this.source.meta();
    const schemas = this.source.schemas();
    const version = this.source.version();
    const text =
      endpoints.length > 0 && version !== this.triedVersion
        ? await this.source.write(endpoints)
        : undefined;
    this.triedVersion = version;
    if (text !== undefined) {
      this.text = text;
      this.written = new WeakSet(endpoints);
      this.writtenMeta = meta;
      this.writtenSchemas = schemas;
    }
    const output = await this.source.readOutput();
    return this.finish(endpoints, meta, schemas, output);
  }

  /**
   * Builds the record now, without a new text (leaving the page: nothing async finishes; a
   * record just shown). `output`: the output editor's text when the caller knows it.
   */
  buildNow(output: string | undefined = this.source.outputNow()): BuiltRecord {
    return this.finish(this.source.endpoints(), this.source.meta(), this.source.schemas(), output);
  }

  private finish(
    endpoints: Endpoint[],
    meta: DocumentMeta,
    schemas: Record<string, Schema>,
    output: string | undefined,
  ): BuiltRecord {
    const viewState = this.viewOf(endpoints, meta, schemas);
    const change = this.changeOfOutput(output);
    if (change !== undefined) viewState.output = change;
    this.last = { text: this.text, viewState };
    return this.last;
  }

  /** The view state of the form as it is, over the text `written` refers to (no output). */
  private viewOf(
    endpoints: Endpoint[],
    meta: DocumentMeta,
    schemas: Record<string, Schema>,
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
      .map((endpoint, i) => (this.source.isCollapsed(endpoint.id) ? keys[i] : undefined))
      .filter((key): key is string => key !== undefined);
    viewState.collapsed = collapsed;
    return viewState;
  }

  /** The output editor's change to the text (kept from the last build while there is no editor). */
  private changeOfOutput(output: string | undefined): WorkspaceViewState['output'] {
    if (output === undefined) {
      const kept = this.lastOutput;
      return kept === undefined ? undefined : outputChange(this.text, kept);
    }
    this.lastOutput = output;
    return outputChange(this.text, output);
  }
}
