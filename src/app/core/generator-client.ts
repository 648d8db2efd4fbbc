/**
 * The only module of the app that talks to the generator worker (src/worker). It starts the
 * worker lazily, lets the latest validation win while the user types, drops the answer of an
 * aborted or superseded call (the worker and its open document stay), terminates the worker only
 * when the user cancels a long job (the next call starts a fresh one), shuts it down when idle,
 * and falls
 * back to calling src/shared on the main thread where `Worker` does not exist (tests).
 */
import { expose, wrap, releaseProxy, transfer, type Remote } from 'comlink';
import {
  isEndpointCommand,
  sameIssues,
  WARNING_CHUNK,
  type ApplyAnswer,
  type ApplyOptions,
  type BodyModel,
  type DocumentCommand,
  type DocumentInfo,
  type DocumentMeta,
  type DocumentSummary,
  type Endpoint,
  type EndpointIssue,
  type ErrorInfo,
  type ImportWarning,
  type Schema,
  type UpgradeTarget,
  type ValidationReport,
} from '../../shared/openapi';
import type { PreviewRequest } from '../../shared/openapi/document/preview-part';
import type { OperationRange } from '../../shared/openapi/document/locate';
import { projectBody, type ProjectBodyFields } from '../../shared/projects';
import type {
  PageView,
  RecordSink,
  RecordTarget,
  StoredRecord,
} from '../../shared/workspace/record-keeper';
import { recordCommands } from '../../shared/workspace/record-commands';
import type { WorkspaceRecord, WorkspaceStore } from '../../shared/workspace/workspace-store';
import type { ApplyWire, GeneratorApi, Result } from '../../worker/index';
import { textOfBytes } from '../util/slices';
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
  /** The ids the source was opened with. */
  ids: Record<string, string>;
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
 * A command the page applied to its cache at once (the session's own pure function), as the
 * client queues it for the worker. `before` / `after`: the endpoint view it was made on and the
 * one it made, when it edits, adds, puts or removes one (the lint re-checks only their routes).
 */
export interface QueuedCommand {
  command: DocumentCommand;
  before?: Endpoint;
  after?: Endpoint;
}

/** A queued command, numbered, with the document it was made on. */
type QueuedEdit = QueuedCommand & { seq: number; generation: number };

/** The commands since a stored record, as the journal keeps them ({@link GeneratorClient.journalCommands}). */
export interface JournalCommands {
  /**
   * The `savedAt` of the stored record they build on; undefined while none is stored for the
   * open document: the commands then start from an empty document, a `load` first when it was
   * opened from a text.
   */
  base?: number;
  commands: DocumentCommand[];
  /** When what the commands change was last stored (or opened, without a base). */
  since: number;
  /** Without a base: the ids the text was opened with (a record's, see restore.ts). */
  ids?: Record<string, string>;
  /**
   * The core that stored the base (its keeper's id) and the session's revision each logged
   * command was applied at (the commands after these were still queued).
   */
  built?: { keeper: string; revisions: number[] };
}

/** A command the worker applied: its queue number (0: not queued) and the revision it made. */
interface LoggedCommand {
  command: DocumentCommand;
  seq: number;
  revision: number;
}

/** The characters a command takes in a journal entry (measured once per command). */
const commandSizes = new WeakMap<DocumentCommand, number>();
function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

function commandChars(command: DocumentCommand): number {
  let size = commandSizes.get(command);
  if (size === undefined) {
    size = JSON.stringify(command).length + 1;
    commandSizes.set(command, size);
  }
  return size;
}

/** Where the main-thread fallback's keeper writes records, and where they are read back. */
export type RecordStore = RecordSink & Partial<Pick<WorkspaceStore, 'get'>>;

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
  /** What a queued command touches: its views' routes, or (the panel, a schema) anything. */
  edit(edit: QueuedCommand): void {
    const { command } = edit;
    // (A move changes the form's order, not the text; markLoaded changes no text.)
    if (command.kind === 'moveEndpoint' || command.kind === 'markLoaded') return;
    const ofView =
      isEndpointCommand(command) ||
      command.kind === 'putEndpoint' ||
      command.kind === 'addEndpoint' ||
      command.kind === 'removeEndpoint';
    if (ofView && (edit.before !== undefined || edit.after !== undefined)) {
      this.add(edit.before, edit.after);
    } else this.all();
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
  /** With `text`: names it as the open document's text, for {@link GeneratorClient.documentOperationRanges}. */
  textRef?: DocumentTextRef;
}

/**
 * The open document's text at one revision in one core, as the page names it later without
 * holding it: a restarted or replaced core (another epoch) counts its revisions anew.
 */
export interface DocumentTextRef {
  epoch: number;
  revision: number;
}

/**
 * The worker's document as the page's cache must show it again: after a CONFLICT (the session
 * changed behind the stream) or a command the session refused, the worker's answer is the truth.
 * `pending`: the commands still queued, which the page applies again over it.
 */
export interface Refill {
  endpoints: Endpoint[];
  meta: DocumentMeta;
  schemas: Record<string, Schema>;
  pending: DocumentCommand[];
}

/** Commands that carry a whole view (batches hold a few of them each). */
function carriesView(command: DocumentCommand): boolean {
  return command.kind === 'putEndpoint' || command.kind === 'addEndpoint';
}

/** A command as it crosses: schemaComponents is derived from the document, not sent back. */
function wire(command: DocumentCommand): DocumentCommand {
  if (!carriesView(command)) return command;
  const { endpoint } = command as { endpoint: Endpoint };
  if (endpoint.schemaComponents === undefined) return command;
  const { schemaComponents: _derived, ...view } = endpoint;
  return { ...command, endpoint: view } as DocumentCommand;
}

/**
 * `work`, or an AbortError as soon as `signal` aborts: the caller stops waiting, while the work
 * (a batch the worker runs to its end) finishes behind it and the client learns its answer.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Commands in batches of at most {@link VIEWS_PER_MESSAGE} whole views each. */
function batchesOf<T>(items: readonly T[], command: (item: T) => DocumentCommand): T[][] {
  const batches: T[][] = [];
  let batch: T[] = [];
  let views = 0;
  for (const item of items) {
    const whole = carriesView(command(item));
    if (whole && views === VIEWS_PER_MESSAGE) {
      batches.push(batch);
      batch = [];
      views = 0;
    }
    batch.push(item);
    if (whole) views += 1;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** An apply's answer with its text as a string: a long one crossed as bytes, decoded in slices. */
async function decodedText(answer: ApplyWire): Promise<ApplyAnswer> {
  const { textBytes, ...rest } = answer;
  if (textBytes === undefined) return rest;
  return { ...rest, text: await textOfBytes(new Uint8Array(textBytes)) };
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
  /** The ids {@link source} was opened with (a record's: restore.ts). */
  private sourceIds: Record<string, string> = {};
  /** When {@link source} became the open document (a journal without a base is since then). */
  private openedAt = Date.now();
  /**
   * Commands the page made ({@link queue}), in order, not yet answered by the worker: the next
   * sync sends exactly these, in batches. Each carries the document it was made on.
   */
  private queued: QueuedEdit[] = [];
  /** The number of the last queued edit (a sync takes those queued before it was asked for). */
  private queuedSeq = 0;
  /**
   * The open document's identity: a Load, a restore or a new document is another one. A command
   * made on an earlier one is dropped on purpose (the form it was made on was replaced).
   */
  private generation = 0;
  /**
   * The commands the worker applied since the record the core stored last ({@link base}), or
   * since {@link source} was opened when none is stored: a restarted worker opens that record
   * (or the source) and applies them again before the queue. The journal written as the page
   * goes away holds them ({@link journalCommands}).
   */
  private log: LoggedCommand[] = [];
  /** The record the core stored last for the open document: its workspace and `savedAt`. */
  private base: { name: string; savedAt: number; keeper?: string } | undefined;
  /** The queued edits sent to the worker and not answered yet (their revision is unknown). */
  private sending: readonly QueuedEdit[] = [];
  /** Queued commands up to this number are the stored record's (a restore's drafts). */
  private baseSeq = 0;
  /** The session's revision as the last answer left it (the next batch's base). */
  private revision: number | undefined;
  /** The next batch asks for every problem (the session was opened anew). */
  private fresh = true;
  /** The document-wide problems the last answer gave (undefined: none since it was opened). */
  private problems: ApplyAnswer['problems'] | undefined;
  /** The page's cache is to be refilled from the worker (see {@link Refill}). */
  private stale = false;
  private refillHandler: ((refill: Refill) => void) | undefined;
  /** Bumped whenever a worker starts: a document opened in an older one is gone. */
  private epoch = 0;
  private documentEpoch = -1;
  private readonly idleMs: number;
  /** The sync running now (syncs and renders are queued, see {@link sync}). */
  private rendering: Promise<void> = Promise.resolve();
  /** Every endpoint's issues as the session last reported them (merged answers). */
  private issues: Record<string, EndpointIssue[]> = {};
  /**
   * The report handed out last, handed out again while nothing in it changed: an answer that
   * changes no issue (most keystrokes) then costs no copy of 1,000s of endpoints' issues, and
   * the page, seeing the same object, renders nothing.
   */
  private lastReport: ValidationReport | undefined;
  /** {@link issues} changed since {@link lastReport} was made. */
  private issuesMoved = true;

  /** The workspace whose record the document's core keeps (see {@link keepRecord}). */
  private recordTarget: RecordTarget | undefined;
  /** The worker start (epoch) that was last told {@link recordTarget}. */
  private targetEpoch = -1;
  /** Where the main-thread fallback's keeper puts records (the page's store). */
  private recordSink: RecordStore | undefined;
  /** Where stored records are read back (a restarted worker opens the one the log builds on). */
  private recordStore: RecordStore | undefined;
  private readonly localSink: RecordSink = {
    put: (name, record) => this.recordSink?.put(name, record) ?? Promise.resolve(),
  };
  /**
   * Names the workspace whose record the document's core keeps (src/shared/workspace/
   * record-keeper.ts); every core that becomes the document's is told it before its first call.
   * `localSink`: where the main-thread fallback puts records (a worker puts them in IndexedDB).
   */
  keepRecord(target: RecordTarget | undefined, localSink?: RecordStore): void {
    this.recordTarget = target;
    this.recordSink = localSink;
    // Kept when the workspace is released: a restarted worker still reads the record back.
    if (localSink?.get !== undefined) this.recordStore = localSink;
    this.targetEpoch = -1;
  }

  /**
   * Has the document's core write the workspace record now, with `view` as the page's part when
   * given; answers what it stored (undefined: no document open here, or nothing written).
   */
  async flushRecord(view?: PageView, options: CallOptions = {}): Promise<StoredRecord | undefined> {
    if (this.recordTarget === undefined || this.documentEpoch !== this.epoch) return undefined;
    const epoch = this.epoch;
    const generation = this.generation;
    const stored = await this.call('flushRecord', view === undefined ? [] : [view], options);
    if (stored !== undefined && epoch === this.epoch && generation === this.generation) {
      this.recordStored(stored);
    }
    if (stored !== undefined) for (const listener of this.recordListeners) listener(stored);
    return stored;
  }

  /**
   * The core stored the open document's record, built at `stored.revision`: the commands up to
   * that revision are in it, so the log keeps only those after it (a restarted worker opens the
   * record, the journal builds on it).
   */
  private recordStored(stored: StoredRecord): void {
    const name = this.recordTarget?.name;
    if (name === undefined) return;
    this.base = { name, savedAt: stored.savedAt, keeper: stored.keeper };
    this.log = this.log.filter((entry) => entry.revision > stored.revision);
  }

  /**
   * The open document is the stored record saved at `savedAt` (a restore), with the commands
   * queued so far (its drafts): the log and the journal start after them.
   */
  recordBase(savedAt: number): void {
    const name = this.recordTarget?.name;
    if (name === undefined) return;
    this.base = { name, savedAt };
    this.baseSeq = this.queuedSeq;
    this.log = [];
  }

  /**
   * What the journal keeps as the page goes away: every command since the stored record the open
   * document builds on (applied, then queued), in order, whatever made it (the form's edits, a
   * schema renamed in the whole document). Without a stored record, every command since the
   * document was opened, after a `load` of its text: replayed over an empty document, they give
   * it again. Undefined when the open document cannot be said so (opened from a Blob, and no
   * record of it stored; or none open).
   */
  journalCommands(): JournalCommands | undefined {
    const commands = this.journalLog().map((entry) => entry.command);
    const base = this.base;
    if (base === undefined) {
      const source = this.source;
      if (typeof source !== 'string') return undefined;
      const journal: JournalCommands = {
        commands: source === '' ? commands : [{ kind: 'load', text: source }, ...commands],
        since: this.openedAt,
      };
      if (source !== '' && Object.keys(this.sourceIds).length > 0) journal.ids = this.sourceIds;
      return journal;
    }
    const journal: JournalCommands = { base: base.savedAt, commands, since: base.savedAt };
    // The core that stored the base logged these: a newer record of its own that lands after
    // the page went away (a store in flight) holds those up to its revision.
    // Not while a batch is on its way: a record built meanwhile may hold it, or not.
    const sending = this.sending.some((edit) => this.queued.includes(edit));
    if (base.keeper !== undefined && !sending) {
      journal.built = { keeper: base.keeper, revisions: this.log.map((entry) => entry.revision) };
    }
    return journal;
  }

  /**
   * The characters the journal's commands would take now (the page has the record stored at once
   * before they outgrow an entry: journal.ts).
   */
  journalChars(): number {
    let chars = this.base === undefined && typeof this.source === 'string' ? this.source.length : 0;
    for (const entry of this.journalLog()) chars += commandChars(entry.command);
    return chars;
  }

  /** The logged commands, then those queued after the stored record's drafts. */
  private journalLog(): { command: DocumentCommand }[] {
    const entries: { command: DocumentCommand }[] = [...this.log];
    for (const edit of this.queued) {
      if (edit.generation === this.generation && edit.seq > this.baseSeq) entries.push(edit);
    }
    return entries;
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

  /** Told after every change of the open document's text (see {@link DocumentChange}). */
  onDocumentChange(listener: (change: DocumentChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private changed(change: DocumentChange): void {
    for (const listener of this.changeListeners) listener(change);
  }

  /**
   * Which text the open document is at (the worker's instance and revision) and its length,
   * without the text (the lint worker reads it over its own port, {@link lintPort}); undefined
   * when no document is open in the running worker.
   */
  async documentTextInfo(
    options: CallOptions = {},
  ): Promise<{ instance: string; revision: number; length: number } | undefined> {
    if (this.documentEpoch !== this.epoch) return undefined;
    try {
      return await this.call('textInfo', [], options);
    } catch (error) {
      if (isAbortError(error)) return undefined;
      if (error instanceof CoreCallError && error.code === 'NO_DOCUMENT') return undefined;
      throw error;
    }
  }

  /** Whether the core runs in a worker (else on this thread: what it is sent is not cloned). */
  get inWorker(): boolean {
    return this.createWorker !== undefined;
  }

  /**
   * Where each operation sits in `text`. UTF-8 bytes (a large text, see app/util/slices.ts
   * `bytesInSlices`) are transferred to the worker, not copied: their buffer is empty here after.
   */
  operationRanges(text: string | Uint8Array): Promise<OperationRange[]> {
    return this.call('operationRanges', [
      typeof text === 'string' || !this.inWorker ? text : transfer(text, [text.buffer]),
    ]);
  }

  /**
   * Where each operation sits in the open document's own text, if it is still the text `ref`
   * names (no text crosses); undefined when it is not (the document changed since, the worker
   * restarted, another document was opened) or the core failed.
   */
  async documentOperationRanges(ref: DocumentTextRef): Promise<OperationRange[] | undefined> {
    if (ref.epoch !== this.epoch || this.documentEpoch !== this.epoch) return undefined;
    try {
      const ranges = await this.call('operationRangesAt', [ref.revision]);
      return ranges === 'stale' ? undefined : ranges;
    } catch {
      return undefined;
    }
  }

  /** The page's end of the main-thread fallback's text line (closed when another is made). */
  private localLintPort: MessagePort | undefined;

  /**
   * A line from the lint worker to the document's worker: a MessageChannel whose one port is
   * given to the document worker here, the other answered for the lint worker. The text then
   * goes from worker to worker. Undefined when no document is open in the running worker.
   */
  async lintPort(): Promise<MessagePort | undefined> {
    if (this.documentEpoch !== this.epoch) return undefined;
    const { port1, port2 } = new MessageChannel();
    if (this.createWorker === undefined) {
      // The core runs on this thread: its text is here already.
      this.localLintPort?.close();
      this.localLintPort = port1;
      expose(
        {
          text: async (ref: { instance: string; revision: number }) => {
            try {
              return await this.call('lintText', [ref]);
            } catch {
              return 'stale';
            }
          },
          form: async (ref: { instance: string; revision: number }) => {
            try {
              return await this.call('lintForm', [ref]);
            } catch {
              return 'stale';
            }
          },
        },
        port1,
      );
      return port2;
    }
    try {
      await this.call('connectLint', [transfer(port1, [port1])]);
    } catch (error) {
      port2.close();
      if (isAbortError(error)) return undefined;
      throw error;
    }
    return port2;
  }
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
    // Its document is gone with it: the next sync opens it again (and replays the log).
    this.documentEpoch = -1;
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
   * Validates while the user types: the queued commands go to the worker's document session
   * ({@link sync}) and the session's problems answer. Only the latest request is delivered: one
   * overtaken by a newer request before it ran is not run, and its answer resolves to undefined.
   */
  async validateLatest(): Promise<ValidationReport | undefined> {
    const seq = ++this.validateSeq;
    try {
      const answer = await this.sync({}, () => seq !== this.validateSeq);
      return seq === this.validateSeq ? answer?.report : undefined;
    } catch (error) {
      if (isAbortError(error)) return undefined;
      throw error;
    }
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
    options: CallOptions & { hold?: boolean; ids?: Record<string, string> } = {},
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
    options: CallOptions & { hold?: boolean; ids?: Record<string, string> },
  ): Promise<ParsedDocument> {
    this.dropCandidate();
    const { signal, onProgress } = options;
    const ids = options.ids ?? {};
    const core = await this.spawnCore();
    try {
      const summary =
        typeof text !== 'string' && this.createWorker !== undefined
          ? await callCore(core, 'openDocumentFile', [text, ids], signal)
          : await callCore(
              core,
              'openDocument',
              [typeof text === 'string' ? text : await text.text(), ids],
              signal,
            );
      // A worker's summary holds the first warnings only; the rest come in chunks.
      const { warningCount, ...opened } = summary;
      const warnings = warningCount === undefined ? summary.warnings : [...summary.warnings];
      while (warnings.length < (warningCount ?? 0)) {
        const chunk = await callCore(core, 'warnings', [warnings.length, WARNING_CHUNK], signal);
        if (chunk.length === 0) break;
        for (const warning of chunk) warnings.push(warning);
      }
      const endpoints: Endpoint[] = [];
      onProgress?.(0, summary.count);
      while (endpoints.length < summary.count) {
        const chunk = await callCore(core, 'views', [endpoints.length, VIEWS_PER_MESSAGE], signal);
        if (chunk.length === 0) break;
        endpoints.push(...chunk);
        onProgress?.(endpoints.length, summary.count);
      }
      const candidate: Candidate = { core, source: text, ids, endpoints };
      if (options.hold === true) {
        this.candidate = candidate;
        // The page went away before the form took it: nothing will.
        signal?.addEventListener('abort', () => {
          if (this.candidate === candidate) this.dropCandidate();
        });
      } else this.adopt(candidate);
      return { ...opened, warnings, endpoints };
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
   * reject with an AbortError), and the client's bookkeeping starts over from the new document.
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
    this.anotherDocument(candidate.source, candidate.ids);
    this.scheduleIdle();
    this.changed({ opened: true });
  }

  /**
   * Another document is the open one (`source`): the commands queued or applied for the one
   * before are not its (an endpoint added there must not be added here, nor one removed there
   * removed here, ids being path and method).
   */
  private anotherDocument(source: DocumentSource, ids: Record<string, string> = {}): void {
    this.source = source;
    this.sourceIds = ids;
    this.openedAt = Date.now();
    this.generation += 1;
    this.queued = [];
    this.log = [];
    this.base = undefined;
    this.baseSeq = 0;
    this.revision = undefined;
    this.fresh = true;
    this.stale = false;
    this.problems = undefined;
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

  /** Starts a new, empty document in the worker (the form's commands follow it). */
  async newDocument(options: CallOptions = {}): Promise<DocumentSummary> {
    const summary = await this.call('newDocument', [], options);
    this.anotherDocument('');
    this.documentEpoch = this.epoch;
    this.changed({ opened: true });
    return summary;
  }

  /**
   * The document's text as the form has it now: the queued commands go first ({@link sync}),
   * and the session renders (a loaded document changes only where a command changed it). A
   * worker that restarted meanwhile re-opens the document first.
   */
  async render(options: CallOptions = {}): Promise<string> {
    const answer = await this.sync({ ...options, text: true });
    return answer?.text ?? '';
  }

  /**
   * Sends the queued commands, in order, in batches of a few whole views, each built on the
   * revision the last answer gave; answers the whole form's validation report and, when asked,
   * the text. One sync at a time; `skip` (asked when it is this one's turn) drops a sync a newer
   * one supersedes. Cancelling (the signal) sends no further batch: the rest stays queued.
   */
  sync(
    options: CallOptions & { text?: boolean | 'ifValid' } = {},
    skip?: () => boolean,
  ): Promise<SyncAnswer | undefined> {
    // The edits queued until now belong to this sync; later ones wait for a later sync.
    const upTo = this.queuedSeq;
    const run = this.rendering.then(() =>
      skip?.() === true ? undefined : this.syncNow(options, upTo),
    );
    this.rendering = run.then(
      () => undefined,
      () => undefined,
    );
    return untilAborted(run, options.signal);
  }

  private async syncNow(
    options: CallOptions & { text?: boolean | 'ifValid' },
    upTo: number,
  ): Promise<SyncAnswer> {
    const { text: withText, signal, onProgress } = options;
    await this.ensureDocument({ signal });
    // Commands made on a document replaced since (a Load the form took) are not this one's.
    this.queued = this.queued.filter((edit) => edit.generation === this.generation);
    const edits = this.queued.filter((edit) => edit.seq <= upTo);
    const touched = new TouchedPaths();
    if (this.fresh) touched.all();
    for (const edit of edits) touched.edit(edit);
    if (this.fresh) {
      this.issues = {};
      this.issuesMoved = true;
    }
    const batches = batchesOf(edits, (edit) => edit.command);
    const known = this.problems;
    if (batches.length === 0) {
      // Nothing to send and no text asked: the last answer's problems stand.
      if (!this.fresh && known !== undefined && (withText === undefined || withText === false)) {
        return { report: this.report(known), revision: this.revision as number };
      }
      batches.push([]);
    }
    const total = edits.filter((edit) => carriesView(edit.command)).length;
    if (total > VIEWS_PER_MESSAGE) onProgress?.(0, total);
    let sentViews = 0;
    let textChanged = false;
    /** Issues were answered: the form's own rules may say otherwise though the text did not change. */
    let issuesChanged = false;
    let last: ApplyWire | undefined;
    for (const [i, batch] of batches.entries()) {
      if (i > 0 && signal?.aborted) throw abortError();
      const applyOptions: ApplyOptions = {};
      if (i === batches.length - 1 && withText !== undefined && withText !== false) {
        applyOptions.text = withText;
      }
      if (this.fresh) applyOptions.problems = 'all';
      // Never cut short by the signal: the worker runs a batch to its end, and the client must
      // know whether it did (else the batch would be lost or applied twice).
      this.sending = batch;
      let answer: ApplyAnswer;
      try {
        answer = await this.applyNow(
          batch.map((edit) => wire(edit.command)),
          applyOptions,
          batch.map((edit) => edit.seq),
        );
      } finally {
        this.sending = [];
      }
      // Answered: these commands are the document's now (a restarted worker replays them).
      const done = new Set(batch);
      this.queued = this.queued.filter((edit) => !done.has(edit));
      this.fresh = false;
      if (answer.textChanged) textChanged = true;
      if (Object.keys(answer.problems.issues).length > 0) issuesChanged = true;
      for (const id of answer.removed) {
        if (!(id in this.issues)) continue;
        delete this.issues[id];
        this.issuesMoved = true;
      }
      // The edited endpoints' issues come with every answer, mostly as they were.
      for (const [id, list] of Object.entries(answer.problems.issues)) {
        const before = Object.hasOwn(this.issues, id) ? this.issues[id] : undefined;
        if (before !== undefined && sameIssues(before, list)) continue;
        this.issues[id] = list;
        this.issuesMoved = true;
      }
      sentViews += batch.filter((edit) => carriesView(edit.command)).length;
      if (total > VIEWS_PER_MESSAGE) onProgress?.(sentViews, total);
      last = answer;
    }
    if (textChanged) {
      this.changed(
        touched.paths === undefined
          ? { opened: false }
          : { opened: false, touchedPaths: [...touched.paths] },
      );
    } else if (issuesChanged) {
      // The lint carries the form's own rules too (lint/form-state.ts): the same text with the
      // form's state as it is now (the lint keeps the text's findings of an unchanged text).
      this.changed({ opened: false, touchedPaths: [] });
    }
    const textRef: DocumentTextRef = { epoch: this.epoch, revision: this.revision as number };
    if (this.stale) await this.refill();
    const answer = last as ApplyWire;
    this.problems = answer.problems;
    const report = this.report(answer.problems);
    const revision = this.revision as number;
    const { text } = await decodedText(answer);
    return text === undefined ? { report, revision } : { report, text, revision, textRef };
  }

  /** The whole form's report: every endpoint's issues as merged, the document's as answered. */
  private report(problems: ApplyAnswer['problems']): ValidationReport {
    const last = this.lastReport;
    if (
      last !== undefined &&
      !this.issuesMoved &&
      last.canGenerate === problems.canGenerate &&
      sameStrings(last.duplicateIds, problems.duplicateIds)
    ) {
      return last;
    }
    // A copy: the merged issues change under later answers, a report handed out never does.
    const report = {
      issues: { ...this.issues },
      duplicateIds: problems.duplicateIds,
      canGenerate: problems.canGenerate,
    };
    this.lastReport = report;
    this.issuesMoved = false;
    return report;
  }

  /**
   * Applies one batch on the revision the last answer gave, and logs it. A CONFLICT (the
   * session changed behind the stream) applies it again on the session's revision (the
   * commands address places, not states) and refills the page's cache; a command the session
   * refuses is dropped, the others applied one by one, and the cache refilled.
   */
  private async applyNow(
    commands: DocumentCommand[],
    options: ApplyOptions,
    seqs: readonly number[] = [],
  ): Promise<ApplyWire> {
    try {
      return this.applied(
        commands,
        await this.call('apply', [commands, this.revision as number, options]),
        seqs,
      );
    } catch (error) {
      if (!(error instanceof CoreCallError)) throw error;
      if (error.code === 'NO_DOCUMENT') {
        // The worker lost it: the next sync opens it again and replays; the batch stays queued.
        this.documentEpoch = -1;
        throw error;
      }
      this.stale = true;
      if (error.code === 'CONFLICT') {
        this.revision = await this.call('revision', []);
        return this.applied(
          commands,
          await this.call('apply', [commands, this.revision, options]),
          seqs,
        );
      }
      if (commands.length <= 1 && (options.text === undefined || commands.length === 0)) {
        console.warn('The document refused a command', commands[0], error);
        return this.applied([], await this.call('apply', [[], this.revision as number, options]));
      }
      let answer: ApplyAnswer | undefined;
      const { text, ...each } = options;
      for (const [i, command] of commands.entries()) {
        try {
          answer = this.applied(
            [command],
            await this.call('apply', [[command], this.revision as number, each]),
            seqs[i] === undefined ? [] : [seqs[i]],
          );
        } catch (failure) {
          if (!(failure instanceof CoreCallError)) throw failure;
          console.warn('The document refused a command', command, failure);
        }
      }
      if (text === undefined && answer !== undefined) return answer;
      return this.applied([], await this.call('apply', [[], this.revision as number, options]));
    }
  }

  /**
   * A batch the session applied: its revision is the next base, its commands are logged (`seqs`:
   * their queue numbers; those of the stored record's drafts are in the record already).
   */
  private applied(
    commands: readonly DocumentCommand[],
    answer: ApplyWire,
    seqs: readonly number[] = [],
  ): ApplyWire {
    this.revision = answer.revision;
    commands.forEach((command, i) => {
      const seq = seqs[i] ?? 0;
      if (seq !== 0 && seq <= this.baseSeq) return;
      this.log.push({ command, seq, revision: answer.revision });
    });
    return answer;
  }

  /** The page's cache takes the worker's document again, then the commands still queued. */
  private async refill(): Promise<void> {
    this.stale = false;
    const handler = this.refillHandler;
    if (handler === undefined) return;
    const state = await this.call('syncState', []);
    const endpoints: Endpoint[] = [];
    while (endpoints.length < state.ids.length) {
      const chunk = await this.call('views', [endpoints.length, VIEWS_PER_MESSAGE]);
      if (chunk.length === 0) break;
      endpoints.push(...chunk);
    }
    const schemas = await this.documentSchemas();
    handler({
      endpoints,
      meta: state.meta,
      schemas,
      pending: this.queued
        .filter((edit) => edit.generation === this.generation)
        .map((edit) => edit.command),
    });
  }

  /** Who refills the page's cache when the worker's document is the truth (the editor object). */
  setRefill(handler: ((refill: Refill) => void) | undefined): void {
    this.refillHandler = handler;
  }

  /**
   * A command the page made and applied to its own cache at once (the same pure function the
   * session runs). It goes to the worker with the next sync, as it is, after those before it.
   */
  queue(edit: QueuedCommand): void {
    this.queuedSeq += 1;
    this.queued.push({ ...edit, seq: this.queuedSeq, generation: this.generation });
  }

  /** The open document's revision after the commands queued so far. */
  async documentRevision(options: CallOptions = {}): Promise<number> {
    const answer = await this.sync(options);
    return answer?.revision ?? (this.revision as number);
  }

  /**
   * Edits the open document by commands that carry their target (see
   * src/shared/document/session.ts), after the commands queued so far: their answer (the new
   * revision, the changed views, removed ids, the problems of what changed, the text when
   * asked). Used for what the page cannot apply itself (a schema renamed in the whole document).
   */
  command(
    commands: DocumentCommand[],
    options: CallOptions & { text?: boolean } = {},
  ): Promise<ApplyAnswer> {
    const { text, ...callOptions } = options;
    const upTo = this.queuedSeq;
    const run = this.rendering.then(async () => {
      await this.syncNow(callOptions, upTo);
      // Refused, it rejects (the caller decides what the page does instead).
      const answer = this.applied(
        commands,
        await this.call('apply', [
          commands,
          this.revision as number,
          text === true ? { text: true } : {},
        ]),
      );
      if (answer.textChanged) this.changed({ opened: false });
      else if (Object.keys(answer.problems.issues).length > 0) {
        this.changed({ opened: false, touchedPaths: [] });
      }
      return decodedText(answer);
    });
    this.rendering = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Opens text, or a Blob of it (read in the worker; here without one). */
  private async open(source: DocumentSource, options: CallOptions) {
    // With the ids it was first opened with: the logged commands address the views by them.
    const ids = this.sourceIds;
    if (typeof source === 'string') return this.call('openDocument', [source, ids], options);
    if (this.createWorker === undefined) {
      return this.call('openDocument', [await source.text(), ids], options);
    }
    return this.call('openDocumentFile', [source, ids], options);
  }

  /**
   * The worker holds the open document: a worker that restarted (a crash, an idle stop) opens
   * the source again and applies the logged commands again, in order, before anything else.
   */
  private ensureDocument(options: CallOptions): Promise<void> {
    // One at a time: two callers must not open (and replay) the document twice.
    this.opening ??= this.ensureNow(options).finally(() => {
      this.opening = undefined;
    });
    return this.opening;
  }

  private opening: Promise<void> | undefined;

  private async ensureNow(options: CallOptions): Promise<void> {
    if (this.documentEpoch === this.epoch) {
      // The worker this document was opened (or replayed) in answers with its revision.
      if (this.revision !== undefined) return;
      if (await this.call('hasDocument', [], options)) {
        this.revision = await this.call('revision', [], options);
        return;
      }
    }
    // The base the read was for: one named meanwhile (a restore's recordBase, its drafts queued
    // after the source) builds on the source this opens.
    const base = this.base;
    const record = await this.storedRecord();
    if (record !== undefined) await this.openRecord(record, options);
    else if (base !== undefined) {
      // The stored record the log builds on is gone: the source is opened, and the page's
      // cache takes the worker's document (the log cannot be applied to it).
      console.warn('The stored record could not be read: the document is opened from its source');
      await this.openSource(options);
      this.log = [];
      this.base = undefined;
      this.stale = true;
    } else await this.openSource(options);
    const log = this.log;
    this.log = [];
    for (const batch of batchesOf(log, (entry) => entry.command)) {
      await this.applyNow(
        batch.map((entry) => entry.command),
        {},
        batch.map((entry) => entry.seq),
      );
    }
    this.changed({ opened: true });
  }

  /** Opens the source (the text the document was opened from, or a new document). */
  private async openSource(options: CallOptions): Promise<void> {
    if (isSource(this.source)) await this.open(this.source, options);
    else {
      await this.call('newDocument', [], options);
      this.source = '';
    }
    this.documentEpoch = this.epoch;
    this.revision = await this.call('revision', [], options);
    this.fresh = true;
  }

  /** The stored record the log builds on, read back from the store (undefined: none). */
  private async storedRecord(): Promise<WorkspaceRecord | undefined> {
    const base = this.base;
    const store = this.recordStore;
    if (base === undefined || store?.get === undefined) return undefined;
    try {
      const record = await store.get(base.name);
      if (record === undefined) return undefined;
      if (record.savedAt !== base.savedAt) {
        // Another writer stored it meanwhile: it is opened, the page's cache takes it.
        console.warn('The stored record is not the one the log builds on');
        this.log = [];
        this.base = { name: base.name, savedAt: record.savedAt };
        this.stale = true;
      }
      return record;
    } catch (failure) {
      console.warn('The stored record could not be read', failure);
      return undefined;
    }
  }

  /**
   * Opens a stored record as it was built: its text with the views' ids of the session it came
   * from, then its drafts as commands (record-commands.ts). Not logged: they are the record's.
   */
  private async openRecord(record: WorkspaceRecord, options: CallOptions): Promise<void> {
    const state = record.viewState;
    const text = record.text;
    const empty = typeof text === 'string' ? text.trim() === '' : text.size === 0;
    if (empty) await this.call('newDocument', [], options);
    else {
      const ids = state.ids ?? {};
      if (typeof text === 'string') await this.call('openDocument', [text, ids], options);
      else if (this.createWorker === undefined) {
        await this.call('openDocument', [await text.text(), ids], options);
      } else await this.call('openDocumentFile', [text, ids], options);
    }
    this.documentEpoch = this.epoch;
    this.revision = await this.call('revision', [], options);
    this.fresh = true;
    const opened = (await this.call('syncState', [], options)).ids;
    const schemas: Record<string, Schema> = {};
    if (state.form?.schemas !== undefined) {
      for (let start = 0; ;) {
        const chunk = await this.call('schemaEntries', [start, 96], options);
        for (const [name, schema] of chunk) {
          Object.defineProperty(schemas, name, { value: schema, enumerable: true });
        }
        if (chunk.length < 96) break;
        start += chunk.length;
      }
    }
    const commands = recordCommands(opened, state, schemas);
    const saved = this.log;
    this.log = [];
    for (const batch of batchesOf(commands, (command) => command)) {
      await this.applyNow(batch.map(wire), {});
    }
    this.log = saved;
  }

  /**
   * The form takes the views of the document opened with `hold` (a Load applied): that document
   * becomes the open one. Call it before anything else asks the worker for the new document.
   */
  releaseHold(): void {
    if (this.candidate !== undefined) this.adopt(this.candidate);
  }

  /**
   * Names the text the form's views belong to ('' for a new document) without opening it: the
   * worker opens it at the next sync.
   */
  setSource(text: DocumentSource): void {
    this.dropCandidate();
    this.anotherDocument(text);
    this.documentEpoch = -1;
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
  /**
   * {@link jsonToYaml} of a whole document, in the job worker: the document's worker stays free
   * for a Load meanwhile, and an abort stops the job's worker, so its YAML (58 MB for Microsoft
   * Graph's 47 MB of JSON) never crosses to the page.
   */
  jsonDocumentToYaml(text: string, options?: CallOptions) {
    return this.job('jsonDocumentToYaml', [text], options);
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
