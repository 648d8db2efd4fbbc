/**
 * The only module of the app that talks to the lint worker (src/worker/lint-worker.ts, issue
 * 30.1). It starts the worker lazily, debounces lint requests so that a lint runs after a pause
 * in editing (off the edit path: the document worker applies edits meanwhile), lets the newest
 * revision win, and hands every answer to its listeners (the Problems panel, the output editor's
 * markers, the Generate rule). Without `Worker` it lints on the main thread (tests).
 */
import { transfer, wrap, type Remote } from 'comlink';
import type { Result } from '../../shared/openapi/core-api';
import type { ErrorInfo } from '../../shared/openapi/errors';
import type {
  DocumentLintRequest,
  DocumentTextRef,
  DocumentTextSource,
  LintAnswer,
  OtherLintRequest,
  RulesetInfo,
} from '../../shared/openapi/lint/types';
import type { LintApi } from '../../shared/openapi/lint/lint-api';

/** The lint worker's API (src/worker/lint-worker.ts): its document line is a MessagePort. */
type LintWorkerApi = Omit<LintApi, 'connectDocument'> & {
  connectDocument(port: MessagePort): void;
};

/** Pause after the last edit before a lint starts. */
export const LINT_DEBOUNCE_MS = 300;

/** A stale text is asked for again at most this many times in one lint (the document moves on). */
const STALE_RETRIES = 4;

/** The lint worker's calls the client makes (the main-thread fallback has the same). */
interface Backend {
  setRuleset(yaml: string): Promise<Result<RulesetInfo>>;
  lintDocument(request: DocumentLintRequest): Promise<Result<LintAnswer | 'stale'>>;
  lintOther(request: OtherLintRequest): Promise<Result<LintAnswer>>;
  /** Gives the lint its line to the document worker (the port is transferred). */
  connectDocument(port: MessagePort): Promise<void>;
}

/**
 * What a scheduled lint reads when it starts: the page's lint revision and which text of the
 * document worker to lint (the lint worker reads that text itself); undefined: nothing to lint.
 */
export type LintSource = () => Promise<{ revision: number; document: DocumentTextRef } | undefined>;

/** Makes a line to the document worker: the lint's end of it (undefined: no document open). */
export type DocumentLink = () => Promise<MessagePort | undefined>;

export class LintClient {
  private backend: Promise<Backend> | undefined;
  private worker: Worker | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private touched: Set<string> | undefined = new Set();
  private full = true;
  private readonly listeners = new Set<(answer: LintAnswer) => void>();
  private readonly failureListeners = new Set<(error: ErrorInfo) => void>();
  /** The ruleset the worker holds (set again in a worker started anew after a cancel). */
  private rulesetYaml: string | undefined;
  /** Settles when the lints under way are cancelled; replaced at each cancel. */
  private cancelled = cancelSignal();
  /** The count of other texts linted (lintOther): their own revisions. */
  private otherRevision = 0;
  /** Lints asked of the worker and not answered yet. */
  private inFlight = 0;
  /** The last answer (the newest revision linted). */
  latest: LintAnswer | undefined;
  /** Makes the lint worker's line to the document worker (see {@link linkDocument}). */
  private link: DocumentLink | undefined;
  /** The lint worker (its backend) and document worker instance the line was made between. */
  private linked:
    { backend: Promise<Backend>; instance: string; ready: Promise<boolean> } | undefined;

  constructor(private readonly createWorker: () => Worker | undefined = defaultWorker) {}

  private start(): Promise<Backend> {
    this.backend ??= (async () => {
      const worker = this.createWorker();
      if (worker !== undefined) {
        this.worker = worker;
        const remote = wrap<LintWorkerApi>(worker) as unknown as Remote<LintWorkerApi>;
        // A worker whose script fails (it cannot load, or throws while starting: Spectral's
        // schema compiler under a CSP without 'unsafe-eval') never answers. Its calls fail at
        // once instead of waiting for ever, and no new worker is started for each edit: the
        // lint stays off until the page is opened again.
        const failed = new Promise<never>((_, reject) => {
          worker.addEventListener('error', (event) => {
            event.preventDefault();
            worker.terminate();
            if (this.worker === worker) this.worker = undefined;
            reject(new Error(event.message || 'The lint worker stopped.'));
          });
        });
        failed.catch(() => undefined);
        const guard =
          <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
          (...args: A) =>
            Promise.race([call(...args), failed]);
        const backend: Backend = {
          setRuleset: guard(
            (yaml: string) => remote.setRuleset(yaml) as Promise<Result<RulesetInfo>>,
          ),
          lintDocument: guard(
            (request: DocumentLintRequest) =>
              remote.lintDocument(request) as Promise<Result<LintAnswer | 'stale'>>,
          ),
          lintOther: guard(
            (request: OtherLintRequest) => remote.lintOther(request) as Promise<Result<LintAnswer>>,
          ),
          connectDocument: guard((port: MessagePort) =>
            remote.connectDocument(transfer(port, [port])),
          ),
        };
        // A worker started again after a cancel holds the default ruleset.
        if (this.rulesetYaml !== undefined) await backend.setRuleset(this.rulesetYaml);
        return backend;
      }
      const { createLintApi } = await import('../../shared/openapi/lint/lint-api');
      const api = createLintApi();
      let port: MessagePort | undefined;
      const local: Backend = {
        setRuleset: (yaml) => Promise.resolve(api.setRuleset(yaml)),
        lintDocument: (request) => api.lintDocument(request),
        lintOther: (request) => api.lintOther(request),
        connectDocument: (next) => {
          port?.close();
          port = next;
          // (A remote's `form` is always callable: a line without it rejects, read as no form.)
          api.connectDocument(wrap<DocumentTextSource>(next) as unknown as DocumentTextSource);
          return Promise.resolve();
        },
      };
      if (this.rulesetYaml !== undefined) await local.setRuleset(this.rulesetYaml);
      return local;
    })();
    return this.backend;
  }

  /**
   * How the lint worker gets its own line to the document worker: called again whenever either
   * worker is new (the document worker's instance changed, or the lint worker was restarted).
   */
  linkDocument(link: DocumentLink): void {
    this.link = link;
    this.linked = undefined;
  }

  /** The lint of `request`, on a line to the document worker of its text (made when needed). */
  private async lintDocument(request: DocumentLintRequest): Promise<Result<LintAnswer | 'stale'>> {
    const started = this.start();
    const backend = await started;
    const { instance } = request.document;
    let linked = this.linked;
    if (linked === undefined || linked.backend !== started || linked.instance !== instance) {
      const ready = (async () => {
        const port = await this.link?.();
        if (port === undefined) return false;
        await backend.connectDocument(port);
        return true;
      })();
      linked = { backend: started, instance, ready };
      this.linked = linked;
    }
    let made: boolean;
    try {
      made = await linked.ready;
    } catch (error) {
      // The next lint makes the line again; this one fails as the worker did.
      if (this.linked === linked) this.linked = undefined;
      throw error;
    }
    if (!made) {
      // No document open (or not yet): the page's next read says so.
      if (this.linked === linked) this.linked = undefined;
      return { ok: true, value: 'stale' };
    }
    return backend.lintDocument(request);
  }

  /** Whether a lint is under way (asked of the worker, not answered or cancelled yet). */
  get busy(): boolean {
    return this.inFlight > 0;
  }

  /** Answers of every lint, in revision order. */
  subscribe(listener: (answer: LintAnswer) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Lints that failed (not those a newer revision superseded); the next lint is a full one. */
  onFailure(listener: (error: ErrorInfo) => void): () => void {
    this.failureListeners.add(listener);
    return () => this.failureListeners.delete(listener);
  }

  /** The project's ruleset ('' for the default); the next lint is a full one. */
  async setRuleset(yaml: string): Promise<Result<RulesetInfo>> {
    let answer: Result<RulesetInfo>;
    try {
      answer = await (await this.start()).setRuleset(yaml);
    } catch (error) {
      answer = { ok: false, error: workerFailure(error) };
      for (const listener of this.failureListeners) listener(answer.error);
      return answer;
    }
    if (answer.ok) {
      this.full = true;
      this.rulesetYaml = yaml;
    }
    return answer;
  }

  /**
   * Lints after {@link LINT_DEBOUNCE_MS} without a newer call. `touchedPaths`: the `paths` keys
   * the edit changed (a partial re-lint); absent: something else changed, lint the whole text.
   */
  schedule(source: LintSource, touchedPaths?: readonly string[]): void {
    if (touchedPaths === undefined) this.full = true;
    else for (const path of touchedPaths) this.touched?.add(path);
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run(source);
    }, LINT_DEBOUNCE_MS);
  }

  /** Lints now (Load: the whole text). */
  async lintNow(source: LintSource): Promise<LintAnswer | undefined> {
    this.full = true;
    return this.run(source);
  }

  /**
   * Lints a text that is not the document (the output editor's, not loaded) now, whole; its
   * answer goes to the caller only, not to the document's listeners. Undefined when a newer
   * text superseded it or the lints were cancelled.
   */
  async lintOther(text: string): Promise<Result<LintAnswer> | undefined> {
    const request: OtherLintRequest = { text, revision: ++this.otherRevision };
    const cancelled = this.cancelled;
    let answer: Result<LintAnswer> | 'cancelled';
    this.inFlight += 1;
    try {
      answer = await Promise.race([
        this.start().then((backend) => backend.lintOther(request)),
        cancelled.promise,
      ]);
    } catch (error) {
      answer = { ok: false, error: workerFailure(error) };
    } finally {
      this.inFlight -= 1;
    }
    if (answer === 'cancelled' || cancelled !== this.cancelled) return undefined;
    if (!answer.ok && answer.error.code === 'CONFLICT') return undefined;
    return answer;
  }

  private async run(source: LintSource): Promise<LintAnswer | undefined> {
    for (let attempt = 0; ; attempt += 1) {
      const read = await source();
      if (read === undefined) return undefined;
      const request: DocumentLintRequest = { revision: read.revision, document: read.document };
      if (!this.full && this.touched !== undefined) request.touchedPaths = [...this.touched];
      this.full = false;
      this.touched = new Set();
      const cancelled = this.cancelled;
      let answer: Result<LintAnswer | 'stale'> | 'cancelled';
      this.inFlight += 1;
      try {
        answer = await Promise.race([this.lintDocument(request), cancelled.promise]);
      } catch (error) {
        // The worker itself failed (it could not start, or it died).
        answer = { ok: false, error: workerFailure(error) };
      } finally {
        this.inFlight -= 1;
      }
      if (answer === 'cancelled' || cancelled !== this.cancelled) return undefined;
      if (answer.ok && answer.value === 'stale') {
        // The document worker moved on (or was replaced) since the revision was read: what
        // this lint would have covered is linted with the text as it is now.
        if (request.touchedPaths === undefined) this.full = true;
        else for (const path of request.touchedPaths) this.touched?.add(path);
        if (attempt < STALE_RETRIES) continue;
        return undefined;
      }
      if (!answer.ok) {
        if (answer.error.code !== 'CONFLICT') {
          this.full = true;
          for (const listener of this.failureListeners) listener(answer.error);
        }
        return undefined;
      }
      const value = answer.value as LintAnswer;
      if (this.latest !== undefined && value.revision < this.latest.revision) return undefined;
      this.latest = value;
      for (const listener of this.listeners) listener(value);
      return value;
    }
  }

  /**
   * Stops the lints under way and scheduled: they answer nobody. The worker is stopped (a
   * Spectral run cannot be interrupted otherwise) and started again, with the ruleset, by the
   * next call; its next lint is a whole one.
   */
  cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.cancelled.cancel();
    this.cancelled = cancelSignal();
    this.full = true;
    this.touched = new Set();
    if (this.worker !== undefined) {
      this.worker.terminate();
      this.worker = undefined;
      this.backend = undefined;
    }
  }

  /** Stops the worker. */
  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.worker?.terminate();
    this.worker = undefined;
    this.backend = undefined;
  }
}

function cancelSignal(): { promise: Promise<'cancelled'>; cancel: () => void } {
  let cancel = () => {};
  const promise = new Promise<'cancelled'>((resolve) => {
    cancel = () => resolve('cancelled');
  });
  return { promise, cancel };
}

function workerFailure(error: unknown): ErrorInfo {
  return { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };
}

/** The lint worker, as the client starts it (a caller may watch it for errors). */
export function defaultWorker(): Worker | undefined {
  if (typeof Worker === 'undefined') return undefined;
  return new Worker(new URL('../../worker/lint-worker.ts', import.meta.url), {
    type: 'module',
    name: 'lint',
  });
}
