/**
 * The only module of the app that talks to the generator worker (src/worker). It starts the
 * worker lazily, lets the latest validation win while the user types, terminates the worker when
 * a long call is aborted (the next call starts a fresh one), shuts it down when idle, and falls
 * back to calling src/shared on the main thread where `Worker` does not exist (tests).
 */
import { wrap, releaseProxy, type Remote } from 'comlink';
import type {
  DocumentInfo,
  Endpoint,
  ErrorInfo,
  ImportWarning,
  ParseResult,
  ValidationReport,
} from '../../shared';
import type { GeneratorApi, Result } from '../../worker/index';
import { ChunkCollector, chunkMessages, type ImportMessage } from '../../shared/import-chunks';
import { runInSlices } from '../util/slices';

export type { ImportWarning, Result };
export type ParsedDocument = ParseResult;

/** The worker API (src/worker), as the app uses it; the main-thread fallback implements it too. */
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

/** Forms up to this many endpoints go to Generate in one message. */
const GENERATE_IN_ONE_MESSAGE = 48;

/** Idle time before the worker is terminated. */
const IDLE_SHUTDOWN_MS = 60_000;

export interface CallOptions {
  signal?: AbortSignal;
}

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

/** Whether an error is the rejection of an aborted or superseded call. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

type Backend = { call<M extends Method>(method: M, args: Args<M>): Promise<Result<Value<M>>> };

/** Runs the core on the main thread; loaded only where workers are missing. */
async function createLocalBackend(): Promise<Backend> {
  const core = await import('../../shared');
  const { stringify } = await import('yaml');
  const { EndpointStaging } = await import('../../shared/import-chunks');
  const staging = new EndpointStaging();
  const run = <T>(fn: () => T): Result<T> => {
    try {
      return { ok: true, value: fn() };
    } catch (error) {
      return { ok: false, error: core.toErrorInfo(error) };
    }
  };
  const local: CoreApi = {
    validate: (endpoints) => run(() => core.validateEndpoints(endpoints)),
    generate: (endpoints, info) => run(() => core.generateOpenApi(endpoints, info)),
    parse: (text) => run(() => core.parseOpenApi(text)),
    inferSchema: (json) => run(() => core.inferSchema(json)),
    schemaYaml: (json) =>
      run(() => {
        const schema = core.inferSchema(json);
        return schema === undefined ? '' : stringify(schema, { indent: 2, lineWidth: 0 });
      }),
    isJsonPaste: (text) => run(() => core.isJsonPaste(text)),
    jsonToYaml: (text) => run(() => core.jsonToYaml(text)),
    formatJson: (text) => run(() => core.formatJson(text)),
    newEndpoint: (first) => run(() => core.newEndpoint(first)),
    stage: (message) => run(() => staging.accept(message)),
    generateStaged: (info) => run(() => core.generateOpenApi(staging.take(), info)),
  };
  return {
    call: (method, args) =>
      Promise.resolve(
        (local[method] as (...a: unknown[]) => Result<Value<typeof method>>)(...args),
      ),
  };
}

export interface GeneratorClientOptions {
  /** Creates the worker; undefined means "no Worker here" and selects the main-thread fallback. */
  createWorker?: (() => Worker) | undefined;
  /** Creates the import worker (chunked parse); undefined falls back to `parse`. */
  createImportWorker?: (() => Worker) | undefined;
  idleMs?: number;
}

function defaultCreateImportWorker(): (() => Worker) | undefined {
  if (typeof Worker === 'undefined') return undefined;
  return () =>
    new Worker(new URL('../../worker/import-worker.ts', import.meta.url), {
      type: 'module',
      name: 'specform-import',
    });
}

function defaultCreateWorker(): (() => Worker) | undefined {
  if (typeof Worker === 'undefined') return undefined;
  return () =>
    new Worker(new URL('../../worker/index.ts', import.meta.url), {
      type: 'module',
      name: 'specform-generator',
    });
}

/** Owns the worker's life; see the module comment. */
export class GeneratorClient {
  private worker: Worker | undefined;
  private remote: Remote<GeneratorApi> | undefined;
  private local: Promise<Backend> | undefined;
  private pending = new Set<(error: unknown) => void>();
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private validateSeq = 0;
  private readonly createWorker: (() => Worker) | undefined;
  private readonly createImportWorker: (() => Worker) | undefined;
  private readonly idleMs: number;

  constructor(options: GeneratorClientOptions = {}) {
    this.createWorker = 'createWorker' in options ? options.createWorker : defaultCreateWorker();
    this.createImportWorker =
      'createImportWorker' in options ? options.createImportWorker : defaultCreateImportWorker();
    this.idleMs = options.idleMs ?? IDLE_SHUTDOWN_MS;
  }

  /** Whether a worker is running now (tests and the bench look at it). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  private backend(): Backend | Promise<Backend> {
    if (this.createWorker === undefined) {
      this.local ??= createLocalBackend();
      return this.local;
    }
    if (this.remote === undefined) {
      this.worker = this.createWorker();
      this.remote = wrap<GeneratorApi>(this.worker);
    }
    const remote = this.remote as unknown as Record<
      Method,
      (...args: unknown[]) => Promise<Result<unknown>>
    >;
    return {
      call: (method, args) => remote[method](...args) as Promise<Result<Value<typeof method>>>,
    };
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
      const onAbort = () => {
        if (settled) return;
        rejectOnce(abortError());
        // A long call cannot be interrupted inside the worker: drop the worker instead.
        if (this.worker !== undefined) this.terminate();
      };
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
   * Validates while the user types: only the latest request's answer is delivered; an answer
   * overtaken by a newer request resolves to undefined.
   */
  async validateLatest(endpoints: Endpoint[]): Promise<ValidationReport | undefined> {
    const seq = ++this.validateSeq;
    try {
      const report = await this.call('validate', [endpoints]);
      return seq === this.validateSeq ? report : undefined;
    } catch (error) {
      if (isAbortError(error) && seq !== this.validateSeq) return undefined;
      throw error;
    }
  }

  validate(endpoints: Endpoint[], options?: CallOptions) {
    return this.call('validate', [endpoints], options);
  }
  generate(endpoints: Endpoint[], info?: Partial<DocumentInfo>, options?: CallOptions) {
    return this.call('generate', info === undefined ? [endpoints] : [endpoints, info], options);
  }
  /**
   * {@link generate} for a form of any size: the endpoints go to the worker in chunks
   * (src/shared/import-chunks), one small message per task, instead of one structured clone of
   * the whole form (Stripe: 3.6 M characters, ~70 ms in one task on the main thread).
   */
  async generateChunked(
    endpoints: Endpoint[],
    info?: Partial<DocumentInfo>,
    options: CallOptions = {},
  ): Promise<string> {
    if (endpoints.length <= GENERATE_IN_ONE_MESSAGE) return this.generate(endpoints, info, options);
    const { signal } = options;
    const sent: Promise<unknown>[] = [];
    const call = (message: ImportMessage) => this.call('stage', [message], options);
    const finished = await runInSlices(
      (function* () {
        for (const message of chunkMessages({ endpoints, warnings: [] })) {
          sent.push(call(message));
          yield;
        }
        return true;
      })(),
      () => signal?.aborted === true,
      0,
    );
    if (!finished) {
      void Promise.allSettled(sent);
      throw abortError();
    }
    await Promise.all(sent);
    return this.call('generateStaged', info === undefined ? [] : [info], options);
  }
  parse(text: string, options?: CallOptions) {
    return this.call('parse', [text], options);
  }
  /**
   * Parses a document in the import worker, which answers in chunks (see src/shared/import-chunks); a
   * worker per call, terminated when done or aborted. Without it, the same as {@link parse}.
   */
  parseChunked(text: string, options: CallOptions = {}): Promise<ParsedDocument> {
    const create = this.createImportWorker;
    if (create === undefined) return this.parse(text, options);
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(abortError());
    return new Promise<ParsedDocument>((resolve, reject) => {
      const worker = create();
      const collector = new ChunkCollector();
      const finish = () => {
        worker.terminate();
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        finish();
        reject(abortError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.onmessage = (event: MessageEvent<ImportMessage>) => {
        try {
          const document = collector.accept(event.data);
          if (document) {
            finish();
            resolve(document);
          }
        } catch (error) {
          finish();
          reject(new CoreCallError(error as ErrorInfo));
        }
      };
      worker.onerror = (event: ErrorEvent) => {
        finish();
        reject(new CoreCallError({ code: 'INTERNAL', message: event.message }));
      };
      worker.postMessage({ text });
    });
  }
  schemaYaml(json: string, options?: CallOptions) {
    return this.call('schemaYaml', [json], options);
  }
  isJsonPaste(text: string, options?: CallOptions) {
    return this.call('isJsonPaste', [text], options);
  }
  jsonToYaml(text: string, options?: CallOptions) {
    return this.call('jsonToYaml', [text], options);
  }
  formatJson(text: string, options?: CallOptions) {
    return this.call('formatJson', [text], options);
  }
}

let shared: GeneratorClient | undefined;

/** The app's one generator client. */
export function generatorClient(): GeneratorClient {
  shared ??= new GeneratorClient();
  return shared;
}
