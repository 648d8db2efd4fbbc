/**
 * The workspace record as the document worker keeps it: after each batch of
 * commands the worker knows the document's text, its views and whether the form can be written,
 * so it builds the record `{ text, viewState, baseRevision }` itself and writes it (debounced),
 * and the text never has to cross to the page to be stored or uploaded.
 *
 * What the text holds is known by identity: the views of the last text written (or opened) are
 * in `written`; any other view is a draft, kept whole in the view state until a text holds it. The page owns what only the screen knows (the collapsed
 * panels, and the output editor's own text when the user changed it by hand) and sends it when
 * it changes ({@link RecordKeeper.setView}).
 */
import type { DocumentSession, Endpoint, Schema } from '../openapi';
import { stableId } from '../openapi/read-openapi';
import type { DocumentMeta } from '../openapi/document/meta';
import { outputChange, type OutputChange } from '../projects';
import type { WorkspaceRecord, WorkspaceStore } from './workspace-store';

/** Quiet time after a batch or a view change before the record is written. */
export const KEEP_DEBOUNCE_MS = 400;

/** Texts longer than this are stored as a Blob (the page reads it back without a clone). */
const BLOB_ABOVE_CHARS = 256 * 1024;

/** The form's part of the view state: its order by key and what the text does not hold. */
export interface KeptForm {
  order: string[];
  drafts: Endpoint[];
  meta?: DocumentMeta;
  schemas?: Record<string, Schema>;
}

/** The view state of a record (src/app/workspace/view-state.ts reads it). */
export interface KeptViewState {
  v: 2;
  output?: OutputChange;
  collapsed?: string[];
  form?: KeptForm;
  /**
   * The views of the text whose id in the session is not their key (a path edited since the
   * text was opened, an endpoint added and written since): key → id. Opening the text with it
   * gives them their ids again, so the commands made after the record address them.
   */
  ids?: Record<string, string>;
}

/** Where records go: the one store (IndexedDB in the worker; the page's store in the fallback). */
export type RecordSink = Pick<WorkspaceStore, 'put'>;

/** Which workspace the open document is, named by the page once it shows it. */
export interface RecordTarget {
  /** `local` or `project:<id>`. */
  name: string;
  /** The server revision a project's record is based on; null outside a project. */
  baseRevision: number | null;
  /** A project's record the server has not got yet. */
  pending?: boolean;
}

/** What only the page knows, sent when it changes. */
export interface PageView {
  /** Ids of the panels shown collapsed; absent: as last sent. */
  collapsed?: string[];
  /**
   * The output editor's text when the user changed it by hand; undefined while it shows the
   * text the worker last gave it.
   */
  output?: string;
}

/** The key of a view the text holds: the id opening the text gives it. */
export function viewKey(endpoint: Endpoint): string {
  return stableId(
    endpoint.webhook === true ? 'webhook' : 'endpoint',
    endpoint.path,
    endpoint.method,
  );
}

export interface KeeperOptions {
  debounceMs?: number;
  now?: () => number;
  /**
   * Whether a batch or a view change schedules a write by itself (default true). The page turns
   * it off when it asks for each write ({@link RecordKeeper.flush}) after its own pause: it then
   * knows which record its journal's commands build on.
   */
  auto?: boolean;
}

/** What a write stored, as the page learns it ({@link RecordKeeper.flushed}). */
export interface StoredRecord {
  savedAt: number;
  /** The document's revision when the record was built. */
  revision: number;
  /** Whether the record's text is the document's at that revision (else an older text). */
  current: boolean;
  /** The length of the record's text (a journal's output change spans it). */
  textLength: number;
  /**
   * Which keeper wrote it: another than last time is a new core (a restarted worker), which has
   * not got what the page sent before (the output editor's text).
   */
  keeper: string;
  /** A project's record: the server revision it is based on (null outside a project). */
  baseRevision: number | null;
}

/** Builds and writes the open document's workspace record (see the module comment). */
export class RecordKeeper {
  private text = '';
  private written = new WeakSet<Endpoint>();
  private writtenMeta: DocumentMeta | undefined;
  private writtenSchemas: Record<string, Schema> | undefined;
  /** The revision of the last batch after which the form could be written (rendered lazily). */
  private writable: number | undefined;
  /** The revision the record's text was taken at (undefined: the text as opened). */
  private textRevision: number | undefined;
  /** The text last given to the page for the output editor. */
  private shownText: string | undefined;
  private view: { collapsed: string[]; output?: string } = { collapsed: [] };
  private session: DocumentSession | undefined;
  private where: RecordTarget | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();
  private last: { record: WorkspaceRecord; text: string } | undefined;
  /** The revision the last record stored (or found unchanged) was built at. */
  private lastAt: { revision: number; current: boolean } | undefined;
  /** Settles when the record written next is stored (the page says "Saved" then). */
  private waiters: ((record: WorkspaceRecord | undefined) => void)[] = [];

  /** This keeper, among those of other cores ({@link StoredRecord.keeper}). */
  private readonly id = Math.random().toString(36).slice(2);

  constructor(
    private readonly sink: RecordSink,
    private readonly options: KeeperOptions = {},
  ) {}

  /** The page names the workspace (undefined: write nothing, e.g. while another tab holds it). */
  target(target: RecordTarget | undefined): void {
    this.where = target;
    if (target === undefined) clearTimeout(this.timer);
  }

  /** A text became the document (opened, loaded, adopted): its views are what it holds. */
  opened(session: DocumentSession, text: string): void {
    this.session = session;
    this.text = text;
    const doc = session.document;
    this.written = new WeakSet(doc?.endpoints ?? []);
    this.writtenMeta = doc?.meta;
    this.writtenSchemas = doc?.schemas;
    this.shownText = undefined;
    this.writable = undefined;
    this.textRevision = session.revision;
    this.last = undefined;
    this.lastAt = undefined;
  }

  /**
   * After a batch: a write soon, with the form's text when it can be written (`canGenerate`).
   * The text is rendered when the record is written, not per batch (typing stays one small
   * splice). `shown`: the text the batch answered for the page's output editor.
   */
  batch(session: DocumentSession, canGenerate: boolean, shown?: string): void {
    this.session = session;
    this.writable = canGenerate ? session.revision : undefined;
    if (shown !== undefined) this.shownText = shown;
    this.schedule();
  }

  /** Takes the form's text when the document is still at a revision that can be written. */
  private takeText(): void {
    const session = this.session;
    const doc = session?.document;
    if (session === undefined || doc === undefined || this.writable !== session.revision) return;
    if (doc.endpoints.length === 0) return;
    this.text = session.text().text;
    this.textRevision = session.revision;
    this.written = new WeakSet(doc.endpoints);
    this.writtenMeta = doc.meta;
    this.writtenSchemas = doc.schemas;
  }

  /**
   * The page's part changed (collapsed panels, the output editor's own text). The page sends
   * each only when it changed: a view without `collapsed` keeps the panels last sent, one
   * without the `output` key keeps the output last sent; with `output: undefined` the editor
   * shows the worker's text again.
   */
  setView(view: PageView): void {
    const next: { collapsed: string[]; output?: string } = {
      collapsed: view.collapsed ?? this.view.collapsed,
    };
    const output = 'output' in view ? view.output : this.view.output;
    if (output !== undefined) next.output = output;
    this.view = next;
    this.schedule();
  }

  /** The record as the document and the page's part are now. */
  build(): WorkspaceRecord | undefined {
    const target = this.where;
    if (target === undefined) return undefined;
    this.takeText();
    const doc = this.session?.document;
    const endpoints = doc?.endpoints ?? [];
    const keys = endpoints.map((endpoint) =>
      this.written.has(endpoint) ? viewKey(endpoint) : endpoint.id,
    );
    const form: KeptForm = {
      order: keys,
      drafts: endpoints.filter((endpoint) => !this.written.has(endpoint)),
    };
    if (doc !== undefined && doc.meta !== this.writtenMeta) form.meta = doc.meta;
    if (doc !== undefined && doc.schemas !== this.writtenSchemas) form.schemas = doc.schemas;
    const collapsedIds = new Set(this.view.collapsed);
    const viewState: KeptViewState = {
      v: 2,
      form,
      collapsed: endpoints
        .map((endpoint, i) => (collapsedIds.has(endpoint.id) ? keys[i] : undefined))
        .filter((key): key is string => key !== undefined),
    };
    const ids: Record<string, string> = {};
    let renamed = false;
    endpoints.forEach((endpoint, i) => {
      const key = keys[i] as string;
      if (key === endpoint.id) return;
      ids[key] = endpoint.id;
      renamed = true;
    });
    if (renamed) viewState.ids = ids;
    const output = this.view.output ?? this.shownText;
    const change = output === undefined ? undefined : outputChange(this.text, output);
    if (change !== undefined) viewState.output = change;
    const record: WorkspaceRecord = {
      text: this.text,
      viewState,
      baseRevision: target.baseRevision,
      // Records are told apart by it (project sync): never the same twice from one keeper.
      savedAt: Math.max((this.options.now ?? Date.now)(), (this.last?.record.savedAt ?? 0) + 1),
    };
    if (target.pending === true) record.pending = true;
    return record;
  }

  /** The text of the last record written (a project's upload body is built from it). */
  get latest(): { record: WorkspaceRecord; text: string } | undefined {
    return this.last;
  }

  /** Writes the record now (leaving, a project save); answers it once stored. */
  flush(): Promise<WorkspaceRecord | undefined> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const done = new Promise<WorkspaceRecord | undefined>((resolve) => this.waiters.push(resolve));
    this.writing = this.writing.then(() => this.write());
    return done;
  }

  /**
   * {@link flush}, answered as the page learns it: when it was stored, at which revision, and
   * whether the stored text is the document's at that revision.
   */
  async flushed(): Promise<StoredRecord | undefined> {
    const record = await this.flush();
    const last = this.last;
    const at = this.lastAt;
    if (record === undefined || last === undefined || at === undefined) return undefined;
    return {
      savedAt: record.savedAt,
      ...at,
      textLength: last.text.length,
      keeper: this.id,
      baseRevision: last.record.baseRevision,
    };
  }

  /**
   * A project's server is at `revision` now, and has the record stored at `sentSavedAt` when
   * given (a save of it, or the record written right after showing the server's version): the
   * records written from now on are based on it, and so is the record stored last, which is no
   * longer pending when it is the one the server has. Answers once that is stored.
   */
  sent(revision: number, sentSavedAt?: number): Promise<void> {
    if (this.where !== undefined && this.where.baseRevision !== null) {
      this.where = { ...this.where, baseRevision: revision };
    }
    const done = this.writing.then(async () => {
      const last = this.last;
      const target = this.where;
      if (last === undefined || target === undefined || last.record.baseRevision === null) return;
      const pending = last.record.savedAt === sentSavedAt ? false : last.record.pending === true;
      if (last.record.baseRevision === revision && (last.record.pending === true) === pending) {
        return;
      }
      const record: WorkspaceRecord = { ...last.record, baseRevision: revision };
      if (pending) record.pending = true;
      else delete record.pending;
      try {
        await this.sink.put(target.name, record);
        this.last = { record, text: last.text };
      } catch (error) {
        console.warn('The workspace record was not written', error);
      }
    });
    this.writing = done;
    return done;
  }

  private schedule(): void {
    if (this.where === undefined || this.options.auto === false) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.options.debounceMs ?? KEEP_DEBOUNCE_MS);
  }

  private async write(): Promise<void> {
    const waiters = this.waiters;
    this.waiters = [];
    const target = this.where;
    const record = this.build();
    const revision = this.session?.revision;
    const at =
      revision === undefined ? undefined : { revision, current: this.textRevision === revision };
    if (target === undefined || record === undefined || this.same(record)) {
      if (record !== undefined && this.last !== undefined) this.lastAt = at;
      for (const resolve of waiters) resolve(this.last?.record);
      return;
    }
    if (at !== undefined) record.built = { keeper: this.id, revision: at.revision };
    const text = record.text as string;
    const stored: WorkspaceRecord =
      text.length > BLOB_ABOVE_CHARS
        ? { ...record, text: new Blob([text], { type: 'text/plain;charset=utf-8' }) }
        : record;
    try {
      await this.sink.put(target.name, stored);
      this.last = { record: stored, text };
      this.lastAt = at;
      for (const resolve of waiters) resolve(stored);
    } catch (error) {
      console.warn('The workspace record was not written', error);
      for (const resolve of waiters) resolve(undefined);
    }
  }

  /** The same text and view state as the record written last (nothing to write). */
  private same(record: WorkspaceRecord): boolean {
    const last = this.last;
    if (last === undefined || last.text !== record.text) return false;
    // Whether the server has it is not a change: the record stored last says so (see sent).
    if (last.record.baseRevision !== record.baseRevision) return false;
    return JSON.stringify(last.record.viewState) === JSON.stringify(record.viewState);
  }
}
