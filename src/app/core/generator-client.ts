/**
 * The only module of the app that talks to the generator worker (src/worker). It starts the
 * worker lazily, lets the latest validation win while the user types, drops the answer of an
 * aborted or superseded call (the worker and its open document stay), terminates the worker only
 * when the user cancels a long job (the next call starts a fresh one), shuts it down when idle,
 * and falls
 * back to calling src/shared on the main thread where `Worker` does not exist (tests).
 */
import { wrap, releaseProxy, transfer, type Remote } from 'comlink';
import type {
  ApplyAnswer,
  BodyModel,
  DocumentCommand,
  DocumentInfo,
  DocumentMeta,
  DocumentSummary,
  Endpoint,
  EndpointExampleProblem,
  EndpointIssue,
  ErrorInfo,
  ImportWarning,
  Schema,
  UpgradeTarget,
  ValidationReport,
} from '../../shared/openapi';
import type { PreviewRequest } from '../../shared/openapi/document/preview-part';
import { projectBody, type ProjectBodyFields } from '../../shared/projects';
import type {
  PageView,
  RecordSink,
  RecordTarget,
  StoredRecord,
} from '../../shared/workspace/record-keeper';
import type { GeneratorApi, Result } from '../../worker/index';
import { carriesView, planSync, type SessionMirror } from './document-sync';
import type { EndpointCommand, MetaCommand } from '../../shared/openapi';
import { JobClient, type JobArgs, type JobMethod, type JobValue } from './job-client';

export type { DocumentSummary, ImportWarning, Result };

/** A loaded document: its summary and every endpoint view. */
export interface ParsedDocument extends DocumentSummary {
  endpoints: Endpoint[];
}

/** The worker API (src/worker), as the app uses it; the main-thread fallback is the same object. */
export type CoreApi = GeneratorApi;

type Method = keyof CoreApi;
type Args<M extends Method> = Parameters<CoreApi[M]>;
type Value<M extends Method> = ReturnType<CoreApi[M]> extends Result<infer T> ? T : never;

/** A call that failed inside the core; `code` is the core's stable error code. */
export class CoreCallError extends Error {
  override readonly name = 'CoreCallError';
  constructor(readonly info: ErrorInfo) {
    super(info.message);
  }
  get code(): ErrorInfo['code'] {
    return this.info.code;
  }
}

/** A document's text, or a Blob of it (read back from IndexedDB). */
export type DocumentSource = string | Blob;

/** Whether there is a document text (a non-empty string, or a Blob). */
function isSource(source: DocumentSource | undefined): source is DocumentSource {
  return typeof source === 'string' ? source !== '' : source !== undefined;
}

/** Endpoint views per message to or from the worker: each clone stays far below a frame. */
export const VIEWS_PER_MESSAGE = 24;

/** Upload bodies from this many characters are built by the worker (see uploadBody). */
const UPLOAD_BODY_IN_WORKER_FROM = 256 * 1024;

/** Idle time before the worker is terminated (never while it holds an open document). */
const IDLE_SHUTDOWN_MS = 60_000;

export interface CallOptions {
  signal?: AbortSignal;
  /** Long jobs (render, open) report how many endpoints of how many are through. */
  onProgress?: (done: number, total: number) => void;
}

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

/** Whether an error is the rejection of an aborted or superseded call. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

type Backend = { call<M extends Method>(method: M, args: Args<M>): Promise<Result<Value<M>>> };

/**
 * Runs the core on the main thread (where workers are missing): the worker's own API object, its
 * record kept in `sink` (the page's store).
 */
async function createLocalBackend(sink: RecordSink): Promise<Backend> {
  const { createCoreApi } = await import('../../shared/openapi/core-api');
  const { RecordKeeper } = await import('../../shared/workspace/record-keeper');
  const { keeperApi } = await import('../../shared/workspace/keeper-api');
  const keeper = new RecordKeeper(sink, { auto: false });
  // The core's and the keeper's methods; what only a worker adds (uploadBody) the client does
  // here itself.
  const local = { ...createCoreApi(keeper), ...keeperApi(keeper) } as unknown as Record<
    Method,
    (...a: unknown[]) => Result<Value<Method>>
  >;
  return {
    call: (method, args) => Promise.resolve(local[method](...args) as Result<Value<typeof method>>),
  };
}

/** The calls of a worker's API, as a {@link Backend}. */
function remoteBackend(remote: Remote<GeneratorApi>): Backend {
  const methods = remote as unknown as Record<
    Method,
    (...args: unknown[]) => Promise<Result<unknown>>
  >;
  return {
    call: (method, args) => methods[method](...args) as Promise<Result<Value<typeof method>>>,
  };
}

/** A core of its own (see GeneratorClient.openNow): its calls, its worker, the way to stop it. */
interface Core {
  backend: Backend;
  worker?: Worker;
  remote?: Remote<GeneratorApi>;
  stop: () => void;
}

/** A document opened in a core of its own, not yet the open document. */
interface Candidate {
  core: Core;
  source: DocumentSource;
  endpoints: Endpoint[];
}

/** One call on a core of its own: an abort rejects at once (the caller stops the core). */
function callCore<M extends Method>(
  core: Core,
  method: M,
  args: Args<M>,
  signal: AbortSignal | undefined,
): Promise<Value<M>> {
  return new Promise<Value<M>>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const onAbort = () => reject(abortError());
    signal?.addEventListener('abort', onAbort, { once: true });
    core.backend.call(method, args).then(
      (result) => {
        signal?.removeEventListener('abort', onAbort);
        if (result.ok) resolve(result.value);
        else reject(new CoreCallError(result.error));
      },
      (error: unknown) => {
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

export interface GeneratorClientOptions {
  /** Creates the worker; undefined means "no Worker here" and selects the main-thread fallback. */
  createWorker?: (() => Worker) | undefined;
  /** Creates a job worker (job-client.ts); by default as `createWorker` chooses (none: none). */
  createJobWorker?: (() => Worker) | undefined;
  idleMs?: number;
}

function defaultCreateWorker(): (() => Worker) | undefined {
  if (typeof Worker === 'undefined') return undefined;
  return () =>
    new Worker(new URL('../../worker/index.ts', import.meta.url), {
      type: 'module',
      name: 'specform-generator',
    });
}

/**
 * An edit made by command on the page, waiting for the next sync (see GeneratorClient.queue),
 * with what it was made on and what it made: the worker takes it as it is when it holds the
 * former.
 */
type QueuedEdit = { seq: number } & QueuedCommand;

/** A command the page applied to its cache, as the client queues it. */
export type QueuedCommand =
  | { command: EndpointCommand; before: Endpoint; after: Endpoint }
  | { command: MetaCommand; before: DocumentMeta; after: DocumentMeta }
  | { command: Extract<DocumentCommand, { kind: 'addEndpoint' }>; after: Endpoint }
  | { command: Extract<DocumentCommand, { kind: 'removeEndpoint' }> };

/**
 * The open document's text changed (a batch, a schema edit) or another text was opened. The
 * lint (app/core/lint-client.ts) reads the new text then. `touchedPaths`: the `paths` keys a
 * batch of endpoint edits changed, when that is all it changed; absent, anything may have.
 */
export interface DocumentChange {
  opened: boolean;
  touchedPaths?: string[];
}

/** The `paths` keys a batch of endpoint edits touches; undefined when it may touch more. */
class TouchedPaths {
  paths: Set<string> | undefined = new Set();
  /** An endpoint's view before and after (undefined: none); webhooks are not under `paths`. */
  add(before: Endpoint | undefined, after: Endpoint | undefined): void {
    if (this.paths === undefined) return;
    if (before?.webhook === true || after?.webhook === true) {
      this.paths = undefined;
      return;
    }
    if (before !== undefined) this.paths.add(before.path);
    if (after !== undefined) this.paths.add(after.path);
  }
  /** Something else changed: the whole document. */
  all(): void {
    this.paths = undefined;
  }
}

/** What a sync answers: the form's report, the text when asked, and the revision it left. */
export interface SyncAnswer {
  report: ValidationReport;
  text?: string;
  revision: number;
}

/** Owns the worker's life; see the module comment. */
export class GeneratorClient {
  private readonly changeListeners = new Set<(change: DocumentChange) => void>();
  private worker: Worker | undefined;
  private remote: Remote<GeneratorApi> | undefined;
  private local: Promise<Backend> | undefined;
  private pending = new Set<(error: unknown) => void>();
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private validateSeq = 0;
  private readonly createWorker: (() => Worker) | undefined;
  /**
   * The text of the open document (re-opened when a worker restarts), or '' for a new one; a
   * Blob when it was read back from IndexedDB (the worker reads it, the page never decodes it).
   */
  private source: DocumentSource | undefined;
  /** The view of each endpoint as the worker has it now (by identity: unchanged views are not sent). */
  private sent = new Map<string, Endpoint>();
  /**
   * Edits the page made by command ({@link queue}), in order, each with the view it
   * was made on and the view it made: the next sync sends them as they are, before anything the
   * form's diff finds, so an edit inside a body or a response is its command, not the view.
   */
  private queued: QueuedEdit[] = [];
  /** The number of the last queued edit (a sync takes those queued before it was asked for). */
  private queuedSeq = 0;
  /** Bumped whenever a worker starts: a document opened in an older one is gone. */
  private epoch = 0;
  private documentEpoch = -1;
  private readonly idleMs: number;
  /**
   * The worker start (epoch) whose document revisions the caller has seen (from
   * {@link documentRevision} or {@link command}); a restarted worker counts revisions anew.
   */
  private revisionEpoch = -1;
  /** The sync running now (syncs and renders are queued, see {@link sync}). */
  private rendering: Promise<void> = Promise.resolve();
  /**
   * The worker's document session as the last sync left it (undefined: read it again, after the
   * document was opened or a batch's fate is unknown).
   */
  private mirror: SessionMirror | undefined;
  /**
   * The example problems by endpoint id as the session's answers left them:
   * every sync checks the examples of what it changed, in the worker, on the views it holds.
   */
  private examples: Record<string, EndpointExampleProblem[]> = {};
  /** Every endpoint's issues as the session last reported them (merged answers). */
  private issues: Record<string, EndpointIssue[]> = {};
  /** Views exactly as a document opened here gave them (the default "loaded and untouched"). */
  private openedViews = new WeakSet<Endpoint>();
  /**
   * Whether a view is "loaded and untouched" (its problems are warnings); the page
   * sets its own test (endpoint-ops' isLoadedAsIs), which also knows restored views.
   */
  private isLoaded: (endpoint: Endpoint) => boolean = (endpoint) => this.openedViews.has(endpoint);

  /** The workspace whose record the document's core keeps (see {@link keepRecord}). */
  private recordTarget: RecordTarget | undefined;
  /** The worker start (epoch) that was last told {@link recordTarget}. */
  private targetEpoch = -1;
  /** Where the main-thread fallback's keeper puts records (the page's store). */
  private recordSink: RecordSink | undefined;
  private readonly localSink: RecordSink = {
    put: (name, record) => this.recordSink?.put(name, record) ?? Promise.resolve(),
  };

  /**
   * Names the workspace whose record the document's core keeps (src/shared/workspace/
   * record-keeper.ts); every core that becomes the document's is told it before its first call.
   * `localSink`: where the main-thread fallback puts records (a worker puts them in IndexedDB).
   */
  keepRecord(target: RecordTarget | undefined, localSink?: RecordSink): void {
    this.recordTarget = target;
    this.recordSink = localSink;
    this.targetEpoch = -1;
  }

  /**
   * Has the document's core write the workspace record now, with `view` as the page's part when
   * given; answers what it stored (undefined: no document open here, or nothing written).
   */
  async flushRecord(view?: PageView, options: CallOptions = {}): Promise<StoredRecord | undefined> {
    if (this.recordTarget === undefined || this.documentEpoch !== this.epoch) return undefined;
    const stored = await this.call('flushRecord', view === undefined ? [] : [view], options);
    if (stored !== undefined) for (const listener of this.recordListeners) listener(stored);
    return stored;
  }

  private readonly recordListeners = new Set<(stored: StoredRecord) => void>();

  /** Calls `listener` with every record the document's core stores (project sync saves it). */
  subscribeRecord(listener: (stored: StoredRecord) => void): () => void {
    this.recordListeners.add(listener);
    return () => this.recordListeners.delete(listener);
  }

  /**
   * A project's upload body, built by the document's core from the record it stored last (the
   * text never crosses to the page): undefined before one is stored.
   */
  async recordUploadBody(
    fields: Omit<ProjectBodyFields, 'content' | 'viewStateJson'>,
  ): Promise<{ body: Blob; savedAt: number; bytes: number } | undefined> {
    if (this.recordTarget === undefined || this.documentEpoch !== this.epoch) return undefined;
    return this.call('recordUploadBody', [fields]);
  }

  /**
   * A project's server is at `revision`, and has the record stored at `sentSavedAt` when given:
   * the core's records are based on it from now on (see RecordKeeper.sent).
   */
  async recordSent(revision: number, sentSavedAt?: number): Promise<void> {
    if (this.recordTarget !== undefined && this.recordTarget.baseRevision !== null) {
      this.recordTarget = { ...this.recordTarget, baseRevision: revision };
    }
    if (this.documentEpoch !== this.epoch) return;
    await this.call('recordSent', sentSavedAt === undefined ? [revision] : [revision, sentSavedAt]);
  }

  /** The page's own "loaded and untouched" test (it also knows restored views). */
  setLoadedTest(test: (endpoint: Endpoint) => boolean): void {
    this.isLoaded = test;
  }

  /** Told after every change of the open document's text (see {@link DocumentChange}). */
  onDocumentChange(listener: (change: DocumentChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private changed(change: DocumentChange): void {
    for (const listener of this.changeListeners) listener(change);
  }

  /**
   * The open document's text and its revision (the lint reads it after a change); undefined
   * when no document is open in the running worker (nothing to read yet).
   */
  async documentText(
    options: CallOptions = {},
  ): Promise<{ text: string; revision: number } | undefined> {
    if (this.documentEpoch !== this.epoch) return undefined;
    try {
      return await this.call('text', [], options);
    } catch (error) {
      if (isAbortError(error)) return undefined;
      if (error instanceof CoreCallError && error.code === 'NO_DOCUMENT') return undefined;
      throw error;
    }
  }
  /**
   * The views of a document opened with `hold` (Load, a conversion, a project's text) that the
   * form has not taken yet: while the user decides whether to replace the form ("Replace the
   * endpoints?"), no sync may write the old form into the new document. Syncs resume once the
   * form holds exactly these views, or when the open is given up ({@link setSource}).
   */
  private held: ReadonlySet<Endpoint> | undefined;
  /** A document opened with `hold`, in a core of its own, that the form has not taken yet. */
  private candidate: Candidate | undefined;
  /** The stateless job worker (job-client.ts): the jobs a user may cancel run there. */
  readonly jobs: JobClient;

  constructor(options: GeneratorClientOptions = {}) {
    this.createWorker = 'createWorker' in options ? options.createWorker : defaultCreateWorker();
    this.idleMs = options.idleMs ?? IDLE_SHUTDOWN_MS;
    this.jobs = new JobClient(
      'createJobWorker' in options
        ? { createWorker: options.createJobWorker }
        : this.createWorker === undefined
          ? { createWorker: undefined }
          : {},
    );
  }

  /** Whether a worker is running now (tests and the bench look at it). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  private backend(): Backend | Promise<Backend> {
    if (this.createWorker === undefined) {
      this.local ??= createLocalBackend(this.localSink);
      return this.local;
    }
    if (this.remote === undefined) {
      this.worker = this.createWorker();
      this.remote = wrap<GeneratorApi>(this.worker);
      this.epoch += 1;
    }
    return remoteBackend(this.remote);
  }

  /** Stops the worker now; pending calls reject with an AbortError, the next call restarts it. */
  terminate(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (this.remote !== undefined) this.remote[releaseProxy]();
    this.worker?.terminate();
    this.worker = undefined;
    this.remote = undefined;
    const rejects = [...this.pending];
    this.pending.clear();
    for (const reject of rejects) reject(abortError());
  }

  private scheduleIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    if (this.worker === undefined || this.pending.size > 0) return;
    if (this.documentEpoch === this.epoch) return; // it holds the open document
    this.idleTimer = setTimeout(() => {
      if (this.pending.size === 0) this.terminate();
    }, this.idleMs);
  }

  /** Calls one core method; rejects with CoreCallError on a core failure, AbortError on abort. */
  async call<M extends Method>(
    method: M,
    args: Args<M>,
    options: CallOptions = {},
  ): Promise<Value<M>> {
    const { signal } = options;
    if (signal?.aborted) throw abortError();
    clearTimeout(this.idleTimer);
    const backend = await this.backend();
    if (this.targetEpoch !== this.epoch && method !== 'keepRecord') {
      // A core that became the document's (a restart, an adopted Load) learns the workspace
      // first: messages keep their order, so no answer is awaited.
      this.targetEpoch = this.epoch;
      void backend.call('keepRecord', [this.recordTarget]).catch(() => undefined);
    }
    return new Promise<Value<M>>((resolve, reject) => {
      let settled = false;
      const settle = () => {
        settled = true;
        this.pending.delete(rejectOnce);
        signal?.removeEventListener('abort', onAbort);
        this.scheduleIdle();
      };
      const rejectOnce = (error: unknown) => {
        if (settled) return;
        settle();
        reject(error);
      };
      // The document worker is never stopped for an abort (its document is the user's): the
      // call runs to its end there and its answer is dropped.
      const onAbort = () => rejectOnce(abortError());
      this.pending.add(rejectOnce);
      signal?.addEventListener('abort', onAbort, { once: true });
      backend.call(method, args).then(
        (result) => {
          if (settled) return;
          settle();
          if (result.ok) resolve(result.value);
          else reject(new CoreCallError(result.error));
        },
        (error: unknown) => rejectOnce(error),
      );
    });
  }

  /**
   * Validates while the user types: the form is synced to the worker's document
   * session by commands ({@link sync}) and the session's problems answer. Only the latest
   * request is delivered: one overtaken by a newer request before it ran is not run, and its
   * answer resolves to undefined.
   */
  async validateLatest(
    endpoints: Endpoint[],
    meta?: DocumentMeta,
  ): Promise<ValidationReport | undefined> {
    const seq = ++this.validateSeq;
    try {
      const answer = await this.sync(endpoints, meta, {}, () => seq !== this.validateSeq);
      return seq === this.validateSeq ? answer?.report : undefined;
    } catch (error) {
      // Overtaken, or held back while the form decides about an opened document.
      if (isAbortError(error)) return undefined;
      throw error;
    }
  }

  /** The example problems of `endpoints` as the last sync left them, in the form's order. */
  exampleProblems(endpoints: readonly Endpoint[]): EndpointExampleProblem[] {
    return endpoints.flatMap((endpoint) => this.examples[endpoint.id] ?? []);
  }

  /** Endpoints alone as a new OpenAPI 3.0.1 document (no open document involved). */
  generate(endpoints: Endpoint[], info?: Partial<DocumentInfo>, options?: CallOptions) {
    return this.call('generate', info === undefined ? [endpoints] : [endpoints, info], options);
  }

  /**
   * Opens text as the document in the worker and fetches its endpoint views in chunks, so no
   * main-thread task deserialises a large document at once.
   */
  openDocument(
    text: DocumentSource,
    options: CallOptions & { hold?: boolean } = {},
  ): Promise<ParsedDocument> {
    // In the sync queue: a sync running between the open and the last chunk of views would
    // write the form it was given (the previous document's) into the new one, and the views
    // fetched after it would be the mix.
    const run = this.rendering.then(() => this.openNow(text, options));
    this.rendering = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  // ——— Opening in a core of its own (Cancel never costs the open document) ———

  /**
   * Opens `text` in a fresh core (a worker of its own), never in the one holding the open
   * document: that one stays exactly as it is, usable meanwhile, until the new document is
   * adopted. Cancelling (the signal) or a failure stops only the fresh core. Without `hold` the
   * new document is adopted at once; with it, when the form takes its views ({@link releaseHold})
   * or never ({@link dropCandidate}).
   */
  private async openNow(
    text: DocumentSource,
    options: CallOptions & { hold?: boolean },
  ): Promise<ParsedDocument> {
    this.dropCandidate();
    const { signal, onProgress } = options;
    const core = await this.spawnCore();
    try {
      const summary =
        typeof text !== 'string' && this.createWorker !== undefined
          ? await callCore(core, 'openDocumentFile', [text], signal)
          : await callCore(
              core,
              'openDocument',
              [typeof text === 'string' ? text : await text.text()],
              signal,
            );
      const endpoints: Endpoint[] = [];
      onProgress?.(0, summary.count);
      while (endpoints.length < summary.count) {
        const chunk = await callCore(core, 'views', [endpoints.length, VIEWS_PER_MESSAGE], signal);
        if (chunk.length === 0) break;
        endpoints.push(...chunk);
        onProgress?.(endpoints.length, summary.count);
      }
      for (const endpoint of endpoints) this.openedViews.add(endpoint);
      const candidate: Candidate = { core, source: text, endpoints };
      if (options.hold === true) {
        this.candidate = candidate;
        // The page went away before the form took it: nothing will.
        signal?.addEventListener('abort', () => {
          if (this.candidate === candidate) this.dropCandidate();
        });
      } else this.adopt(candidate);
      return { ...summary, endpoints };
    } catch (error) {
      core.stop();
      throw error;
    }
  }

  /** A core of its own: a new worker, or (without Worker) a new main-thread core. */
  private async spawnCore(): Promise<Core> {
    if (this.createWorker === undefined) {
      const backend = await createLocalBackend(this.localSink);
      return { backend, stop: () => undefined };
    }
    const worker = this.createWorker();
    const remote = wrap<GeneratorApi>(worker);
    return {
      backend: remoteBackend(remote),
      worker,
      remote,
      stop: () => {
        remote[releaseProxy]();
        worker.terminate();
      },
    };
  }

  /**
   * The opened core becomes the document's: the previous document's worker stops (its calls
   * reject with an AbortError), and the client's bookkeeping starts over from the new views.
   */
  private adopt(candidate: Candidate): void {
    if (this.candidate === candidate) this.candidate = undefined;
    this.terminate();
    const { core } = candidate;
    if (core.worker !== undefined && core.remote !== undefined) {
      this.worker = core.worker;
      this.remote = core.remote;
    } else this.local = Promise.resolve(core.backend);
    this.epoch += 1;
    this.documentEpoch = this.epoch;
    this.source = candidate.source;
    this.sent = new Map(candidate.endpoints.map((endpoint) => [endpoint.id, endpoint]));
    this.mirror = undefined;
    this.held = undefined;
    this.dropQueued();
    this.scheduleIdle();
    this.changed({ opened: true });
  }

  /** A document opened with `hold` is given up (the user kept the form): its core stops. */
  dropCandidate(): void {
    const candidate = this.candidate;
    this.candidate = undefined;
    candidate?.core.stop();
  }

  /** Whether a document opened with `hold` waits for the form (tests look at it). */
  get hasCandidate(): boolean {
    return this.candidate !== undefined;
  }

  /** Starts a new, empty document in the worker (the form's endpoints are sent on render). */
  async newDocument(options: CallOptions = {}): Promise<DocumentSummary> {
    const summary = await this.call('newDocument', [], options);
    this.source = '';
    this.documentEpoch = this.epoch;
    this.sent = new Map();
    this.mirror = undefined;
    this.dropQueued();
    this.changed({ opened: true });
    return summary;
  }

  /**
   * The document's text for the form as it is now: the form is synced to the worker's document
   * session by commands ({@link sync}) and the session renders (a loaded document changes only
   * where the form changed it). A worker that restarted meanwhile re-opens the document first.
   */
  async render(
    endpoints: Endpoint[],
    meta: DocumentMeta | undefined,
    options: CallOptions = {},
  ): Promise<string> {
    const answer = await this.sync(endpoints, meta, { ...options, text: true });
    return answer?.text ?? '';
  }

  /**
   * Makes the worker's document session hold the form: the commands of document-sync.ts (a
   * changed view as the commands of its edit, order commands only when the order changed,
   * setMeta when the panel did), in batches of a few views, built on the revision the
   * last batch answered. A CONFLICT (the document was opened again, or changed by a whole-view
   * call) reads the session's state again and sends every view it may lack. Answers the whole
   * form's validation report and, when asked, the text. One sync at a time; `skip` (asked when
   * it is this one's turn) drops a sync a newer one supersedes.
   */
  sync(
    endpoints: Endpoint[],
    meta: DocumentMeta | undefined,
    options: CallOptions & { text?: boolean | 'ifValid' } = {},
    skip?: () => boolean,
  ): Promise<SyncAnswer | undefined> {
    // The edits queued until now belong to this form; later ones wait for a later sync.
    const upTo = this.queuedSeq;
    const run = this.rendering.then(() =>
      skip?.() === true ? undefined : this.syncNow(endpoints, meta, options, upTo),
    );
    this.rendering = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private async syncNow(
    endpoints: Endpoint[],
    meta: DocumentMeta | undefined,
    options: CallOptions & { text?: boolean | 'ifValid' },
    upTo = this.queuedSeq,
  ): Promise<SyncAnswer> {
    try {
      return await this.syncOnce(endpoints, meta, options, upTo);
    } catch (error) {
      if (!(error instanceof CoreCallError) || error.code !== 'CONFLICT') throw error;
      // Opened again or changed meanwhile: start over from what the session holds.
      this.mirror = undefined;
      this.sent = new Map();
      return this.syncOnce(endpoints, meta, options, upTo);
    }
  }

  private async syncOnce(
    endpoints: Endpoint[],
    meta: DocumentMeta | undefined,
    options: CallOptions & { text?: boolean | 'ifValid' },
    upTo: number,
  ): Promise<SyncAnswer> {
    const { text: withText, ...callOptions } = options;
    if (this.held !== undefined) {
      const held = this.held;
      // The form has not taken the opened document yet: its views must not go into it.
      if (endpoints.length !== held.size || !endpoints.every((e) => held.has(e))) {
        throw abortError();
      }
      this.held = undefined;
    }
    if (this.mirror === undefined || this.documentEpoch !== this.epoch) {
      await this.ensureDocument(callOptions);
    }
    let mirror = this.mirror;
    const fresh = mirror === undefined;
    if (mirror === undefined) {
      const state = await this.call('syncState', [], callOptions);
      mirror = { ...state, edited: new Set(state.edited) };
      this.issues = {};
    }
    // What the batches touch, for the lint: a fresh session state may differ anywhere.
    const touched = new TouchedPaths();
    if (fresh) touched.all();
    const queued = this.takeQueued(mirror, upTo, touched);
    const direct = queued.taken;
    mirror = queued.mirror;
    const plan = planSync(mirror, endpoints, meta, this.sent, this.isLoaded);
    const commands: DocumentCommand[] = [...direct, ...plan.commands];
    let byId: Map<string, Endpoint> | undefined;
    for (const command of plan.commands) {
      if (command.kind === 'putEndpoint' || command.kind === 'addEndpoint') {
        touched.add(this.sent.get(command.endpoint.id), command.endpoint);
      } else if (command.kind === 'removeEndpoint') {
        const known = this.sent.get(command.endpointId);
        if (known === undefined) touched.all();
        else touched.add(known, undefined);
      } else if (command.kind === 'markLoaded' || command.kind === 'moveEndpoint') {
        // (A move changes the form's order, not the text.)
      } else if ('endpointId' in command) {
        // An edit of one view (a field, a parameter, a place in its body or a response) touches
        // its route as putting it whole would; the view the worker held is the one it edits.
        const known = this.sent.get(command.endpointId);
        byId ??= new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
        const view = byId.get(command.endpointId);
        if (known === undefined || view === undefined) touched.all();
        else touched.add(known, view);
      } else {
        touched.all();
      }
    }
    let textChanged = false;
    // Batches of a few views each: no message clones megabytes (a form sent whole after a
    // worker restart), and Generate shows its progress by them.
    const batches: DocumentCommand[][] = [];
    let batch: DocumentCommand[] = [];
    let views = 0;
    for (const command of commands) {
      if (carriesView(command) && views === VIEWS_PER_MESSAGE) {
        batches.push(batch);
        batch = [];
        views = 0;
      }
      batch.push(command);
      if (carriesView(command)) views += 1;
    }
    batches.push(batch);
    const total = commands.filter(carriesView).length;
    if (total > VIEWS_PER_MESSAGE) callOptions.onProgress?.(0, total);
    let revision = mirror.revision;
    let answer: ApplyAnswer | undefined;
    let issues = fresh ? {} : { ...this.issues };
    const examples = fresh ? {} : { ...this.examples };
    let sentViews = 0;
    // Until every batch answered, the session's state is not known here.
    this.mirror = undefined;
    for (const [i, commands] of batches.entries()) {
      const last = i === batches.length - 1;
      const applyOptions: { text?: boolean | 'ifValid'; problems?: 'all'; examples: true } = {
        examples: true,
      };
      if (last && withText !== undefined && withText !== false) applyOptions.text = withText;
      if (fresh && i === 0) applyOptions.problems = 'all';
      try {
        answer = await this.call('apply', [commands, revision, applyOptions], callOptions);
      } catch (error) {
        // Cut short: the views of earlier batches are there, this one's may be.
        this.sent = new Map();
        throw error;
      }
      revision = answer.revision;
      if (answer.textChanged) textChanged = true;
      for (const id of answer.removed) {
        delete issues[id];
        delete examples[id];
      }
      issues = Object.assign(issues, answer.problems.issues);
      Object.assign(examples, answer.examples);
      sentViews += commands.filter(carriesView).length;
      if (total > VIEWS_PER_MESSAGE) callOptions.onProgress?.(sentViews, total);
    }
    const last = answer as ApplyAnswer;
    this.sent = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
    this.mirror = {
      revision,
      ids: plan.ids,
      meta: meta ?? mirror.meta,
      edited: plan.edited,
    };
    this.revisionEpoch = this.documentEpoch;
    this.issues = issues;
    this.examples = examples;
    if (textChanged) {
      this.changed(
        touched.paths === undefined
          ? { opened: false }
          : { opened: false, touchedPaths: [...touched.paths] },
      );
    }
    const report: ValidationReport = {
      issues,
      duplicateIds: last.problems.duplicateIds,
      canGenerate: last.problems.canGenerate,
    };
    return last.text === undefined ? { report, revision } : { report, text: last.text, revision };
  }

  /**
   * An edit the page made by command and applied to its own cache at once: `before` is what it
   * was made on, `after` what it made (the same pure function the session runs). It goes with
   * the next sync, as it is.
   */
  queue(edit: QueuedCommand): void {
    this.queuedSeq += 1;
    this.queued.push({ ...edit, seq: this.queuedSeq });
  }

  /**
   * The queued commands (up to `upTo`) the worker can take as they are: those made on what it
   * holds (the view, the panel; an added endpoint it lacks, a removed one it has). The others
   * are dropped: the form's diff sends them (a worker that restarted, a view it has not got
   * yet). Answers them with the session's state after them.
   */
  private takeQueued(
    state: SessionMirror,
    upTo: number,
    touched: TouchedPaths,
  ): { taken: DocumentCommand[]; mirror: SessionMirror } {
    const taken: DocumentCommand[] = [];
    const ids = [...state.ids];
    const has = new Set(ids);
    const edited = new Set(state.edited);
    let meta = state.meta;
    while (this.queued.length > 0 && (this.queued[0] as QueuedEdit).seq <= upTo) {
      const edit = this.queued.shift() as QueuedEdit;
      const { command } = edit;
      if (command.kind === 'addEndpoint') {
        const view = (edit as { after: Endpoint }).after;
        if (has.has(view.id)) continue;
        ids.splice(Math.min(command.index ?? ids.length, ids.length), 0, view.id);
        has.add(view.id);
        this.sent.set(view.id, view);
        edited.add(view.id);
        touched.add(undefined, view);
      } else if (command.kind === 'removeEndpoint') {
        if (!has.has(command.endpointId)) continue;
        const known = this.sent.get(command.endpointId);
        if (known === undefined) touched.all();
        else touched.add(known, undefined);
        ids.splice(ids.indexOf(command.endpointId), 1);
        has.delete(command.endpointId);
        this.sent.delete(command.endpointId);
        edited.delete(command.endpointId);
      } else if ('endpointId' in command) {
        const { before, after } = edit as { before: Endpoint; after: Endpoint };
        const id = command.endpointId;
        const known = this.sent.get(id);
        // Without a mirror entry the worker holds the document's own view, which a loaded one is.
        const holds =
          known === before || (known === undefined && has.has(id) && this.isLoaded(before));
        if (!holds) continue;
        this.sent.set(id, after);
        edited.add(id);
        touched.add(before, after);
      } else {
        const { before, after } = edit as { before: DocumentMeta; after: DocumentMeta };
        if (meta !== before) continue;
        meta = after;
        touched.all();
      }
      taken.push(command);
    }
    return { taken, mirror: { ...state, ids, edited, meta } };
  }

  /**
   * The open document's revision: the base of the next {@link command} batch. Opens
   * the document first when the worker restarted.
   */
  async documentRevision(options: CallOptions = {}): Promise<number> {
    await this.ensureDocument(options);
    const revision = await this.call('revision', [], options);
    this.revisionEpoch = this.documentEpoch;
    return revision;
  }

  /**
   * Edits the open document by commands that carry their target (see
   * src/shared/document/session.ts), built on `baseRevision`. Answers the new revision, the
   * changed views, removed ids and the problems of what changed (and the text when `text` is
   * asked). A stale revision rejects with CoreCallError CONFLICT, also when the worker restarted
   * since the caller read its revision (the re-opened document does not hold the edits made in
   * the old one: the caller re-reads the revision and sends what it still needs).
   */
  async command(
    commands: DocumentCommand[],
    baseRevision: number,
    options: CallOptions & { text?: boolean } = {},
  ): Promise<ApplyAnswer> {
    const { text, ...callOptions } = options;
    await this.ensureDocument(callOptions);
    if (this.revisionEpoch !== this.documentEpoch) {
      throw new CoreCallError({
        code: 'CONFLICT',
        message: 'The document was opened again since its revision was read.',
      });
    }
    const answer = await this.call(
      'apply',
      [commands, baseRevision, text === true ? { text: true } : {}],
      callOptions,
    );
    // The worker holds these views now: a later render need not send them back.
    for (const view of answer.changed) this.sent.set(view.id, view);
    for (const id of answer.removed) this.sent.delete(id);
    // The next sync reads the session's state again (this batch changed it behind the mirror).
    this.mirror = undefined;
    if (answer.textChanged) this.changed({ opened: false });
    return answer;
  }

  /** Opens text, or a Blob of it (read in the worker; here without one). */
  private async open(source: DocumentSource, options: CallOptions) {
    if (typeof source === 'string') return this.call('openDocument', [source], options);
    if (this.createWorker === undefined) {
      return this.call('openDocument', [await source.text()], options);
    }
    return this.call('openDocumentFile', [source], options);
  }

  private async ensureDocument(options: CallOptions): Promise<void> {
    if (this.documentEpoch === this.epoch && (await this.call('hasDocument', [], options))) return;
    this.sent = new Map();
    this.mirror = undefined;
    if (isSource(this.source)) {
      await this.open(this.source, options);
      this.documentEpoch = this.epoch;
      this.changed({ opened: true });
    } else {
      await this.newDocument(options);
    }
  }

  /**
   * The form takes the views of the document opened with `hold` (a Load applied): that document
   * becomes the open one. Call it before anything else asks the worker for the new document.
   */
  releaseHold(): void {
    if (this.candidate !== undefined) this.adopt(this.candidate);
    this.held = undefined;
  }

  /**
   * Names the text the form's views belong to ('' for a new document) without opening it: the
   * worker opens it at the next render. Used when a saved form is restored after a reload.
   */
  setSource(text: DocumentSource): void {
    this.dropCandidate();
    this.held = undefined;
    this.source = text;
    this.documentEpoch = -1;
    this.sent = new Map();
    this.mirror = undefined;
    this.dropQueued();
  }

  /**
   * Another document: the edits queued for the one before are not its (an endpoint added there
   * must not be added here, nor one removed there removed here, ids being path and method).
   */
  private dropQueued(): void {
    this.queued = [];
  }

  /** Every shared schema of the open document, fetched in chunks. */
  async documentSchemas(options: CallOptions = {}): Promise<Record<string, Schema>> {
    await this.ensureDocument(options);
    const schemas: Record<string, Schema> = {};
    for (let start = 0; ;) {
      const chunk = await this.call('schemaEntries', [start, 96], options);
      for (const [name, schema] of chunk) {
        Object.defineProperty(schemas, name, {
          value: schema,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      if (chunk.length < 96) return schemas;
      start += chunk.length;
    }
  }

  /**
   * The Schemas section's edits (sent only after one): `commands` are the section's own, made on
   * the set the worker's document holds, and go as they are. Without them (the form changed the
   * set on its own), or when the worker's set is not that one any more (the render dropped a
   * schema nothing used), the set goes whole.
   */
  setDocumentSchemas(
    schemas: Record<string, Schema>,
    commands: readonly DocumentCommand[] | undefined,
    options: CallOptions = {},
  ): Promise<void> {
    // In the sync queue: the batch makes a new revision, which the next batch builds on.
    const run = this.rendering.then(async () => {
      // A document opened for Load that the form has not taken yet gets nothing of the old form.
      if (this.held !== undefined) return;
      await this.ensureDocument(options);
      const known = this.mirror;
      this.mirror = undefined;
      if (commands?.length === 0) {
        this.mirror = known;
        return;
      }
      if (commands !== undefined) {
        const base = known?.revision ?? (await this.call('revision', [], options));
        try {
          const answer = await this.call('apply', [[...commands], base, {}], options);
          if (known !== undefined) this.mirror = { ...known, revision: answer.revision };
          if (answer.textChanged) this.changed({ opened: false });
          return;
        } catch (error) {
          const code = error instanceof CoreCallError ? error.code : undefined;
          if (code !== 'CONFLICT' && code !== 'UNKNOWN_TARGET' && code !== 'INVALID_INPUT') {
            throw error;
          }
          // Not the set this page thought (or not this revision): the set goes whole.
        }
      }
      await this.call('setSchemas', [schemas], options);
      this.changed({ opened: false });
      if (known !== undefined) {
        this.mirror = { ...known, revision: await this.call('revision', [], options) };
      }
    });
    this.rendering = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /**
   * One job in the stateless job worker (job-client.ts): an abort stops that worker, never the
   * one holding the open document.
   */
  private async job<M extends JobMethod>(
    method: M,
    args: JobArgs<M>,
    options: CallOptions = {},
  ): Promise<JobValue<M>> {
    const result = await this.jobs.call(method, args, options.signal);
    if (!result.ok) throw new CoreCallError(result.error);
    return result.value;
  }

  /** A Swagger 2.0 text as OpenAPI 3.0 text, with what the conversion changed. */
  convertSwagger2(text: string, options?: CallOptions) {
    return this.job('convertSwagger2', [text], options);
  }

  /** OpenAPI 3.0 text upgraded to 3.1/3.2, with every change listed. */
  upgradeOpenApi(text: string, target: UpgradeTarget, options?: CallOptions) {
    return this.job('upgradeOpenApi', [text, target], options);
  }

  /** Endpoint views of some text without opening it (ids match the open document's). */
  readEndpoints(text: string, options?: CallOptions) {
    return this.call('readEndpoints', [text], options);
  }

  /** The text of the open document as loaded ('' for a new document), or a Blob of it. */
  get documentSource(): DocumentSource {
    return this.source ?? '';
  }

  schemaYaml(json: string, options?: CallOptions) {
    return this.job('schemaYaml', [json], options);
  }
  isJsonPaste(text: string, options?: CallOptions) {
    return this.call('isJsonPaste', [text], options);
  }
  /** Whether a paste is a whole OpenAPI document in JSON, other JSON, or neither. */
  jsonPasteKind(text: string, options?: CallOptions) {
    return this.call('jsonPasteKind', [text], options);
  }
  jsonToYaml(text: string, options?: CallOptions) {
    return this.call('jsonToYaml', [text], options);
  }
  formatJson(text: string, options?: CallOptions) {
    return this.call('formatJson', [text], options);
  }
  /** Endpoints from cURL commands. */
  importCurl(text: string, options?: CallOptions) {
    return this.job('importCurl', [text], options);
  }
  /** Endpoints from a HAR file's text, parsed in the worker. */
  importHar(text: string, options?: CallOptions) {
    return this.job('importHar', [text], options);
  }
  /**
   * Endpoints from a HAR file: the File goes to the worker, which checks its size and reads it
   * there, so the page never decodes or parses it; without a worker, read here.
   */
  async importHarFile(file: Blob, options?: CallOptions) {
    if (!this.jobs.inWorker) return this.importHar(await file.text(), options);
    return this.job('importHarFile', [file], options);
  }
  validateExamples(endpoints: Endpoint[], options?: CallOptions) {
    return this.call('validateExamples', [endpoints], options);
  }
  reinferBodySchema(body: BodyModel, options?: CallOptions) {
    return this.job('reinferBodySchema', [body], options);
  }
  documentToJson(text: string, options?: CallOptions) {
    return this.call('documentToJson', [text], options);
  }
  /**
   * The JSON body of a project create or save: small ones built here, large ones (from 256 K
   * characters) by the document worker as a Blob, so the main thread neither escapes nor
   * encodes megabytes in one task. The text goes as UTF-8 bytes, transferred (one fast native
   * pass here; a structured clone of the string would copy it in a slower one). Where the worker
   * cannot build it (none here, or it stopped meanwhile), it is built here.
   */
  async uploadBody(fields: ProjectBodyFields): Promise<string | Blob> {
    const size = fields.content.length + (fields.viewStateJson?.length ?? 0);
    if (size < UPLOAD_BODY_IN_WORKER_FROM || this.createWorker === undefined) {
      return projectBody(fields);
    }
    const { content, ...rest } = fields;
    const bytes = new TextEncoder().encode(content);
    try {
      return await this.call('uploadBody', [
        transfer({ ...rest, content: bytes.buffer }, [bytes.buffer]),
      ]);
    } catch (error) {
      console.warn('The upload body was built on the page', error);
      return projectBody(fields);
    }
  }

  /** The docs preview's input: the document as JSON, or one part of a large one. */
  previewPart(request: PreviewRequest, options?: CallOptions) {
    return this.call('previewPart', [request], options);
  }
}

let shared: GeneratorClient | undefined;

/** The app's one generator client. */
export function generatorClient(): GeneratorClient {
  shared ??= new GeneratorClient();
  return shared;
}
