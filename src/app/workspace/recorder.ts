/**
 * Builds a workspace's record from the page: the document text the worker's
 * session writes for the form as it is now, and the small view state beside it (collapsed
 * panels, the output editor's change to the text, the drafts the text cannot hold yet). The
 * browser's own workspace puts it in the one store; a project's page hands it to project sync,
 * which pushes exactly that (and keeps it in the same store while the server has not got it).
 *
 * What the text holds is known by identity: the views written with the last text (or opened
 * from it) are in `written`; any other view of the form is a draft, kept whole in the view
 * state until a text holds it. No task walks the form: the text comes from the worker, a large
 * one goes to IndexedDB as a Blob made in slices, and the output editor is read in slices.
 */
import type { Endpoint, Schema } from '../../shared/openapi';
import { newDocumentMeta, type DocumentMeta } from '../../shared/openapi/document/meta';
import { outputChange } from '../../shared/projects';
import { blobInSlices } from '../util/slices';
import { viewKey, type FormDrafts, type WorkspaceViewState } from './view-state';

/** Texts longer than this are put as a Blob made in slices (no task clones megabytes). */
const BLOB_ABOVE_CHARS = 256 * 1024;

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
  private readonly textBlobs = new BlobCache();
  private readonly outputBlobs = new BlobCache();
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
  };

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

  /** The text as IndexedDB should take it: a Blob made in slices when large. */
  storedText(text: string): Promise<string | Blob> {
    return this.textBlobs.of(text);
  }

  /** {@link storedText} at once: the Blob when it is made already, else the string. */
  storedTextNow(text: string): string | Blob {
    return this.textBlobs.now(text);
  }

  /**
   * The output change's text as IndexedDB should take it: a Blob made in slices
   * when large. A pasted 13 MB document is all change (the text is still the starter's): putting
   * it as a string cloned it in one task of 150–750 ms.
   */
  storedOutput(viewState: WorkspaceViewState): Promise<string | Blob | undefined> {
    const text = viewState.output?.text;
    return text === undefined ? Promise.resolve(undefined) : this.outputBlobs.of(text);
  }

  /** {@link storedOutput} at once: the Blob when it is made already, else the string. */
  storedOutputNow(viewState: WorkspaceViewState): string | Blob | undefined {
    const text = viewState.output?.text;
    return text === undefined ? undefined : this.outputBlobs.now(text);
  }

  private finish(
    endpoints: Endpoint[],
    meta: DocumentMeta,
    schemas: Record<string, Schema>,
    output: string | undefined,
  ): BuiltRecord {
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
    const change = this.changeOfOutput(output);
    if (change !== undefined) viewState.output = change;
    this.last = { text: this.text, viewState };
    return this.last;
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

/** Blobs made in slices of the last large text asked for (the same text is not made again). */
class BlobCache {
  private made: { text: string; value: Promise<Blob | undefined> } | undefined;
  private ready: { text: string; value: Blob } | undefined;

  /** `text` as IndexedDB should take it: a Blob made in slices when large. */
  async of(text: string): Promise<string | Blob> {
    if (text.length <= BLOB_ABOVE_CHARS) return text;
    if (this.made?.text !== text) this.made = { text, value: blobInSlices(text) };
    const blob = await this.made.value;
    if (blob === undefined) return text;
    this.ready = { text, value: blob };
    return blob;
  }

  /** {@link of} at once: the Blob when it is made already, else the string. */
  now(text: string): string | Blob {
    return this.ready?.text === text ? this.ready.value : text;
  }
}
